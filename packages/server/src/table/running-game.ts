import type { Bot } from '@parlor/bots';
import type { HistoryMove, Mover } from '@parlor/protocol';
import type { GameEvent, Rng, Seat } from '@parlor/rules';

/** The game a table is playing: the fold of its stored action log, and what runs around it. */
export interface RunningGame {
  readonly no: number;
  readonly seed: string;
  readonly commitment: string;
  state: unknown;
  /** Actions played so far. */
  seq: number;
  /** The last action's events (every audience), for snapshots sent between actions. */
  lastEvents: readonly GameEvent[];
  /** Every event of the game so far (every audience), for the end-of-game statistics and history. */
  readonly allEvents: GameEvent[];
  /** The moves `allEvents` is made of, oldest first (the opening first, seat null). */
  readonly moves: HistoryMove[];
  /** Who made the last move, and for which seat (null before the first). */
  lastBy: Mover | null;
  lastSeat: Seat | null;
  /** Since when the game has waited for the seats it waits for now (ms since the epoch). */
  waitingSince: number;
  /** Per-player statistics, once the game is over. */
  stats: unknown[] | null;
  /** Bots by seat: bot seats, and a stand-in for each seat played for an absent player. */
  readonly bots: Map<Seat, Bot>;
  /** The bots' shared generator (their choices and thinking times), seeded from the game's seed. */
  readonly rng: Rng;
  /** When the seat asked must move by (move timer or response window), ms since the epoch. */
  deadline: number | null;
  /** When the open response window opened (the time of the move that opened it), while one is open. */
  windowOpened: number | null;
  /** When the open response window closes, while one is open. */
  windowEnds: number | null;
}
