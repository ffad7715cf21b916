/**
 * Expected round points for the Flip 7 coach, from the exact round solver (solver.ts) on the pile
 * the seat could know (F7-16: the deck less every card in sight), within a work budget so a whole
 * game is judged in seconds in a browser. A solve that needs more states than the budget is done
 * again on a smaller model, and the answer carries its level:
 *  0 exact — the full model of solver.ts on the real pile;
 *  1 the pile's Flip Threes left out (they alone multiply the states by ~67, F7-10);
 *  2 numbers, Second Chances and Freezes only: modifiers still in the pile left out (those held count).
 * Levels 1 and 2 are approximations; the coach only flags them by more than the threshold plus
 * F7_COACH.approxMargins[level] (docs/bots-flip-7.md, "The coach's bound").
 */
import { F7_FLIP_THREE, F7_PLUS2, F7_TIMES2 } from '@parlor/rules';
import type { F7LineInfo } from './common.js';
import { type F7SolveOptions, f7SolveFlipThree, f7SolveRound } from './solver.js';

export type F7Level = 0 | 1 | 2;

/**
 * Memo slots per level (70% of them fill): level 0 about 23 000 states, level 1 about 46 000, level 2
 * (at most ~53 000 states from any line: numbers, Second Chances, Freezes; 92 000 slots) never runs out. A solve
 * that runs out gives up at once and the next level is tried, so a decision costs tens of ms.
 */
export const F7_COACH_BUDGET: readonly number[] = [1 << 15, 1 << 16, 1 << 17];

export interface F7Values {
  /** Best value from here (max of stay and hit). */
  readonly value: number;
  readonly stay: number | null;
  readonly hit: number | null;
  /** Bust chance this round hitting now and playing best after. */
  readonly bustHit: number;
  /** Chance the next card busts (it repeats a number and no Second Chance is held, F7-6, F7-11). */
  readonly nextBust: number;
  readonly level: F7Level;
}

function reduce(pile: readonly number[], level: F7Level): number[] {
  return pile.map((n, c) => {
    if (level >= 1 && c === F7_FLIP_THREE) return 0;
    if (level >= 2 && c >= F7_PLUS2 && c <= F7_TIMES2) return 0;
    return n;
  });
}

/** Runs `solve` at the most exact level its budget allows. */
function laddered<T>(solve: (pile: number[], budget: F7SolveOptions) => T, pile: readonly number[], minLevel: F7Level = 0): { value: T; level: F7Level } {
  for (let level = minLevel; level <= 2; level++) {
    try {
      const budget = { capacity: 1 << 12, maxCapacity: F7_COACH_BUDGET[level]! };
      return { value: solve(reduce(pile, level as F7Level), budget), level: level as F7Level };
    } catch (e) {
      if (!(e instanceof RangeError) || level === 2) throw e;
    }
  }
  throw new Error('unreachable');
}

/** Stay and hit values of a line with the pile (by card code). */
export function f7Values(line: F7LineInfo, pile: readonly number[], minLevel: F7Level = 0): F7Values {
  const r = laddered((p, budget) => f7SolveRound(line, p, budget), pile, minLevel);
  const s = r.value;
  return { value: s.value, stay: s.stay, hit: s.hit, bustHit: s.hitBust, nextBust: s.nextBust, level: r.level };
}

/** The value of being handed a Flip Three now (F7-10), the card itself out of the pile. */
export function f7FlipThreeValue(line: F7LineInfo, pile: readonly number[], minLevel: F7Level = 0): { value: number; level: F7Level } {
  const r = laddered((p, budget) => f7SolveFlipThree(line, p, budget).value, pile, minLevel);
  return { value: r.value, level: r.level };
}
