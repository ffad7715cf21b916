import { SF_PAIR_DRAWS, SF_PROTEIN_DRAWS, type SfAction, type SfView } from '@parlor/rules';
import { countsOf, size, zeros } from './cards.js';
import type { SfBelief } from './belief.js';
import { bestKeep, potential } from './dishes.js';
import { declarationKnownFalse } from './knowledge.js';

/** What one drawn card is worth, in points of future dishes (roughly). */
export const CARD_VALUE = 1.5;

/**
 * The expert's answer to a declaration (SF-14..SF-18). Test when
 *   P(lie) · gain > (1 − P(lie)) · cost,
 * gain = the bonus card it earns (SF-18) + the draws it denies the declarer (weighted more heads-up
 * and when the declarer is close to the target); cost = what its hand is worth (its potential over
 * an empty hand, plus a little per card), or the 5 points it would lose with an empty hand (SF-17).
 * P(lie) comes from the belief (the declarer's hand tracker and honesty); a claim it knows is
 * false (it holds or sees every copy) is always tested.
 */
export function expertTasteTest(view: SfView, belief: SfBelief, legal: readonly SfAction[], m: number): SfAction {
  const test = legal.find((a) => a.type === 'taste-test')!;
  const trust = legal.find((a) => a.type === 'trust')!;
  const d = view.declaration;
  if (d === null) return trust;
  if (declarationKnownFalse(view)) return test;
  const p = belief.pending;
  if (p === null || p.declarer !== d.declarer || p.pLie === null) return trust;
  const pLie = p.pLie;
  const hand = countsOf(view.hand ?? []);
  const tofu = view.options.tofu;
  const cost = size(hand) === 0
    ? 5
    : Math.max(0.5, bestKeep(hand, m, tofu).value - potential(zeros(), m, tofu)) + 0.5 * size(hand);
  // SF-31 no-turn-draw: a tester left without cards can never draw again (expert.ts DEAD_END).
  const deadEnd = view.options.emptyPantry === 'no-turn-draw' && size(hand) > 0 ? 25 : 0;
  const draws = Math.min(view.drawPileSize, d.kind === 'pair' ? SF_PAIR_DRAWS : SF_PROTEIN_DRAWS[d.claim!]);
  const threat = 1 + Math.max(0, view.scores[d.declarer]! / view.options.target);
  const denial = draws * CARD_VALUE * (view.players === 2 ? 1 : 0.5) * threat;
  const gain = CARD_VALUE + denial;
  return pLie * gain > (1 - pLie) * (cost + deadEnd) ? test : trust;
}
