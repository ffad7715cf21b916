import type { Seat } from '../core/game.js';
import { F7_MAX_PLAYERS } from './options.js';
import { mayReceive } from './give.js';
import { type F7State } from './state.js';

/** A player's decision (untrusted when it comes from outside; `apply` validates it). */
export type F7Action =
  | { readonly type: 'hit' }
  | { readonly type: 'stay' }
  | { readonly type: 'give'; readonly to: Seat };

/** Shared, frozen action objects (no allocation in search loops). */
export const F7_HIT: F7Action = Object.freeze({ type: 'hit' });
export const F7_STAY: F7Action = Object.freeze({ type: 'stay' });
export const F7_GIVE_TO: readonly F7Action[] = Object.freeze(
  Array.from({ length: F7_MAX_PLAYERS }, (_, to) => Object.freeze({ type: 'give', to }) as F7Action));

/** The seats the game waits for (one at most in Flip 7); empty when over. */
export function f7ToAct(s: F7State): Seat[] {
  return s.phase !== 'over' && s.ask !== 'none' ? [s.asker] : [];
}

/** How many actions the asked player may take now (0 when the game is over). */
export function f7LegalActionCount(s: F7State): number {
  if (s.phase === 'over') return 0;
  if (s.ask === 'choice') return 2;
  if (s.ask !== 'give') return 0;
  let k = 0;
  for (let i = 0; i < s.players; i++) if (mayReceive(s, s.card, i)) k++;
  return k;
}

/** The `i`-th legal action of the asked player (0 ≤ i < f7LegalActionCount), same order as f7LegalActions. */
export function f7LegalActionAt(s: F7State, i: number): F7Action {
  if (s.ask === 'choice') return i === 0 ? F7_HIT : F7_STAY;
  for (let seat = 0; seat < s.players; seat++) {
    if (mayReceive(s, s.card, seat) && i-- === 0) return F7_GIVE_TO[seat]!;
  }
  throw new RangeError('no such legal action');
}

/**
 * Every action `seat` may take now: hit/stay when asked to choose (F7-4, F7-5; never asked with
 * nothing in front, so stay is always there), one give per allowed receiver (F7-8, F7-10, F7-11).
 */
export function f7LegalActions(s: F7State, seat: Seat): F7Action[] {
  if (s.phase === 'over' || s.ask === 'none' || seat !== s.asker) return [];
  const n = f7LegalActionCount(s);
  const out: F7Action[] = [];
  for (let i = 0; i < n; i++) out.push(f7LegalActionAt(s, i));
  return out;
}
