import type { LogEntry } from '../../state/store.js';
import type { FoldedReplay } from './fold.js';

/** What a game's replay view gets: the folded game, the position shown and the seats' names. */
export interface ReplayProps {
  readonly replay: FoldedReplay;
  /** The position shown: 0 (the deal) … the number of actions. */
  readonly at: number;
  /** Display names by seat, told apart (two bots of one level get their seat number). */
  readonly names: readonly string[];
}

/**
 * The replay's log as the table's log entries (state/store.ts): each event with the position it
 * came from as `seq`, who moved and for which seat — so the games' log helpers (stand-in marks)
 * read it as they read a live table's.
 */
export function replayLogEntries(replay: FoldedReplay): LogEntry[] {
  return replay.positions.flatMap((p) => p.events.map((event) => ({ seq: p.n, event, by: p.by, seat: p.seat })));
}
