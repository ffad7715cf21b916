import type { Seat } from '../core/game.js';
import { F7_SECOND_CHANCE, f7CardName } from './cards.js';
import type { F7EventSink } from './events.js';
import { type F7State } from './state.js';

/** F7-8, F7-11: a Second Chance may go only to an active player who holds none. */
export function mayTakeSecondChance(s: F7State, seat: Seat): boolean {
  return s.status[seat] === 'active' && s.sc[seat] === 0;
}

/** F7-11: the receiver keeps the Second Chance in their line (F7-11a) until used or the round ends. */
export function keepSecondChance(s: F7State, seat: Seat, ev: F7EventSink): void {
  s.lines[seat]!.push(F7_SECOND_CHANCE);
  s.sc[seat] = 1;
  if (ev) ev.push({ type: 'second-chance-kept', seat });
}

/**
 * F7-11: a holder flipped duplicate number `dup`: the duplicate and the Second Chance are both
 * discarded and the player stays active (during a Flip Three the flips go on).
 */
export function useSecondChance(s: F7State, seat: Seat, dup: number, ev: F7EventSink): void {
  const line = s.lines[seat]!;
  const at = line.lastIndexOf(F7_SECOND_CHANCE);
  line.splice(at, 1);
  s.sc[seat] = 0;
  s.discard.push(dup, F7_SECOND_CHANCE);
  if (ev) ev.push({ type: 'second-chance-used', seat, card: f7CardName(dup) });
}
