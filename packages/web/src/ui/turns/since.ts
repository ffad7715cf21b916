import type { LogEntry } from '../../state/store.js';

/** Where a game log's "since your last move" begins, and how many moves were made since. */
export interface SinceYourMove {
  /** The index in the log of the first entry after the player's own last move. */
  readonly from: number;
  /** Moves made since (each move is one `seq`, whoever made it). */
  readonly moves: number;
}

/**
 * What happened since the player's own last move (`yourSeats`: the seats they hold), from the log the
 * table page already has (a watch's history with its moves' seats, then each move as it comes): a
 * move counts as theirs when its seat is theirs and they made it (not a stand-in for them). Null
 * when they have not moved yet in this game, or nothing came after their move.
 */
export function sinceYourMove(log: readonly LogEntry[], yourSeats: readonly number[]): SinceYourMove | null {
  if (yourSeats.length === 0) return null;
  let last = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.by === 'player' && e.seat !== null && yourSeats.includes(e.seat)) { last = i; break; }
  }
  if (last < 0) return null;
  const seq = log[last]!.seq;
  let from = last + 1;
  while (from < log.length && log[from]!.seq === seq) from++;
  if (from >= log.length) return null;
  return { from, moves: new Set(log.slice(from).map((e) => e.seq)).size };
}
