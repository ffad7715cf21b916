import { SF_PROTEIN_DRAWS, type SfAction, type SfEvent, type SfView, sfDishPoints } from '@parlor/rules';
import type { Bot } from '../bot.js';
import { countsOf, sub } from './cards.js';
import { bestDishPoints, cookGain } from './dishes.js';
import { chooseDiscardDown } from './discard-down.js';
import { declarationKnownFalse } from './knowledge.js';

/** Basic cooks its best dish when it gains at least this many points (or wins, or has no turn left). */
export const BASIC_COOK_MIN = 6;
/** An honest pair is discarded when it costs the hand's best dish at most this many points. */
export const BASIC_PAIR_MAX_LOSS = 2;
/** Cards the basic bot expects to see next turn, for choosing what to keep (SF-24). */
export const BASIC_LOOKAHEAD = 2;
/** The most one dish can score (SF-2: Noodles, Shrimp, Ginger, Pork, Mushroom). */
const MAX_DISH = 24;

/**
 * The basic bot: always honest, never guesses.
 * - Discards only honestly (SF-12): a real pair (Tofu pairs with anything) when it costs the best
 *   dish at most BASIC_PAIR_MAX_LOSS points; its protein under its true name when the best dish
 *   loses no more than the cards it draws for it (SF-3).
 * - Under Meticulous Chef (SF-29), within one dish of the target with no dish that wins or gains,
 *   it discards honestly whatever it can, whatever the dish loses: there only an exact dish
 *   counts, and the cards it keeps may never make one (two basics holding each other's missing
 *   cards would otherwise pass for ever).
 * - Then cooks its best dish (by points, Meticulous Chef and Closing Time counted by `cookGain`)
 *   when that wins, gains ≥ BASIC_COOK_MIN points, or gains anything when the hand cannot improve
 *   (the closing round leaves no later turn; under `no-turn-draw` with no honest discard to make,
 *   no card can ever come to it).
 * - Taste-tests only when it KNOWS the claim is false (knowledge.ts): it holds or sees every copy
 *   of the claimed protein, or no honest pair can exist among the cards it cannot place.
 * - Discards down keeping the 3 cards with the best dish potential.
 */
export function sfBasicBot(): Bot<SfView, SfAction, SfEvent> {
  return {
    level: 'basic',
    decide(view, legal) {
      if (view.phase === 'taste-test') {
        const want = declarationKnownFalse(view) ? 'taste-test' : 'trust';
        return legal.find((a) => a.type === want) ?? legal[0]!;
      }
      if (view.phase === 'discard-down') return chooseDiscardDown(view, legal, BASIC_LOOKAHEAD);
      return act(view, legal);
    },
  };
}

function act(view: SfView, legal: readonly SfAction[]): SfAction {
  const me = view.viewer as number;
  const score = view.scores[me]!;
  const hand = countsOf(view.hand ?? []);
  const best = bestDishPoints(hand);

  let cook: SfAction | null = null, cookValue = -Infinity, wins = false;
  for (const a of legal) {
    if (a.type !== 'cook') continue;
    const g = cookGain(sfDishPoints(a.cards), score, view.options);
    if (g.value > cookValue) { cookValue = g.value; cook = a; wins = g.wins; }
  }
  if (cook !== null && wins) return cook;

  // Draws are worth something only while the pile has cards and no bluff was caught (SF-18, SF-26).
  let honestDiscard = false;
  if (!view.turn.caught && view.drawPileSize > 0) {
    let pair: SfAction | null = null, pairLoss = Infinity;
    for (const a of legal) {
      if (a.type !== 'discard-pair') continue;
      const [x, y] = a.cards;
      if (x !== y && x !== 'tofu' && y !== 'tofu') continue; // SF-12: honest pairs only
      const loss = best - bestDishPoints(sub(hand, countsOf(a.cards)));
      if (loss < pairLoss) { pairLoss = loss; pair = a; }
    }
    const dig = view.options.meticulousChef && view.options.target - score <= MAX_DISH && cookValue <= 0;
    if (pair !== null) honestDiscard = true;
    if (pair !== null && (dig || pairLoss <= BASIC_PAIR_MAX_LOSS)) return pair;
    for (const a of legal) {
      if (a.type !== 'discard-protein' || a.card !== a.claim) continue; // the true name only
      honestDiscard = true;
      const loss = best - bestDishPoints(sub(hand, countsOf([a.card])));
      if (dig || loss <= SF_PROTEIN_DRAWS[a.claim]) return a;
    }
  }

  // Cook when it is worth it, or take any gain when the hand cannot improve: the closing round
  // leaves no later turn (SF-28), or no card can come (no turn draw, SF-31, and an empty pile).
  const stuck = view.closing !== null || (view.options.emptyPantry === 'no-turn-draw' && !honestDiscard);
  if (cook !== null && (cookValue >= BASIC_COOK_MIN || (stuck && cookValue > 0))) return cook;
  return legal.find((a) => a.type === 'end-turn')!;
}
