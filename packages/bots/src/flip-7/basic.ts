/**
 * The basic Flip 7 bot: a short rule set near the points-maximising policy.
 *
 * Hit or stay (F7-5, and the deal-time choice of F7-4 the same way): stay when the next flip busts
 * with probability ≥ 26% (f7NextFlipOdds; 0 while a Second Chance is held, F7-11) or the line
 * already scores ≥ 25 (F7-13); with a Second Chance held, push on to 40. Otherwise hit.
 *
 * Giving an action card (F7-8, F7-10 set-aside cards the same way):
 *  - Freeze (F7-9): the active opponent whose line scores most (ties: the higher total score);
 *    to yourself only when no opponent may receive it;
 *  - Flip Three (F7-10): the active opponent most likely to bust on their next flip who holds no
 *    Second Chance (ties: the bigger line); else the opponent with the biggest line; else yourself;
 *  - Second Chance (F7-11): yourself when allowed, else the weakest threat (lowest score + line).
 */
import { F7_STAY, f7NextFlipOdds, type F7Action, type F7View, type Rng } from '@parlor/rules';
import type { Bot } from '../bot.js';
import { findAction, giveSeats, giveTo, lineInfo } from './common.js';

/** Basic's thresholds (exported for tests and docs). */
export const F7_BASIC = Object.freeze({ bustLimit: 0.26, stayAt: 25, stayAtWithSecondChance: 40 });

export function f7BasicDecide(view: F7View, legal: readonly F7Action[]): F7Action {
  const p = view.pending;
  if (p === null || legal.length === 1) return legal[0]!;
  const me = p.seat;
  if (p.kind === 'hit-or-stay') {
    const hit = findAction(legal, 'hit')!;
    const stay = findAction(legal, 'stay') ?? F7_STAY;
    const info = lineInfo(view, me);
    if (!legal.includes(stay)) return hit;
    const odds = f7NextFlipOdds(view, me);
    if (odds.source === 'none') return stay;
    if (info.secondChance) return info.banked >= F7_BASIC.stayAtWithSecondChance ? stay : hit;
    return odds.bust >= F7_BASIC.bustLimit || info.banked >= F7_BASIC.stayAt ? stay : hit;
  }
  const seats = giveSeats(legal);
  const others = seats.filter((s) => s !== me);
  const lineOf = (s: number) => lineInfo(view, s).banked;
  const by = (key: (s: number) => number) => (a: number, b: number) => key(b) - key(a) || view.scores[b]! - view.scores[a]!;
  let to: number;
  if (p.card === 'second-chance') {
    to = seats.includes(me) ? me : [...seats].sort((a, b) => (view.scores[a]! + lineOf(a)) - (view.scores[b]! + lineOf(b)))[0]!;
  } else if (others.length === 0) {
    to = me;
  } else if (p.card === 'freeze') {
    to = [...others].sort(by(lineOf))[0]!;
  } else {
    const risky = others.filter((s) => !lineInfo(view, s).secondChance);
    const bust = (s: number) => f7NextFlipOdds(view, s).duplicate;
    to = risky.length > 0
      ? [...risky].sort((a, b) => bust(b) - bust(a) || lineOf(b) - lineOf(a))[0]!
      : [...others].sort(by(lineOf))[0]!;
  }
  return giveTo(legal, to) ?? legal[0]!;
}

export function f7BasicBot(): Bot<F7View, F7Action> {
  return {
    level: 'basic',
    decide: (view: F7View, legal: readonly F7Action[], _rng: Rng) => f7BasicDecide(view, legal),
  };
}
