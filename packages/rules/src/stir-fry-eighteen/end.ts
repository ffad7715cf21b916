import type { Seat } from '../core/game.js';
import type { SfEmit } from './events.js';
import type { SfEndReason, SfState } from './state.js';

/** The game is over (SF-27, SF-28, SF-32); everything may now be shown (SF-33). */
export function endGame(s: SfState, winners: Seat[], reason: SfEndReason, emit: SfEmit | null): void {
  s.phase = 'over';
  s.declaration = null;
  s.result = { winners, reason };
  emit?.({
    type: 'game-over', reason, winners: winners.slice(), scores: s.scores.slice(),
    hands: s.hands.map((h) => h.slice()), removed: s.removed,
  });
}
