import { F7_MAX_NUMBER, F7_PLUS10, F7_PLUS2, F7_TIMES2, plusValue } from './cards.js';
import type { F7ScoreBreakdown } from './events.js';

/** F7-7: the Flip 7 bonus. */
export const F7_FLIP7_BONUS = 15;

/**
 * F7-13: a line's score. Numbers summed, ×2 doubles only them, + modifiers added, 15 for a
 * Flip 7; a busted line scores 0 (F7-6).
 */
export function f7ScoreLine(line: readonly number[], busted: boolean, flip7: boolean): F7ScoreBreakdown {
  if (busted) return { numbers: 0, x2: false, modifiers: 0, flip7Bonus: 0, total: 0 };
  let numbers = 0, modifiers = 0, x2 = false;
  for (const c of line) {
    if (c <= F7_MAX_NUMBER) numbers += c;
    else if (c >= F7_PLUS2 && c <= F7_PLUS10) modifiers += plusValue(c);
    else if (c === F7_TIMES2) x2 = true;
  }
  const flip7Bonus = flip7 ? F7_FLIP7_BONUS : 0;
  return { numbers, x2, modifiers, flip7Bonus, total: (x2 ? numbers * 2 : numbers) + modifiers + flip7Bonus };
}

/** F7-13 without building a breakdown (the hot path). */
export function scoreTotal(line: readonly number[], busted: boolean, flip7: boolean): number {
  if (busted) return 0;
  let numbers = 0, modifiers = 0, x2 = 1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c <= F7_MAX_NUMBER) numbers += c;
    else if (c <= F7_PLUS10) modifiers += plusValue(c);
    else if (c === F7_TIMES2) x2 = 2;
  }
  return numbers * x2 + modifiers + (flip7 ? F7_FLIP7_BONUS : 0);
}
