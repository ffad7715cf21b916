/**
 * The Flip 7 coach: every hit or stay (F7-5, and the deal-time choice of F7-4) and every choice of
 * who receives an action card (F7-8..F7-11, set-aside cards of a Flip Three alike, F7-10), judged
 * from the seat's view alone (F7-16: every line, the discard pile and the scores are public; the
 * pile's order is not) against the exact round solver (coach-values.ts).
 *
 * Measure: expected points of this round.
 *  - Hit or stay: the solver's value of each (the seat's own line, playing on best after).
 *  - Giving: your own expected round points with that receiver, less the receiver's change in
 *    expected round points divided by the number of opponents — points against the average
 *    opponent (in a two-player game, exactly the points between you). Freeze banks the receiver's
 *    line (F7-9), a Flip Three makes it flip three (F7-10), a Second Chance saves one duplicate (F7-11).
 * Winning vs points: the expert's win-chance model (f7ExpertOptions) is asked too. When it prefers
 * another option than the points, the decision is not a mistake: the advice follows winning (the
 * game is won by the highest total at the end, F7-15, not by the most points per round), and the
 * decision is reported as such with both win chances.
 * A decision is flagged when it cost more than the threshold plus the bound its values carry:
 * nothing at level 0 (exact within the solver's model), F7_COACH.approxMargins[level] for a hit or
 * stay at level 1 or 2 (the largest error of that level measured by scripts/f7-coach-bound.ts,
 * rounded up), and for a give that margin × (1 + 2 / opponents), as its values add up three solves
 * (yours, and the receiver's before and after, divided by the number of opponents).
 */
import { F7_CARD_NAMES, type F7Action, type F7Event, type F7View, f7NextFlipOdds } from '@parlor/rules';
import { lineInfo, type F7LineInfo } from './common.js';
import type { SeatMoment } from '../coach/fold.js';
import type { CoachDecision, CoachOption } from '../coach/types.js';
import { type F7Level, f7FlipThreeValue, f7Values } from './coach-values.js';
import { f7ExpertOptions } from './expert.js';

/** What a Flip 7 decision was about (CoachDecision.kind). */
export type F7CoachKind =
  /** Hit or stay (F7-5; the deal-time choice of F7-4). */
  | 'f7.hitOrStay'
  /** Who receives an action card (F7-8..F7-11; set-aside cards of a Flip Three, F7-10). */
  | 'f7.give';

export const F7_COACH = Object.freeze({
  /** Flag a decision that cost more than this many expected points. */
  threshold: 1,
  /**
   * Added to the threshold when a value is approximated, by level (coach-values.ts): the largest
   * error of a hit's value against the exact one measured over 320 decisions of expert games
   * (scripts/f7-coach-bound.ts, 2026-11-30: level 1 at most 5.50, level 2 at most 18.00), rounded up.
   */
  approxMargins: Object.freeze([0, 6, 18]) as readonly number[],
});

/** The pile the next flips come from, by card code (the draw pile, or the discard reshuffled, F7-14). */
function pileOf(view: F7View, seat: number): number[] {
  const counts = f7NextFlipOdds(view, seat).counts;
  return F7_CARD_NAMES.map((n) => counts[n]);
}

function chanceNextBusts(line: F7LineInfo, pile: readonly number[]): number {
  if (line.secondChance) return 0;
  let total = 0, dup = 0;
  pile.forEach((n, c) => { total += n; if (line.numbers.includes(c)) dup += n; });
  return total === 0 ? 0 : dup / total;
}

interface Judged { options: CoachOption[]; chosen: string; best: string; cost: number; level: F7Level; facts: Record<string, number | string> }

function judgeHitOrStay(view: F7View, me: number, action: F7Action): Judged | null {
  const line = lineInfo(view, me);
  const pile = pileOf(view, me);
  const v = f7Values(line, pile);
  if (v.stay === null || v.hit === null) return null; // one option only (F7-5)
  const options: CoachOption[] = [
    { id: 'hit', value: v.hit, bust: v.bustHit },
    { id: 'stay', value: v.stay, bust: 0 },
  ];
  const chosen = action.type;
  const best = v.hit > v.stay ? 'hit' : 'stay';
  const cost = Math.max(0, (best === 'hit' ? v.hit : v.stay) - (chosen === 'hit' ? v.hit : v.stay));
  return { options, chosen, best, cost, level: v.level, facts: { total: line.banked, bust: chanceNextBusts(line, pile), level: v.level } };
}

