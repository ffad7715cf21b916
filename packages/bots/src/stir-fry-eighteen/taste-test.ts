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
  const o = sfTasteOdds(view, belief, m);
  if (o === null) return trust;
  if (o.known) return test;
  return o.pLie * o.gain > (1 - o.pLie) * o.cost ? test : trust;
}

/**
 * The terms of the expert's taste-test rule for the declaration waiting now (null when there is
 * none or its odds are not known): P(lie), what a test that catches a lie gains and what one that
 * finds the discard honest costs, in points of future dishes; `known` when the claim is known false.
 * The expected value of testing against trusting is pLie · gain − (1 − pLie) · cost.
 */
export function sfTasteOdds(view: SfView, belief: SfBelief, m: number): { pLie: number; gain: number; cost: number; known: boolean } | null {
  const d = view.declaration;
  if (d === null) return null;
  const hand = countsOf(view.hand ?? []);
  const tofu = view.options.tofu;
  const cost0 = size(hand) === 0
    ? 5
    : Math.max(0.5, bestKeep(hand, m, tofu).value - potential(zeros(), m, tofu)) + 0.5 * size(hand);
  // SF-31 no-turn-draw: a tester left without cards can never draw again (expert.ts DEAD_END).
  const deadEnd = view.options.emptyPantry === 'no-turn-draw' && size(hand) > 0 ? 25 : 0;
  const draws = Math.min(view.drawPileSize, d.kind === 'pair' ? SF_PAIR_DRAWS : SF_PROTEIN_DRAWS[d.claim!]);
  const threat = 1 + Math.max(0, view.scores[d.declarer]! / view.options.target);
  const denial = draws * CARD_VALUE * (view.players === 2 ? 1 : 0.5) * threat;
  const gain = CARD_VALUE + denial;
  const cost = cost0 + deadEnd;
  if (declarationKnownFalse(view)) return { pLie: 1, gain, cost, known: true };
  const p = belief.pending;
  if (p === null || p.declarer !== d.declarer || p.pLie === null) return null;
  return { pLie: p.pLie, gain, cost, known: false };
}
