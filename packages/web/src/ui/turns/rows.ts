import type { TurnSeat, YourTurnTable, YourTurns } from '@parlor/protocol';
import { botName } from '../table/names.js';

/** i18next's t, as these pure helpers need it. */
type T = (key: string, values?: Record<string, unknown>) => string;

/** A seat's name as the list shows it, as its table does: the player's name, a bot by level and seat ("Basic bot 2"), a dash for an empty seat. */
export function turnSeatName(s: TurnSeat, t: T): string {
  if (s.kind === 'player') return s.name;
  if (s.kind === 'bot') return botName(s.level, s.seat, t);
  return '—';
}

/** How many of the tables wait for the player: the header's and the tab title's count. */
export const waitingCount = (answer: YourTurns | null): number => answer?.tables.filter((x) => x.yourMove).length ?? 0;

/**
 * Seconds left until a table's deadline on the server's clock: `answer.now` was the server's time
 * when the answer was made, `fetchedAt` this browser's then, `now` this browser's now (the two clocks
 * need not agree; only the time passed here counts). Null without a deadline; never below 0.
 */
export function secondsLeft(table: Pick<YourTurnTable, 'deadline'>, serverNow: number, fetchedAt: number, now: number): number | null {
  if (table.deadline === null) return null;
  return Math.max(0, Math.floor((table.deadline - serverNow - (now - fetchedAt)) / 1000));
}

/** Seconds since the last move, on the server's clock as above. */
export function secondsSince(at: number, serverNow: number, fetchedAt: number, now: number): number {
  return Math.max(0, Math.floor((serverNow + (now - fetchedAt) - at) / 1000));
}

/**
 * Who the table waits for, in words: "Your move" (or "Your answer" in a response window) when one
 * of the seats asked is yours, else the names of those asked.
 */
export function whoseMove(table: YourTurnTable, t: T): { readonly yours: boolean; readonly text: string } {
  if (table.yourMove) return { yours: true, text: t(table.window ? 'turns.yourAnswer' : 'turns.yourMove') };
  const names = table.toMove.map((seat) => {
    const s = table.seats[seat];
    return s === undefined ? `#${seat + 1}` : turnSeatName(s, t);
  });
  return { yours: false, text: names.length === 0 ? t('turns.nobody') : t('turns.theirMove', { names: names.join(', ') }) };
}

/** The tables that wait for you, and the others, each in the server's order (soonest deadline first). */
export function splitTurns(answer: YourTurns): { readonly yours: YourTurnTable[]; readonly others: YourTurnTable[] } {
  return { yours: answer.tables.filter((x) => x.yourMove), others: answer.tables.filter((x) => !x.yourMove) };
}

/** A title with the count of tables waiting in front ("(2) Parlor"), any count before it replaced; none at 0. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}
