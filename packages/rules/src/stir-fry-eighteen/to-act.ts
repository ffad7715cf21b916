import type { Seat } from '../core/game.js';
import type { SfState } from './state.js';

/** The seats the game waits for: the player in turn, or every opponent who may still answer a declaration. */
export function sfToAct(s: SfState): Seat[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'taste-test') return s.declaration!.waiting.slice();
  return [s.turn.player];
}
