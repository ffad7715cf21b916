import type { GameId } from '@parlor/protocol';
import type { GameRow, Store } from './store/store.js';

/** A finished game, everything needed to replay and check it (`parlor verify`). */
export interface GameExport {
  readonly format: 'parlor-game';
  readonly version: 1;
  readonly game: GameId;
  readonly table: string;
  readonly gameNo: number;
  readonly players: number;
  readonly options: Record<string, unknown>;
  readonly seats: GameRow['seats'];
  readonly seed: string;
  readonly commitment: string;
  readonly actions: { seq: number; seat: number; action: unknown }[];
  readonly outcome: unknown;
  /** Per-player statistics (rules package), as stored with the result. */
  readonly stats: unknown[] | null;
  readonly startedAt: string;
  readonly finishedAt: string;
}

/** The export of game `gameNo` of a table; null when there is none or it is not finished (its seed is secret). */
export async function exportGame(store: Store, game: GameId, tableId: string, gameNo: number): Promise<GameExport | null> {
  const g = await store.game(tableId, gameNo);
  if (g === null || g.finishedAt === null) return null;
  const actions = await store.actions(tableId, gameNo);
  return {
    format: 'parlor-game', version: 1, game, table: tableId, gameNo, players: g.seats.length, options: g.options,
    seats: g.seats, seed: g.seed, commitment: g.commitment,
    actions: actions.map((a) => ({ seq: a.seq, seat: a.seat, action: a.action })),
    outcome: g.result, stats: g.stats ?? null, startedAt: g.startedAt, finishedAt: g.finishedAt,
  };
}
