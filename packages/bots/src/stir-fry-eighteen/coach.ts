/**
 * The Stir Fry Eighteen coach: every taste test or trust (SF-14..SF-18), every claim (SF-9..SF-12)
 * and every dish cooked (SF-20, SF-21), judged from what the seat knew (SF-33) — the expert bot's
 * exact belief over the unseen cards (SfBelief, rebuilt here from the seat's own view and events,
 * exactly as the expert at that seat would have kept it).
 *
 * Measures (points of future dishes, the expert's scale: one drawn card ≈ CARD_VALUE = 1.5 points):
 *  - taste test or trust: P(the discard was honest) = 1 − P(lie) from the belief; testing is worth
 *    P(lie) · gain − P(honest) · cost against trusting (taste-test.ts: the bonus card and the draws
 *    denied, SF-18, against the tester's hand thrown away or 5 points, SF-17);
 *  - a claim: the chance it is taste-tested (bluff.ts; an honest claim: the testers' blind rates);
 *    a bluff is worth (1 − P(tested)) · the draws it earns − P(tested) · (the card given to the tester
 *    and the later draws lost, SF-18) against not bluffing;
 *  - a dish: its points (under Meticulous Chef, SF-29, the score it leaves) against the best dish the
 *    hand held then; reaching the target (SF-27) counts as the best there is.
 */
import { SF_PAIR_DRAWS, SF_PROTEIN_DRAWS, type SfAction, type SfEvent, type SfView, sfCardIndex, sfDishPoints, sfIsHonest } from '@parlor/rules';
import type { SeatMoment } from '../coach/fold.js';
import type { CoachDecision, CoachOption } from '../coach/types.js';
import { SfBelief } from './belief.js';
import { pCaughtPair, pCaughtProtein, possibleTesters } from './bluff.js';
import { WIN_VALUE, cookGain } from './dishes.js';
import { OPTION_LOSS, TESTER_GIFT, lookahead } from './expert.js';
import { CARD_VALUE, sfTasteOdds } from './taste-test.js';

/** What a Stir Fry Eighteen decision was about (CoachDecision.kind). */
export type SfCoachKind =
  /** Taste test or trust another player's discard (SF-14..SF-16). */
  | 'sf.taste'
  /** A discard's claim (SF-11, SF-12), honest or a bluff, against the chance of a taste test. */
  | 'sf.claim'
  /** A dish cooked (SF-19..SF-23) against the best dish in the hand. */
  | 'sf.cook';

export const SF_COACH = Object.freeze({
  /** Flag a decision that cost more than this many expected points. */
  threshold: 1,
});

interface Judged { options: CoachOption[]; chosen: string; best: string; facts: Record<string, number | string> }

function pick(options: CoachOption[], chosen: string, facts: Record<string, number | string>): Judged {
  let best = options[0]!;
  for (const o of options) if (o.value > best.value + 1e-12) best = o;
  return { options, chosen, best: best.id, facts };
}

function judgeTaste(view: SfView, belief: SfBelief, action: SfAction): Judged | null {
  const d = view.declaration;
  if (d === null || (action.type !== 'taste-test' && action.type !== 'trust')) return null;
  const o = sfTasteOdds(view, belief, lookahead(view));
  if (o === null) return null;
  const testValue = o.pLie * o.gain - (1 - o.pLie) * o.cost;
  return pick([{ id: 'test', value: testValue }, { id: 'trust', value: 0 }], action.type === 'taste-test' ? 'test' : 'trust',
    { from: d.declarer, claim: d.kind === 'pair' ? 'pair' : d.claim!, honest: 1 - o.pLie });
}

