import type { Seat } from '../core/game.js';
import { F7_FREEZE } from './cards.js';
import type { F7EventSink } from './events.js';
import { type F7State } from './state.js';

/**
 * F7-9: the receiver banks their cards and is out of the round; a Second Chance does not stop it.
 * F7-11a: the Freeze stays in their line until the round ends.
 */
export function freeze(s: F7State, seat: Seat, ev: F7EventSink): void {
  s.lines[seat]!.push(F7_FREEZE);
  s.status[seat] = 'frozen';
  if (ev) ev.push({ type: 'freeze', seat });
}
