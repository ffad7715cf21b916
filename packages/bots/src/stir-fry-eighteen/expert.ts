import {
  type Rng, SF_PAIR_DRAWS, SF_PROTEIN_DRAWS, type SfAction, type SfEvent, type SfView, sfCardIndex, sfDishPoints,
} from '@parlor/rules';
import type { Bot } from '../bot.js';
import { type Counts, KINDS, countsOf, encode, maskOf, size, sub } from './cards.js';
import { SfBelief } from './belief.js';
import { pCaughtPair, pCaughtProtein } from './bluff.js';
import { bestKeep, cookGain, dishCounts, dishesFor } from './dishes.js';
import { chooseDiscardDown } from './discard-down.js';
import { CARD_VALUE, expertTasteTest } from './taste-test.js';

/** Weight of next turn against this one. */
export const GAMMA = 0.9;
/** Monte Carlo samples of the draws per decision (the same samples for every candidate). */
export const SAMPLES = 24;
/** A risky discard made first also risks the other discard's draws (SF-18): its cost per P(caught). */
export const OPTION_LOSS = 2;
/** The card a caught bluff gives its tester (SF-18), as a cost. */
export const TESTER_GIFT = 0.5;

/** Cards the expert expects to see next turn: the pile left when every hand holds 3 (at most 6). */
export function lookahead(view: SfView): number {
  const total = 18 - 3 * view.players - (view.options.emptyPantry === 'no-turn-draw' ? 1 : 0);
  return Math.max(1, Math.min(6, total));
}

/**
 * The expert bot. It keeps an exact belief over the unseen cards (belief.ts), bluffs when the
 * expected draws beat the risk of a test (bluff.ts), tests when the odds of a lie pay for its hand
 * (taste-test.ts), and cooks/keeps by the value of this turn's dish plus next turn's potential.
 */
export function sfExpertBot(): Bot<SfView, SfAction, SfEvent> & { readonly belief: SfBelief } {
  const belief = new SfBelief();
  return {
    level: 'expert',
    belief,
    observe(events) { belief.observe(events); },
    decide(view, legal, rng) {
      belief.sync(view);
      const m = lookahead(view);
      if (view.phase === 'taste-test') return expertTasteTest(view, belief, legal, m);
      if (view.phase === 'discard-down') return chooseDiscardDown(view, legal, m, proteinBonus);
      return act(view, legal, rng, belief, m);
    },
  };
}

/** Holding a protein makes next turn's claim of it safe from knowing testers (SF-1: one copy each). */
function proteinBonus(keep: Counts): number {
  return 0.4 * ((keep[0]! > 0 ? 1 : 0) + (keep[1]! > 0 ? 1 : 0) + (keep[2]! > 0 ? 1 : 0));
}

/**
 * SF-7, SF-31: under `no-turn-draw` a player with no card can never draw again (it cannot discard),
 * so cooking its last card away ends its game: worth this much less than the dish.
 */
export const DEAD_END = 25;
export function deadEnd(view: SfView, cardsLeft: number): number {
  return view.options.emptyPantry === 'no-turn-draw' && cardsLeft === 0 ? DEAD_END : 0;
}

interface Ctx {
  readonly view: SfView;
  readonly score: number;
  readonly m: number;
  readonly gamma: number;
  readonly tofu: boolean;
  readonly cache: Map<number, number>;
}

/**
 * What a hand is worth if the bot stops drawing now: the better of ending the turn (keep the best 3)
 * and cooking some dish (its gain, SF-27..SF-29 counted, plus the best 3 kept of the rest, plus the
 * cook draw SF-22 when it comes).
 */
function stopValue(hand: Counts, ctx: Ctx, cookDraw: boolean): number {
  const key = encode(hand) * 2 + (cookDraw ? 1 : 0);
  const hit = ctx.cache.get(key);
  if (hit !== undefined) return hit;
  const { m, gamma, tofu, score, view } = ctx;
  let best = gamma * bestKeep(hand, m, tofu).value - deadEnd(view, size(hand));
  const dishes = dishesFor(maskOf(hand));
  const limit = view.options.meticulousChef ? dishes.length : Math.min(10, dishes.length);
  for (let i = 0; i < limit; i++) {
    const d = dishes[i]!;
    const g = cookGain(d.points, score, view.options);
    const rest = sub(hand, dishCounts(d));
    const v = g.wins ? g.value : g.value + gamma * (bestKeep(rest, m, tofu).value + (cookDraw ? CARD_VALUE * 0.7 : 0)) - deadEnd(view, size(rest) + (cookDraw ? 1 : 0));
    if (v > best) best = v;
  }
  ctx.cache.set(key, best);
  return best;
}

