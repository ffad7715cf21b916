import type { GameExport, GameId } from '@parlor/protocol';
import type { Store } from './store/store.js';

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