function judgeClaim(view: SfView, belief: SfBelief, action: SfAction): Judged | null {
  if (action.type !== 'discard-pair' && action.type !== 'discard-protein') return null;
  const pair = action.type === 'discard-pair';
  const honest = pair ? sfIsHonest({ kind: 'pair', claim: null }, action.cards) : action.card === action.claim;
  const claim = pair ? 'pair' : action.claim;
  // The chance the claim is tested: a bluff's by bluff.ts; an honest one is only tested blindly.
  let blind = 1;
  for (const q of possibleTesters(view)) blind *= 1 - belief.blindRate(q);
  const tested = honest ? 1 - blind : pair ? pCaughtPair(view, belief) : pCaughtProtein(view, belief, sfCardIndex(action.claim));
  const draws = Math.min(view.drawPileSize, pair ? SF_PAIR_DRAWS : SF_PROTEIN_DRAWS[action.claim]);
  const otherOpen = !(view.turn.pairDone || view.turn.proteinDone);
  const facts = { claim, tested, bluff: honest ? 0 : 1 };
  if (honest) return pick([{ id: 'claim', value: 0 }], 'claim', facts);
  const bluffValue = (1 - tested) * draws * CARD_VALUE - tested * (TESTER_GIFT + (otherOpen ? OPTION_LOSS : 0));
  return pick([{ id: 'bluff', value: bluffValue }, { id: 'none', value: 0 }], 'bluff', facts);
}

function judgeCook(view: SfView, legal: readonly SfAction[], action: SfAction): Judged | null {
  if (action.type !== 'cook') return null;
  const me = view.viewer as number;
  const worth = (cards: readonly string[]) => {
    const points = sfDishPoints(cards as never);
    const g = cookGain(points, view.scores[me]!, view.options);
    return g.wins ? WIN_VALUE : view.options.meticulousChef ? g.value : points;
  };
  const options: CoachOption[] = [];
  const seen = new Set<string>();
  for (const a of legal) {
    if (a.type !== 'cook') continue;
    const id = a.cards.join('+');
    if (seen.has(id)) continue;
    seen.add(id);
    options.push({ id, value: worth(a.cards) });
  }
  const chosen = action.cards.join('+');
  const j = pick(options, chosen, { points: sfDishPoints(action.cards) });
  const best = options.find((o) => o.id === j.best)!;
  // Sentences give the dishes' points; a winning dish is worth the game.
  return { ...j, facts: { ...j.facts, bestPoints: best.value >= WIN_VALUE ? sfDishPoints(best.id.split('+') as never) : best.value } };
}

/** Every decision of `me` in the game's walk (coach/fold.ts), with the belief kept from its events. */
export function coachStirFry(moments: readonly SeatMoment<SfView, SfAction, SfEvent>[], me: number, _players: number,
  threshold: number = SF_COACH.threshold): { threshold: number; decisions: CoachDecision[] } {
  const belief = new SfBelief();
  const decisions: CoachDecision[] = [];
  for (const m of moments) {
    if (m.type === 'events') { belief.observe(m.events); continue; }
    belief.sync(m.view);
    const d = sfJudgeDecision(m.view, m.legal, m.action, belief, m.index, threshold);
    if (d !== null) decisions.push(d);
  }
  void me;
  return { threshold, decisions };
}

/** Judges one decision from the seat's view, legal actions, answer and belief (null: nothing to judge). */
export function sfJudgeDecision(view: SfView, legal: readonly SfAction[], action: SfAction, belief: SfBelief, index: number,
  threshold: number = SF_COACH.threshold): CoachDecision | null {
  if (legal.length < 2) return null;
  let j: Judged | null = null;
  let kind: SfCoachKind;
  if (view.phase === 'taste-test') { j = judgeTaste(view, belief, action); kind = 'sf.taste'; }
  else if (action.type === 'cook') { j = judgeCook(view, legal, action); kind = 'sf.cook'; }
  else { j = judgeClaim(view, belief, action); kind = 'sf.claim'; }
  if (j === null) return null;
  const chosen = j.options.find((o) => o.id === j.chosen)!;
  const best = j.options.find((o) => o.id === j.best)!;
  const cost = Math.max(0, best.value - chosen.value);
  // A dish that would have won the game (SF-27) is worth the game: say the points, flag it.
  const shown = Math.min(cost, best.value >= WIN_VALUE && chosen.value < WIN_VALUE ? Number(j.facts.bestPoints) : cost);
  return { index, round: view.turn.number, kind, chosen: j.chosen, best: j.best, options: j.options, cost: shown, flagged: cost > threshold, winBest: null, facts: j.facts };
}
