import type { NotifyTexts } from './types.js';

export const de: NotifyTexts = {
  yourMove: (game, due) => (due === null ? `Du bist am Zug bei ${game}` : `Du bist am Zug bei ${game}, bis ${due}`),
  challenge: (game, from) => `${from} fordert dich bei ${game} heraus`,
  gameEnded: (game, place) => `Die Partie ${game} ist zu Ende — du bist ${place}. geworden`,
  invitation: (game, from) => `${from} lädt dich an einen Tisch ${game} ein`,
  openTable: 'Zum Tisch:',
  stopKind: 'Keine solchen Mails mehr:',
  stopAll: 'Überhaupt keine Mails mehr von Parlor:',
  digestSubject: (n) => `Parlor: ${n} ${n === 1 ? 'Nachricht' : 'Nachrichten'} heute`,
  digestIntro: 'Was heute an deinen Tischen geschah:',
  confirmSubject: 'Parlor: bestätige deine Adresse',
  confirmBody: 'Folge diesem Link, um zu bestätigen, dass diese Adresse dir gehört. Wenn du sie Parlor nicht gegeben hast, beachte diese Mail nicht.',
  resetSubject: 'Parlor: wähle ein neues Passwort',
  resetBody: 'Folge diesem Link innerhalb einer Stunde, um ein neues Passwort zu wählen; er gilt einmal, und jedes angemeldete Gerät wird abgemeldet. Wenn du das nicht angefordert hast, beachte diese Mail nicht.',
  confirmed: 'Deine Adresse ist bestätigt. Du kannst diese Seite schließen.',
  unsubscribed: 'Erledigt: Diese Mails werden nicht mehr gesendet. Auf deiner Kontoseite kannst du das ändern.',
  badLink: 'Dieser Link gilt nicht: Er wurde schon benutzt, ist abgelaufen oder wurde falsch kopiert.',
};
