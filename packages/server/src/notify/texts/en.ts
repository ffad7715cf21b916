import type { NotifyTexts } from './types.js';

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;

export const en: NotifyTexts = {
  yourMove: (game, due) => (due === null ? `Your move at ${game}` : `Your move at ${game}, due at ${due}`),
  challenge: (game, from) => `${from} challenged you at ${game}`,
  gameEnded: (game, place) => `The game of ${game} ended — you came ${ordinal(place)}`,
  invitation: (game, from) => `${from} invited you to a table of ${game}`,
  openTable: 'Open the table:',
  stopKind: 'No more mails like this one:',
  stopAll: 'No more mail from Parlor at all:',
  digestSubject: (n) => `Parlor: ${n} ${n === 1 ? 'notice' : 'notices'} today`,
  digestIntro: 'What happened at your tables today:',
  confirmSubject: 'Parlor: confirm your address',
  confirmBody: 'Follow this link to confirm that this address is yours. If you did not give it to Parlor, ignore this mail.',
  resetSubject: 'Parlor: choose a new password',
  resetBody: 'Follow this link within an hour to choose a new password; it works once, and every device signed in to your account is signed out. If you did not ask for it, ignore this mail.',
  confirmed: 'Your address is confirmed. You can close this page.',
  unsubscribed: 'Done: those mails will not be sent any more. You can change this on your account page.',
  badLink: 'This link is not valid: it was used already, it has expired, or it was copied wrongly.',
};
