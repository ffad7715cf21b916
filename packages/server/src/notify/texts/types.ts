/**
 * The words of notifications and mails in one language. `game` is the game's name, `from` a
 * player's display name, `due` a time already written out; a mail's own lines are plain text.
 */
export interface NotifyTexts {
  yourMove(game: string, due: string | null): string;
  /** A player challenged this one in a game (a game's own challenge, such as a test of a claim). */
  challenge(game: string, from: string): string;
  gameEnded(game: string, place: number): string;
  invitation(game: string, from: string): string;
  /** The line under a notice: follow the link to the table. */
  openTable: string;
  /** The footer's links: stop this kind of mail, stop every mail. */
  stopKind: string;
  stopAll: string;
  digestSubject(count: number): string;
  digestIntro: string;
  confirmSubject: string;
  /** Follow the link to confirm the address; ignore the mail if you did not ask. */
  confirmBody: string;
  resetSubject: string;
  /** Follow the link (single use, one hour) to choose a new password; every sign-in ends; ignore it if you did not ask. */
  resetBody: string;
  /** The pages a mail's link opens. */
  confirmed: string;
  unsubscribed: string;
  badLink: string;
}