function judgeGive(view: F7View, me: number, legal: readonly F7Action[], action: F7Action): Judged | null {
  const pend = view.pending;
  if (pend === null || pend.kind !== 'give' || action.type !== 'give') return null;
  const receivers = legal.filter((a): a is Extract<F7Action, { type: 'give' }> => a.type === 'give').map((a) => a.to);
  if (receivers.length < 2) return null;
  const card = pend.card;
  let level: F7Level = 0;
  const lines = new Map<number, F7LineInfo>();
  const lineOf = (s: number) => { let l = lines.get(s); if (!l) { l = lineInfo(view, s); lines.set(s, l); } return l; };
  // Expected round points of seat s as things stand (active: playing on best; else what is banked).
  const now = new Map<number, number>();
  // The card being given is in transit, already out of the pile (f7UnseenDrawPile, F7-8).
  const pile = pileOf(view, me);
  const pileFor = (_s: number) => pile;
  const valueNow = (s: number): number => {
    let x = now.get(s);
    if (x === undefined) {
      const l = lineOf(s);
      if (view.status[s] === 'active') {
        const v = f7Values(l, pileFor(s));
        level = Math.max(level, v.level) as F7Level;
        x = v.value;
      } else x = l.banked;
      now.set(s, x);
    }
    return x;
  };
  // Expected round points of s when it receives the card.
  const valueWith = (s: number): number => {
    const l = lineOf(s);
    if (card === 'freeze') return l.banked; // F7-9
    if (card === 'flip-three') { // F7-10
      const r = f7FlipThreeValue(l, pileFor(s));
      level = Math.max(level, r.level) as F7Level;
      return r.value;
    }
    const v = f7Values({ ...l, secondChance: true }, pileFor(s)); // F7-11
    level = Math.max(level, v.level) as F7Level;
    return v.value;
  };
  const opponents = Math.max(1, view.players - 1);
  const options: CoachOption[] = receivers.map((r) => {
    const value = r === me ? valueWith(me) : valueNow(me) - (valueWith(r) - valueNow(r)) / opponents;
    return { id: `seat:${r}`, value };
  });
  let bestOpt = options[0]!;
  for (const o of options) if (o.value > bestOpt.value + 1e-12) bestOpt = o;
  const chosen = `seat:${action.to}`;
  const chosenOpt = options.find((o) => o.id === chosen)!;
  return { options, chosen, best: bestOpt.id, cost: Math.max(0, bestOpt.value - chosenOpt.value), level, facts: { card, level } };
}

/** The cost above which a decision is flagged: the threshold plus the bound of its values' level. */
export function f7FlagBar(threshold: number, level: number, give: boolean, players: number): number {
  const margin = F7_COACH.approxMargins[level] ?? 0;
  return threshold + (give ? margin * (1 + 2 / Math.max(1, players - 1)) : margin);
}

/** Judges one decision of `me` from its view, legal actions and answer (null: nothing to judge). */
export function f7JudgeDecision(view: F7View, legal: readonly F7Action[], action: F7Action, me: number, index: number,
  threshold: number = F7_COACH.threshold): CoachDecision | null {
  if (legal.length < 2 || view.pending === null) return null;
  const j = view.pending.kind === 'hit-or-stay' ? judgeHitOrStay(view, me, action) : judgeGive(view, me, legal, action);
  if (j === null) return null;
  const win = f7ExpertOptions(view, legal);
  let winBest: string | null = null;
  const facts = { ...j.facts };
  if (win !== null && !win.flat && win.best !== j.best && win.wins.has(win.best) && win.wins.has(j.best)) {
    winBest = win.best;
    const other = j.chosen === win.best ? j.best : win.best;
    facts.winChosen = win.wins.get(j.chosen) ?? 0;
    facts.winOther = win.wins.get(other) ?? 0;
  }
  const bar = f7FlagBar(threshold, j.level, view.pending.kind === 'give', view.players);
  const flagged = j.cost > bar && !(winBest !== null && j.chosen === winBest);
  // A points-best choice against the win model's costs no points (cost 0); winning itself is not judged.
  return {
    index, round: view.round, kind: (view.pending.kind === 'hit-or-stay' ? 'f7.hitOrStay' : 'f7.give') satisfies F7CoachKind,
    chosen: j.chosen, best: j.best, options: j.options, cost: j.cost, flagged, winBest, facts,
  };
}

/** Every decision of `me` in the game's walk (coach/fold.ts). */
export function coachFlip7(moments: readonly SeatMoment<F7View, F7Action, F7Event>[], me: number, threshold: number = F7_COACH.threshold):
  { threshold: number; decisions: CoachDecision[] } {
  const decisions: CoachDecision[] = [];
  for (const m of moments) {
    if (m.type !== 'decision') continue;
    const d = f7JudgeDecision(m.view, m.legal, m.action, me, m.index, threshold);
    if (d !== null) decisions.push(d);
  }
  return { threshold, decisions };
}
