import type { Seat } from '../core/game.js';
import type { F7Event } from './events.js';

/** One player's end-of-game statistics (issue 6, item 5), computed from the game's events alone. */
export interface F7PlayerStats {
  readonly seat: Seat;
  /** Rounds that ended with this player scoring more than 0 without busting (F7-13). */
  readonly roundsBanked: number;
  /** Times this player busted (F7-6). */
  readonly busts: number;
  /** Rounds this player ended with a Flip 7 (F7-7). */
  readonly flip7s: number;
  /** This player's highest score in one round (0 when none scored). */
  readonly bestRound: number;
}

/**
 * Per-player statistics over every event of one game, in order (pure). A round counts when its
 * `round-end` event is among the events: banked = scored more than 0 and did not bust in that round;
 * a Flip 7 is counted from `round-end`'s `flip7` seat; best round = the highest round total. Busts are
 * counted from `bust` events. Seats outside 0 … players−1 are ignored.
 */
export function f7Stats(events: readonly F7Event[], players: number): F7PlayerStats[] {
  const banked = new Array<number>(players).fill(0);
  const busts = new Array<number>(players).fill(0);
  const flip7s = new Array<number>(players).fill(0);
  const best = new Array<number>(players).fill(0);
  let bustedThisRound = new Set<Seat>();
  const inRange = (seat: Seat) => Number.isInteger(seat) && seat >= 0 && seat < players;
  for (const e of events) {
    switch (e.type) {
      case 'round-start':
        bustedThisRound = new Set();
        break;
      case 'bust':
        if (inRange(e.seat)) {
          busts[e.seat]! += 1;
          bustedThisRound.add(e.seat);
        }
        break;
      case 'round-end':
        e.breakdown.forEach((b, seat) => {
          if (!inRange(seat)) return;
          if (b.total > 0 && !bustedThisRound.has(seat)) banked[seat]! += 1;
          if (b.total > best[seat]!) best[seat] = b.total;
        });
        if (e.flip7 !== null && inRange(e.flip7)) flip7s[e.flip7]! += 1;
        bustedThisRound = new Set();
        break;
      default:
        break;
    }
  }
  return Array.from({ length: players }, (_, seat) => ({
    seat, roundsBanked: banked[seat]!, busts: busts[seat]!, flip7s: flip7s[seat]!, bestRound: best[seat]!,
  }));
}
