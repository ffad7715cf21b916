import { type GameId, GAMES } from '@parlor/rules';
import type { NoticeKind } from '@parlor/protocol';
import { tablePath } from './links.js';
import type { Mail } from './mailer.js';
import type { NotifyTexts } from './texts/index.js';

/** What a notice says: the fields of notifier.ts's Notice that its words use. */
export interface NoticeWords {
  readonly kind: NoticeKind;
  readonly tableId: string;
  readonly game: GameId;
  readonly place?: number;
  readonly from?: string;
  readonly dueAt?: number;
  readonly invite?: string;
}

/** A time as a line of a notice: the date and time in UTC, written the language's way. */
export function dueText(language: string, at: number): string {
  return `${new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

/** The one line that says what happened. */
export function noticeLine(t: NotifyTexts, language: string, n: NoticeWords): string {
  const game = GAMES[n.game]?.name ?? n.game;
  switch (n.kind) {
    case 'your-move': return t.yourMove(game, n.dueAt === undefined ? null : dueText(language, n.dueAt));
    case 'challenge': return t.challenge(game, n.from ?? '?');
    case 'game-ended': return t.gameEnded(game, n.place ?? 1);
    case 'invitation': return t.invitation(game, n.from ?? '?');
  }
}

/** The payload a device's service worker shows (packages/web's push worker): a title, a line, and the table to open. */
export function pushPayload(t: NotifyTexts, language: string, n: NoticeWords): string {
  return JSON.stringify({ title: 'Parlor', body: noticeLine(t, language, n), url: tablePath(n.tableId, n.invite), tag: `parlor:${n.tableId}`, kind: n.kind });
}

/** The footer of every notice mail: stop this kind, stop all. */
const footer = (t: NotifyTexts, stopKind: string | null, stopAll: string) =>
  ['', '-- ', ...(stopKind === null ? [] : [t.stopKind, stopKind]), t.stopAll, stopAll].join('\n');

/** One notice as a mail. */
export function noticeMail(t: NotifyTexts, language: string, n: NoticeWords, to: string, links: { table: string; stopKind: string; stopAll: string }): Mail {
  const line = noticeLine(t, language, n);
  return { to, subject: `Parlor: ${line}`, text: `${line}\n\n${t.openTable}\n${links.table}\n${footer(t, links.stopKind, links.stopAll)}\n`, unsubscribe: links.stopKind };
}

/** A day's notices as one mail. */
export function digestMail(t: NotifyTexts, language: string, items: readonly { n: NoticeWords; table: string }[], to: string, stopAll: string): Mail {
  const lines = items.flatMap(({ n, table }) => [`- ${noticeLine(t, language, n)}`, `  ${table}`]);
  return { to, subject: t.digestSubject(items.length), text: `${t.digestIntro}\n\n${lines.join('\n')}\n${footer(t, null, stopAll)}\n`, unsubscribe: stopAll };
}
