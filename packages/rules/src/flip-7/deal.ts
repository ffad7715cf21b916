import type { F7EventSink } from './events.js';
import { BY_DEAL, flipFor } from './flip.js';
import { type F7State } from './state.js';

/**
 * One step of the deal (F7-4): the next player in turn from the dealer's left, ending with the
 * dealer, gets a card face up; a player no longer active is skipped; a player who flipped cards
 * through a Flip Three is asked whether to take it (hit) or stay, unless nothing is in front of them.
 * After the dealer, turns begin with the player to the dealer's left (F7-5).
 */
export function stepDeal(s: F7State, ev: F7EventSink): void {
  if (s.dealLeft === 0) {
    s.phase = 'turns';
    s.cursor = s.dealer; // the first turn goes to the first active player after the dealer
    return;
  }
  s.dealLeft -= 1;
  const seat = (s.cursor + 1) % s.players;
  s.cursor = seat;
  if (s.status[seat] !== 'active') return;
  if (s.flipped[seat] === 1 && s.lines[seat]!.length > 0) {
    s.ask = 'choice';
    s.asker = seat;
    return;
  }
  flipFor(s, seat, BY_DEAL, ev);
}