/** SAMPLES sequences of up to `n` cards drawn from the expected pile (common random numbers). */
function sampleDraws(pile: Counts, n: number, rng: Rng): number[][] {
  const out: number[][] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const left = pile.slice();
    const seq: number[] = [];
    for (let k = 0; k < n; k++) {
      let total = 0;
      for (let i = 0; i < KINDS; i++) total += left[i]!;
      if (total <= 1e-9) break;
      let x = rng.float() * total, i = 0;
      for (; i < KINDS - 1; i++) { x -= left[i]!; if (x < 0) break; }
      while (left[i]! <= 0 && i > 0) i--;
      seq.push(i);
      left[i] = Math.max(0, left[i]! - 1);
    }
    out.push(seq);
  }
  return out;
}

function expectedAfterDraw(hand: Counts, k: number, samples: number[][], ctx: Ctx, cookDraw: boolean): number {
  if (k <= 0) return stopValue(hand, ctx, cookDraw);
  let sum = 0;
  const h = hand.slice();
  for (const seq of samples) {
    for (let i = 0; i < KINDS; i++) h[i] = hand[i]!;
    for (let j = 0; j < k && j < seq.length; j++) h[seq[j]!]!++;
    sum += stopValue(h, ctx, cookDraw);
  }
  return sum / samples.length;
}

function act(view: SfView, legal: readonly SfAction[], rng: Rng, belief: SfBelief, m: number): SfAction {
  const me = view.viewer as number;
  const hand = countsOf(view.hand ?? []);
  const ctx: Ctx = {
    view, score: view.scores[me]!, m, tofu: view.options.tofu, cache: new Map(),
    // No later turn (SF-28), or no card can ever come without a cook (SF-31 no-turn-draw, empty
    // pile): take what can be cooked now.
    gamma: view.closing !== null || (view.options.emptyPantry === 'no-turn-draw' && (view.drawPileSize === 0 || view.turn.caught)) ? 0 : GAMMA,
  };
  const cookDraw = !view.turn.caught && view.options.emptyPantry !== 'no-cook-draw';

  // Stopping now: end the turn or cook.
  let best: SfAction = legal.find((a) => a.type === 'end-turn')!;
  let bestValue = ctx.gamma * bestKeep(hand, m, ctx.tofu).value - deadEnd(view, size(hand));
  for (const a of legal) {
    if (a.type !== 'cook') continue;
    const g = cookGain(sfDishPoints(a.cards), ctx.score, view.options);
    if (g.wins) {
      if (g.value > bestValue) { bestValue = g.value; best = a; }
      continue;
    }
    const rest = sub(hand, countsOf(a.cards));
    const v = g.value + ctx.gamma * (bestKeep(rest, m, ctx.tofu).value + (cookDraw ? CARD_VALUE * 0.7 : 0)) - deadEnd(view, size(rest) + (cookDraw ? 1 : 0));
    if (v > bestValue) { bestValue = v; best = a; }
  }
  if (bestValue >= 1000 || view.turn.caught || view.drawPileSize === 0) return best;

  // Drawing more: every discard, honest or not, by its expected value (SF-9..SF-18).
  const samples = sampleDraws(belief.pileEstimate(), Math.min(4, view.drawPileSize), rng);
  const otherOpen = !(view.turn.pairDone || view.turn.proteinDone);
  const pPair = pCaughtPair(view, belief);
  const pProtein = new Map<string, number>();
  const afterCache = new Map<string, { drawn: number; caught: number }>();
  const after = (rest: Counts, k: number) => {
    const key = `${encode(rest)}/${k}`;
    let r = afterCache.get(key);
    if (r === undefined) {
      r = { drawn: expectedAfterDraw(rest, k, samples, ctx, cookDraw), caught: stopValue(rest, ctx, false) };
      afterCache.set(key, r);
    }
    return r;
  };
  for (const a of legal) {
    let pc: number, k: number, rest: Counts;
    if (a.type === 'discard-pair') {
      const [x, y] = a.cards;
      const honest = x === y || x === 'tofu' || y === 'tofu';
      pc = honest ? 0 : pPair;
      k = Math.min(SF_PAIR_DRAWS, view.drawPileSize);
      rest = sub(hand, countsOf(a.cards));
    } else if (a.type === 'discard-protein') {
      if (a.card === a.claim) pc = 0;
      else {
        let p = pProtein.get(a.claim);
        if (p === undefined) { p = pCaughtProtein(view, belief, sfCardIndex(a.claim)); pProtein.set(a.claim, p); }
        pc = p;
      }
      k = Math.min(SF_PROTEIN_DRAWS[a.claim], view.drawPileSize);
      rest = sub(hand, countsOf([a.card]));
    } else continue;
    const r = after(rest, k);
    const v = (1 - pc) * r.drawn + pc * (r.caught - TESTER_GIFT) - (otherOpen ? pc * OPTION_LOSS : 0);
    if (v > bestValue + 1e-9) { bestValue = v; best = a; }
  }
  return best;
}

