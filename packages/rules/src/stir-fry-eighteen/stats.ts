import type { Seat } from '../core/game.js';
import { sfIsHonest } from './discard.js';
import type { SfEvent } from './events.js';

/** One player's end-of-game statistics (issue 6, item 5). */
export interface SfPlayerStats {
  readonly seat: Seat;
  /** Dishes cooked (SF-21). */
  readonly dishesCooked: number;
  /** The points of the best dish cooked, or null when none was. */
  readonly bestDish: number | null;
  /** Declarations whose cards were not honest (SF-12), tested or not. */
  readonly bluffsMade: number;
  /** Of those, the ones a taste test revealed (SF-18). */
  readonly bluffsCaught: number;
  /** Taste tests called by this player that caught a bluff. */
  readonly tasteTestsWon: number;
  /** Taste tests called by this player on an honest discard (SF-17). */
  readonly tasteTestsLost: number;
  /** Cards drawn during the game (start of turn, discards, cooking); the deal is not counted. */
  readonly cardsDrawn: number;
}

/**
 * The statistics of a whole game, per seat, from ALL its events (every audience, as the server
 * keeps them): the declarer's private `put-down` right after a `declare` tells whether the
 * declaration was a bluff. Pure; events it does not know are ignored.
 */
export function sfStats(events: readonly SfEvent[], players: number): SfPlayerStats[] {
  const acc = Array.from({ length: players }, (_, seat) => ({
    seat, dishesCooked: 0, bestDish: null as number | null, bluffsMade: 0, bluffsCaught: 0,
    tasteTestsWon: 0, tasteTestsLost: 0, cardsDrawn: 0,
  }));
  const at = (seat: Seat) => (seat >= 0 && seat < players ? acc[seat]! : null);
  // The declaration whose cards the next put-down of its declarer shows.
  let pending: Extract<SfEvent, { type: 'declare' }> | null = null;
  for (const e of events) {
    switch (e.type) {
      case 'declare':
        pending = e;
        break;
      case 'put-down': {
        if (pending !== null && pending.player === e.player) {
          const p = at(e.player);
          if (p && !sfIsHonest(pending, e.cards)) p.bluffsMade++;
        }
        pending = null;
        break;
      }
      case 'taste-test': {
        const tester = at(e.tester);
        const declarer = at(e.declarer);
        if (e.honest) { if (tester) tester.tasteTestsLost++; }
        else {
          if (tester) tester.tasteTestsWon++;
          if (declarer) declarer.bluffsCaught++;
        }
        break;
      }
      case 'cook': {
        const p = at(e.player);
        if (p) {
          p.dishesCooked++;
          p.bestDish = p.bestDish === null ? e.points : Math.max(p.bestDish, e.points);
        }
        break;
      }
      case 'draw': {
        const p = at(e.player);
        if (p) p.cardsDrawn += e.count;
        break;
      }
      default:
        break;
    }
  }
  return acc;
}
