/**
 * The expert Flip 7 bot: plays to WIN THE GAME, not to maximise points.
 *
 * A win-chance model. Each player's total at the end of this round is a small distribution:
 *  - busted: their score (F7-6); stayed or frozen: score + banked line (F7-5, F7-9, F7-13);
 *  - still active: two outcomes from the points-maximising solver on their line (f7FreshLineOdds):
 *    bust (chance b) → score, or score + V/(1 − b) (V the solver's expected round score).
 * P(I win | I end the round on M) = Π over opponents j of P(M beats j's total O):
 *  - if M or O reaches the target the game ends this round (F7-15): 1 if M > O, ½ if tied, else 0;
 *  - else a race: Φ((M − O) / (σ·√(2R))) with R ≈ max(1, (target − max(M, O)) / μ) rounds left,
 *    μ = 20 and σ = 16 points per round (a points-maximiser's round, measured roughly).
 *
 * Hit or stay (F7-5, and the deal-time choice of F7-4): the solver (numbers only, exact for them;
 * the draw pile, then the discard pile reshuffled when it runs out, F7-14) with that win chance as
 * its utility — so it pushes when behind, banks when ahead, stays when staying wins the game now,
 * and pushes when an opponent will otherwise cross the target and win.
 *
 * Giving (F7-8; a Flip Three's set-aside cards, F7-10, the same way): every allowed receiver is
 * tried in the model and the one that leaves the highest win chance is chosen:
 *  - Freeze (F7-9): the receiver's total becomes score + banked line (it hurts a leader with a small
 *    line and a big future; it helps one with a big risky line);
 *  - Flip Three (F7-10): the receiver's bust chance grows by the chance that one of three flips
 *    repeats a number (two while they hold a Second Chance);
 *  - Second Chance (F7-11): the receiver's bust chance shrinks.
 * Everything is closed-form or a sub-millisecond solve; solutions are cached within a decision.
 */
import { f7NextFlipOdds, f7ReshuffledPile, type F7Action, type F7CardCounts, type F7View, type Rng } from '@parlor/rules';
import type { Bot } from '../bot.js';
import { findAction, giveSeats, giveTo, lineInfo, type F7LineInfo } from './common.js';
import { f7FreshLineOdds, f7QuickSolve } from './solver.js';

