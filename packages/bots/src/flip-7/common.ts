/** What the Flip 7 bots read off a view: lines as solver input, round totals, who is still in. */
import { f7CardCode, f7ScoreLine, type F7Action, type F7CardName, type F7View } from '@parlor/rules';
import type { F7SolverLine } from './solver.js';

export interface F7LineInfo extends F7SolverLine {
  readonly numbers: number[];
  readonly plus: number;
  readonly x2: boolean;
  readonly secondChance: boolean;
  readonly hasCards: boolean;
  /** F7-13: what the line scores if banked now (0 once busted). */
  readonly banked: number;
}

/** A line of the view as the solver's input (F7-6: a busted line scores 0; F7-11a: Freeze/Second Chance in it). */
export function lineInfo(view: F7View, seat: number): F7LineInfo {
  const line: readonly F7CardName[] = view.lines[seat] ?? [];
  const codes = line.map(f7CardCode);
  const numbers: number[] = [];
  let plus = 0, x2 = false, sc = false;
  for (const c of codes) {
    if (c <= 12) { if (!numbers.includes(c)) numbers.push(c); }
    else if (c <= 17) plus += (c - 12) * 2;
    else if (c === 18) x2 = true;
    else if (c === 21) sc = true;
  }
  const busted = view.status[seat] === 'busted';
  const banked = f7ScoreLine(codes, busted, false).total;
  return { numbers, plus, x2, secondChance: sc, hasCards: line.length > 0, banked };
}

/** The legal give action to `seat`, if any. */
export function giveTo(legal: readonly F7Action[], seat: number): F7Action | undefined {
  return legal.find((a) => a.type === 'give' && a.to === seat);
}

/** The seats a give may go to, in the order of the legal list. */
export function giveSeats(legal: readonly F7Action[]): number[] {
  const out: number[] = [];
  for (const a of legal) if (a.type === 'give') out.push(a.to);
  return out;
}

export function findAction(legal: readonly F7Action[], type: 'hit' | 'stay'): F7Action | undefined {
  return legal.find((a) => a.type === type);
}
