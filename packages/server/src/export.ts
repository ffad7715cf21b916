import type { GameExport, GameId } from '@parlor/protocol';
import type { Store, TableRow } from './store/store.js';

export type { GameExport };

/** The export of game `gameNo` of a table; null when there is none or it is not finished (its seed is secret). */
export async function exportGame(store: Store, game: GameId, tableId: string, gameNo: number): Promise<GameExport | null> {
  const g = await store.game(tableId, gameNo);
  if (g === null || g.finishedAt === null) return null;
  const actions = await store.actions(tableId, gameNo);
  return {
    format: 'parlor-game', version: 1, game, table: tableId, gameNo, players: g.seats.length, options: g.options,
    seats: g.seats, seed: g.seed, commitment: g.commitment,
    actions: actions.map((a) => ({ seq: a.seq, seat: a.seat, action: a.action, ...(a.by ? { by: a.by } : {}) })),
    outcome: g.result as GameExport['outcome'], stats: (g.stats ?? null) as GameExport['stats'], startedAt: g.startedAt, finishedAt: g.finishedAt,
  };
}

/**
 * The export of a finished game of a table (closed or not), for `GET /tables/:id/export`: the
 * latest finished one by default. `row` is the table as hosted here, if it is; else the store's.
 */
export async function exportOf(store: Store, hosted: TableRow | null, tableId: string, invite: string | undefined, gameNo: number | undefined):
  Promise<{ exported: GameExport } | { error: 'UNKNOWN_TABLE' } | { error: 'NO_GAME'; message: string }> {
  const row = hosted ?? await store.table(tableId);
  if (row === null || (row.private && invite !== row.invite)) return { error: 'UNKNOWN_TABLE' as const };
  const latestFinished = row.status === 'running' ? row.gameNo - 1 : row.gameNo;
  const n = gameNo ?? latestFinished;
  if (n < 1) return { error: 'NO_GAME' as const, message: 'No game at this table has finished yet.' };
  if (n > row.gameNo) return { error: 'NO_GAME' as const, message: `This table has played ${row.gameNo} game${row.gameNo === 1 ? '' : 's'}; there is no game ${n}.` };
  const exported = await exportGame(store, row.game, row.id, n);
  if (exported === null) return { error: 'NO_GAME' as const, message: `Game ${n} of this table is not finished (its seed stays secret until it is).` };
  return { exported };
}
