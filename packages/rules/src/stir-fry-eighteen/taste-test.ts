import type { Seat } from '../core/game.js';
import { drawForDiscard, sfIsHonest } from './discard.js';
import type { SfEmit } from './events.js';
import type { SfState } from './state.js';

/** SF-17: the points a tester with an empty hand loses when the discard was honest. */
export const SF_TASTE_TEST_PENALTY = 5;

/**
 * SF-14..SF-18: `tester` calls a taste test on the waiting declaration (first come, first served).
 * The cards are shown to all. Honest: the tester loses their hand (or 5 points) and the declarer
 * draws. A bluff: the declarer draws nothing more this turn and the tester earns a card.
 */
export function tasteTest(s: SfState, tester: Seat, emit: SfEmit | null): void {
  const d = s.declaration!;
  const put = s.putDown[d.putDown]!;
  put.open = true;
  s.declaration = null;
  s.phase = 'act';
  s.revealed = put.cards.slice();
  const honest = sfIsHonest(d, put.cards);
  emit?.({ type: 'taste-test', tester, declarer: d.declarer, kind: d.kind, claim: d.claim, cards: put.cards.slice(), honest });
  if (honest) {
    const hand = s.hands[tester]!;
    if (hand.length > 0) {
      s.putDown.push({ by: tester, why: 'tester-hand', cards: hand.slice(), open: false });
      s.hands[tester] = [];
      emit?.({ type: 'tester-discards-hand', player: tester, count: hand.length });
    } else {
      s.scores[tester]! -= SF_TASTE_TEST_PENALTY;
      emit?.({ type: 'tester-loses-points', player: tester, points: SF_TASTE_TEST_PENALTY, score: s.scores[tester]! });
    }
    // An honest discard still earns nothing if its declarer was caught earlier this turn (SF-18).
    drawForDiscard(s, d.kind, d.claim, emit);
  } else {
    s.turn.caught = true;
    s.bonusDraws[tester]! += 1;
  }
}

/** `player` lets the declaration stand; when the last one does, the declarer draws (SF-14). */
export function trust(s: SfState, player: Seat, emit: SfEmit | null): void {
  const d = s.declaration!;
  d.waiting = d.waiting.filter((q) => q !== player);
  emit?.({ type: 'trust', player });
  if (d.waiting.length > 0) return;
  s.declaration = null;
  s.phase = 'act';
  drawForDiscard(s, d.kind, d.claim, emit);
}
