import { isGameId } from '@parlor/rules';
import { type ActionRow, type GameRow, type Person, type Refusal, type StoredTable, type TableRow, type TableSettings, newTableRow } from '@parlor/table';
import { HUMAN, type OfflineRecord } from './record.js';

/**
 * An offline record as the table core keeps a table (packages/table/src/rows.ts): the table's row,
 * its one game's row and the game's action log, so that the core can start it or fold it again.
 * Pure.
 */

/** The person's player id at every offline table (never a server's player id). */
export const PERSON = 'offline-person';

/** The person, at their own table in this browser: always there. */
export function peopleOf(record: OfflineRecord): Record<string, Person> {
  return { [PERSON]: { name: record.seats[HUMAN]?.name ?? '', account: false, connected: true, since: null } };
}

/**
 * The table's row, not yet started: made by `newTableRow` as a server makes one (the game's seat
 * count, its options parsed again, the window's length checked), with the person at seat 0 and a
 * bot of the record's level in every other seat; private, no move timer.
 */
export function tableRowOf(record: OfflineRecord): { readonly ok: true; readonly row: TableRow } | { readonly ok: false; readonly refusal: Refusal } {
  if (!isGameId(record.game)) return { ok: false, refusal: { code: 'UNKNOWN_GAME', message: `no game "${String(record.game)}"` } };
  const made = newTableRow(
    { game: record.game, seats: record.players, options: record.options, private: true, ...(record.windowSeconds === null ? {} : { responseWindow: record.windowSeconds }) },
    { id: record.id, invite: '', creator: PERSON, account: false, now: Date.parse(record.startedAt) },
  );
  if (!made.ok) return made;
  const seats = made.row.seats.map((s, seat) => (seat === HUMAN ? s : { kind: 'bot' as const, level: record.seats[seat]?.level ?? 'basic' }));
  return { ok: true, row: { ...made.row, seats } };
}

/** The game's row: the record's seed, commitment, seats, options and times, and its end once it has one. */
export function gameRowOf(record: OfflineRecord): GameRow {
  return {
    tableId: record.id, gameNo: 1, seed: record.seed, commitment: record.commitment, options: record.options,
    seats: record.seats.map((s) => (s.kind === 'bot'
      ? { kind: 'bot' as const, name: s.name, ...(s.level === undefined ? {} : { level: s.level }) }
      : { kind: 'player' as const, name: s.name, playerId: PERSON })),
    startedAt: record.startedAt, finishedAt: record.finishedAt, result: record.outcome, stats: record.stats,
  };
}

/**
 * The game's log. A move kept without its time (by an earlier version of Parlor) counts as played
 * at `now`, when the game is opened again: the clocks that run from it (a response window) start afresh.
 */
export function actionRowsOf(record: OfflineRecord, now: number): ActionRow[] {
  const opened = new Date(now).toISOString();
  return record.actions.map((a) => ({ seq: a.seq, seat: a.seat, action: a.action, by: a.by, at: a.at ?? opened }));
}

/** Everything `restoreTable` folds a started record from: the table running its game (or finished with it). */
export function storedTableOf(record: OfflineRecord, row: TableRow, settings: TableSettings, now: number): StoredTable {
  return {
    row: { ...row, status: record.finishedAt === null ? 'running' : 'finished', gameNo: 1 },
    game: gameRowOf(record), actions: actionRowsOf(record, now), people: peopleOf(record), settings,
  };
}