/** The model's constants (exported for docs and tests). */
export const F7_EXPERT = Object.freeze({ meanPerRound: 20, sdPerRound: 16, maxRoundScore: 200 });

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 via erf; |error| < 1.5e-7). */
function phi(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** A player's end-of-round total: outcome values with their chances. */
interface Dist { v: number[]; p: number[] }

/** P(a player ending the round on `m` beats one ending on `o`), target `t`. */
function beats(m: number, o: number, t: number): number {
  if (m >= t || o >= t) return m > o ? 1 : m === o ? 0.5 : 0; // F7-15: the game ends this round
  const rounds = Math.max(1, (t - Math.max(m, o)) / F7_EXPERT.meanPerRound);
  return phi((m - o) / (F7_EXPERT.sdPerRound * Math.sqrt(2 * rounds)));
}

class Model {
  readonly me: number;
  readonly n: number;
  readonly t: number;
  readonly lines: F7LineInfo[];
  /** The cards the next flips come from: the unseen draw pile, or, when it is empty, the discard pile that is shuffled into a new one (F7-14). */
  readonly pile: F7CardCounts;
  /** The cards after those (F7-14): the discard pile, reshuffled once the draw pile runs out; undefined when `pile` is already it. */
  readonly reshuffle: F7CardCounts | undefined;
  /** Per seat: bust chance and expected round score under the points policy (active seats). */
  private readonly solved: ({ bust: number; value: number } | null)[];

  constructor(readonly view: F7View, me: number) {
    this.me = me;
    this.n = view.players;
    this.t = view.options.target;
    this.lines = Array.from({ length: this.n }, (_, s) => lineInfo(view, s));
    const next = f7NextFlipOdds(view, me);
    this.pile = next.counts;
    this.reshuffle = next.source === 'draw-pile' ? f7ReshuffledPile(view) : undefined;
    this.solved = new Array(this.n).fill(null);
  }

  /** Points-maximising value and bust chance of an active seat's line (fresh-deck table, see f7FreshLineOdds). */
  points(s: number): { bust: number; value: number } {
    let r = this.solved[s];
    if (!r) {
      r = f7FreshLineOdds(this.lines[s]!);
      this.solved[s] = r;
    }
    return r;
  }

  /** A seat's end-of-round distribution; `bust`/`frozen` override the solver's view. */
  dist(s: number, change: { frozen?: boolean; bustDelta?: (b: number) => number } = {}): Dist {
    const score = this.view.scores[s]!;
    const st = this.view.status[s];
    const line = this.lines[s]!;
    if (st === 'busted') return { v: [score], p: [1] };
    if (st !== 'active' || change.frozen) return { v: [score + line.banked], p: [1] };
    const q = this.points(s);
    let b = q.bust;
    const good = b < 1 ? q.value / (1 - b) : line.banked;
    if (change.bustDelta) b = Math.min(1, Math.max(0, change.bustDelta(b)));
    return { v: [score, score + Math.max(good, line.banked)], p: [b, 1 - b] };
  }

  /** P(I win) when I end the round on total m and the opponents by `dists`. */
  winGiven(m: number, dists: Dist[]): number {
    let w = 1;
    for (let s = 0; s < this.n; s++) {
      if (s === this.me) continue;
      const d = dists[s]!;
      let b = 0;
      for (let i = 0; i < d.v.length; i++) b += d.p[i]! * beats(m, d.v[i]!, this.t);
      w *= b;
    }
    return w;
  }

  winChance(dists: Dist[]): number {
    const mine = dists[this.me]!;
    let w = 0;
    for (let i = 0; i < mine.v.length; i++) w += mine.p[i]! * this.winGiven(mine.v[i]!, dists);
    return w;
  }
}

/** The chance that three flips from a line bust it (F7-10): one repeat, or two while a Second Chance is held. */
function threeFlipBust(view: F7View, seat: number, sc: boolean): number {
  const p = f7NextFlipOdds(view, seat).duplicate;
  const q = Math.min(1, p * 1.1); // the line grows as it flips
  return sc ? 3 * q * q * (1 - q) + q * q * q : 1 - (1 - p) * (1 - q) * (1 - q);
}

/**
 * The win chance the model gives each option of the pending decision, by option id ('hit', 'stay',
 * 'seat:<n>' for a give), and whether it is flat (the game all but decided either way: then the
 * expert plays for points). Null when there is no choice. Shared by the bot and the coach.
 */
export interface F7WinOptions {
  readonly wins: ReadonlyMap<string, number>;
  /** The option the model prefers (the expert's move). */
  readonly best: string;
  /** True when the options' win chances are equal (the expert then falls back to points). */
  readonly flat: boolean;
}

export function f7ExpertOptions(view: F7View, legal: readonly F7Action[]): F7WinOptions | null {
  const pend = view.pending;
  if (pend === null || legal.length === 1) return null;
  const me = pend.seat;
  const model = new Model(view, me);
  const base: Dist[] = Array.from({ length: model.n }, (_, s) => (s === me ? { v: [0], p: [1] } : model.dist(s)));

  if (pend.kind === 'hit-or-stay') {
    const stay = findAction(legal, 'stay');
    if (stay === undefined) return null;
    if (f7NextFlipOdds(view, me).source === 'none') return { wins: new Map([['stay', 1]]), best: 'stay', flat: false };
    const score = view.scores[me]!;
    const max = F7_EXPERT.maxRoundScore;
    const table = new Float64Array(max + 1);
    for (let x = 0; x <= max; x++) table[x] = model.winGiven(score + x, base);
    const utility = (x: number) => table[Math.min(max, x)]!;
    const reshuffle = model.reshuffle;
    const q = f7QuickSolve(model.lines[me]!, model.pile, { utility, reshuffle });
    if (q.hit === null || q.stay === null) return { wins: new Map(), best: q.action, flat: false };
    const wins = new Map([['hit', q.hit], ['stay', q.stay]]);
    // All but certain either way (lost or won whatever I do): fall back to points.
    if (Math.abs(q.hit - q.stay) < 1e-9) {
      const pts = f7QuickSolve(model.lines[me]!, model.pile, { reshuffle });
      return { wins, best: pts.action, flat: true };
    }
    return { wins, best: q.hit > q.stay ? 'hit' : 'stay', flat: false };
  }

  // Giving: try every allowed receiver in the model.
  const seats = giveSeats(legal);
  const wins = new Map<string, number>();
  let best = seats[0]!, bestW = -Infinity, lo = Infinity, hi = -Infinity;
  for (const r of seats) {
    const dists = base.slice();
    const line = model.lines[r]!;
    let change: Parameters<Model['dist']>[1];
    if (pend.card === 'freeze') change = { frozen: true };
    else if (pend.card === 'flip-three') {
      const b3 = threeFlipBust(view, r, line.secondChance);
      change = { bustDelta: (b) => b3 + (1 - b3) * b };
    } else change = { bustDelta: (b) => b * 0.35 };
    dists[r] = model.dist(r, change);
    if (r !== me) dists[me] = model.dist(me);
    else dists[me] = model.dist(me, change);
    const w = model.winChance(dists);
    wins.set(`seat:${r}`, w);
    lo = Math.min(lo, w); hi = Math.max(hi, w);
    // Tie-break (e.g. a lost or won game): hurt the opponent with the most points at stake.
    const tie = r === me ? 0 : 1e-9 * (view.scores[r]! + line.banked);
    if (w + tie > bestW) { bestW = w + tie; best = r; }
  }
  return { wins, best: `seat:${best}`, flat: hi - lo < 1e-9 };
}

export function f7ExpertDecide(view: F7View, legal: readonly F7Action[]): F7Action {
  const o = f7ExpertOptions(view, legal);
  if (o === null) {
    const pend = view.pending;
    // No choice, or a stay that is not offered (nothing in front, F7-5): the first legal move.
    if (pend !== null && pend.kind === 'hit-or-stay') return findAction(legal, 'hit') ?? legal[0]!;
    return legal[0]!;
  }
  if (o.best === 'hit') return findAction(legal, 'hit')!;
  if (o.best === 'stay') return findAction(legal, 'stay')!;
  return giveTo(legal, Number(o.best.slice(5))) ?? legal[0]!;
}

export function f7ExpertBot(): Bot<F7View, F7Action> {
  return {
    level: 'expert',
    decide: (view: F7View, legal: readonly F7Action[], _rng: Rng) => f7ExpertDecide(view, legal),
  };
}
