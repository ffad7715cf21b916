import type { SfAction, SfView } from '@parlor/rules';
import { type Counts, countsOf, sub } from './cards.js';
import { potential } from './dishes.js';

/**
 * SF-24: a turn ends with at most 3 cards. Keep the 3 with the highest `potential` — the expected
 * best dish after `m` more draws — so Noodles and combo cards (Shrimp + Ginger waiting for Soy,
 * Pork waiting for Mushroom, Chicken + Green Onion …) stay and duplicates go.
 * `bonus` lets a bot add its own value for a kept hand (the expert values proteins it can bluff behind).
 */
export function chooseDiscardDown(
  view: SfView, legal: readonly SfAction[], m: number, bonus: (keep: Counts) => number = () => 0,
): SfAction {
  const hand = countsOf(view.hand ?? []);
  let best = legal[0]!, bestValue = -Infinity;
  for (const a of legal) {
    if (a.type !== 'discard-down') continue;
    const keep = sub(hand, countsOf(a.cards));
    const v = potential(keep, m, view.options.tofu) + bonus(keep);
    if (v > bestValue) { bestValue = v; best = a; }
  }
  return best;
}
