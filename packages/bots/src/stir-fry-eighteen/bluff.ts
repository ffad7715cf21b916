import { type SfView } from '@parlor/rules';
import { KINDS, TOFU, universe } from './cards.js';
import type { SfBelief } from './belief.js';

/** P(an opponent who holds the claimed protein tests a false claim of it). Basic bots always do. */
export const TAU_KNOW = 0.95;

/** The opponents who may test a declaration made now (SF-15). */
export function possibleTesters(view: SfView): number[] {
  const me = view.viewer as number;
  const out: number[] = [];
  for (let i = 1; i < view.players; i++) {
    const q = (me + i) % view.players;
    if (view.handSizes[q]! > 0 || view.scores[q]! >= 5) out.push(q);
  }
  return out;
}

/**
 * P(a false protein claim of kind `claim` is tested). Each possible tester q tests when it holds the
 * claimed card (P from its hand tracker, times TAU_KNOW) or blindly at its learned blind rate; a
 * claim whose every copy lies open on the table is known false to all.
 */
export function pCaughtProtein(view: SfView, belief: SfBelief, claim: number): number {
  if (universe(view.options)[claim]! - belief.open[claim]! <= 0) return TAU_KNOW;
  let clear = 1;
  for (const q of possibleTesters(view)) {
    const ph = view.handSizes[q]! > 0 ? belief.pHolds(q, claim) : 0;
    clear *= 1 - (ph * TAU_KNOW + (1 - ph) * belief.blindRate(q));
  }
  return 1 - clear;
}

/**
 * P(a false pair claim is tested): blind tests only, unless the open cards alone prove that no
 * honest pair exists (SF-12), which any opponent can see.
 */
export function pCaughtPair(view: SfView, belief: SfBelief): number {
  const u = universe(view.options);
  let possible = u[TOFU]! - belief.open[TOFU]! > 0;
  for (let i = 0; i < KINDS && !possible; i++) if (u[i]! - belief.open[i]! >= 2) possible = true;
  if (!possible) return TAU_KNOW;
  let clear = 1;
  for (const q of possibleTesters(view)) clear *= 1 - belief.blindRate(q);
  return 1 - clear;
}
