/**
 * An exact solver for one Flip 7 round played ALONE: one line, a known draw-pile composition, and the
 * policy (hit or stay at every decision) that maximises the expected value of the round's score —
 * or, with `utility`, the expected utility of it (the expert bot passes a win-chance curve).
 *
 * Model (shared/rules/flip-7.md):
 *  - a number already in the line busts (F7-6: the round scores 0) unless a Second Chance is held,
 *    in which case the duplicate and the Second Chance are both discarded and play goes on (F7-11);
 *  - 7 different numbers end the round with +15 (F7-7);
 *  - the score is (sum of numbers) × 2 with the ×2, plus the + modifiers, plus the bonus (F7-13);
 *  - every action card drawn is played on yourself, as alone there is no one else (F7-8):
 *    Freeze banks the line now (F7-9); a Second Chance is kept if none is held, else discarded
 *    (F7-11, no one to pass it to); a Flip Three makes you flip three more cards (F7-10): a bust or
 *    a Flip 7 stops it, modifiers join the line, a Second Chance is kept/discarded at once, a Freeze
 *    or Flip Three flipped during it is set aside and takes effect (on you) once the three flips end,
 *    in the order flipped; a nested Flip Three's own set-aside cards take effect before the older
 *    ones; once a Freeze takes effect you are out, and any card still waiting is discarded;
 *  - staying needs at least one card in front of you (F7-5).
 *
 * Canonical states. The cards drawn since the root determine the remaining pile, but not all of
 * their identity matters. A duplicate discarded with a Second Chance (F7-11) is a copy of a number
 * already in the line; from then on every copy of every number in the line plays the same part
 * (a duplicate: bust, or use the Second Chance), so only HOW MANY duplicates went (u) changes the
 * future, not which numbers they were: the chance of a duplicate is
 *   (Σ over numbers n in the line of their copies left in the root pile) − (those drawn into the line since the root) − u,
 * over the cards left. Numbers not in the line were never drawn since the root, so their counts are
 * the root pile's. A state is therefore
 *   mask    13 bits  the numbers in the line (root numbers included)
 *   mods     6 bits  the modifiers (+2 … +10, ×2) drawn since the root
 *   sc       1 bit   a Second Chance is held
 *   u        0..3    duplicates discarded with a Second Chance
 *   scD      0..3    Second Chances drawn since the root (kept, used or discarded)
 *   f3D      0..3    Flip Threes drawn since the root
 *   frD      0..3    Freezes drawn since the root (set-aside ones: a Freeze at a decision ends it, so
 *                    decisions always have frD = 0)
 *   f3       0..108  inside a Flip Three: flips left, set-aside Flip Threes of the running one, whether a
 *                    Freeze is among them, and the older waiting cards (reduced to "k Flip Threes then
 *                    maybe a Freeze": anything after a Freeze can never take effect alone)
 * packed into one integer below 2^36, memoised in a flat open-addressing table (table.ts). The
 * collapse of the duplicates (a multiset of up to 3 numbers, 2 744 codes, down to u) is exact, and
 * nothing else is approximated within this model. From an empty line on the full 94-card deck the
 * solve visits 238 180 774 states and gives 20.2976 points (scripts/f7-exact.ts, docs/bots-flip-7.md).
 *
 * The one simplification (only relevant when the solver is used mid-game on a small pile): a pile
 * running dry is not reshuffled (F7-14); a hit on an empty pile is not offered, and a Flip Three that
 * runs out of cards ends the round as it stands.
 */
import {
  F7_CARD_CODES as CODES, F7_CARD_NAMES, F7_DECK_COUNTS, F7_FLIP7_BONUS, F7_FLIP_THREE as FLIP_THREE, F7_FREEZE as FREEZE,
  F7_MAX_NUMBER as MAX_NUMBER, F7_PLUS2 as PLUS2, F7_SECOND_CHANCE as SECOND_CHANCE, F7_TIMES2 as TIMES2, type F7CardCounts,
} from '@parlor/rules';
import { F7StateTable } from './table.js';


/** The line the solver starts from. */
export interface F7SolverLine {
  /** The (different) numbers in the line. */
  readonly numbers: readonly number[];
  /** Sum of the + modifiers in the line. */
  readonly plus?: number;
  /** The ×2 is in the line. */
  readonly x2?: boolean;
  /** A Second Chance is held (F7-11). */
  readonly secondChance?: boolean;
  /** Whether any card at all is in front of the player (staying needs one, F7-5); default: any of the above. */
  readonly hasCards?: boolean;
}

export interface F7SolveOptions {
  /**
   * Utility of ending the round with this score (a bust ends it with 0). Default: the score itself,
   * i.e. the expected round score is maximised. Should be non-decreasing.
   */
  readonly utility?: (score: number) => number;
  /** Keep no bust and Flip 7 chances (half the memory; `bust` and `flip7` are then 0). */
  readonly valueOnly?: boolean;
  /** Memo slots to allocate up front (a big solve sized once, never refilled); default: grow as needed. */
  readonly capacity?: number;
  /** Memo slots never to exceed (RangeError when the solve needs more). */
  readonly maxCapacity?: number;
}

export interface F7RoundSolution {
  /** The value of the position under the best policy (max of stay and hit). */
  readonly value: number;
  /** Value of staying now, or null when staying is not allowed (nothing in front, F7-5). */
  readonly stay: number | null;
  /** Value of hitting now (then playing on best), or null when the pile is empty. */
  readonly hit: number | null;
  readonly action: 'hit' | 'stay';
  /** The chance of busting from here under the best policy. */
  readonly bust: number;
  /** The chance of a Flip 7 from here under the best policy. */
  readonly flip7: number;
  /** The chance of busting on the hit itself, hitting now (the next card repeats a number, no Second Chance held). */
  readonly nextBust: number;
  /** The chance of busting this round when hitting now and playing best after (0 when the pile is empty). */
  readonly hitBust: number;
  /** The current score if banked now. */
  readonly banked: number;
  /** Memo entries created (a measure of the work). */
  readonly states: number;
}

/** A pile composition: 22 counts by card code, or the engine's counts by card name. */
export type F7Pile = readonly number[] | F7CardCounts;

function pileCounts(pile: F7Pile): number[] {
  if (Array.isArray(pile)) {
    if (pile.length !== CODES) throw new RangeError(`a pile needs ${CODES} counts, by card code`);
    return (pile as readonly number[]).slice();
  }
  const rec = pile as F7CardCounts;
  return F7_CARD_NAMES.map((n) => rec[n] ?? 0);
}

/** F7-1: no pile holds more of a card than the deck has (the state encoding relies on it). */
function checkPile(counts: readonly number[]): void {
  counts.forEach((n, c) => {
    if (!Number.isInteger(n) || n < 0 || n > F7_DECK_COUNTS[c]!) throw new RangeError(`a pile cannot hold ${n} of card ${F7_CARD_NAMES[c]} (F7-1)`);
  });
}

/** Sum of the numbers of each 13-bit mask, and its number of bits. */
const MASK_SUM = new Int32Array(1 << 13);
const MASK_BITS = new Int8Array(1 << 13);
for (let m = 1; m < 1 << 13; m++) {
  const low = 31 - Math.clz32(m & -m);
  MASK_SUM[m] = MASK_SUM[m & (m - 1)]! + low;
  MASK_BITS[m] = MASK_BITS[m & (m - 1)]! + 1;
}
/** Sum of the + modifiers of each 5-bit set (bit i = +2(i+1)). */
const PLUS_SUM = new Int32Array(32);
for (let m = 1; m < 32; m++) {
  let s = 0;
  for (let i = 0; i < 5; i++) if (m & (1 << i)) s += 2 * (i + 1);
  PLUS_SUM[m] = s;
}

/** The highest round score there is: 12 + 11 + … + 6 = 63, doubled, + 30 of modifiers, + 15 (F7-13). */
export const F7_MAX_ROUND_SCORE = 171;

/** The solver for one root (one pile composition and one starting line); memoises every state it meets. */
class RoundSolver {
  private readonly pile: Int32Array;
  private readonly total: number;
  private readonly root: number;
  private readonly plus0: number;
  private readonly x20: boolean;
  /** Utility by score (null: the score itself). */
  private readonly util: Float64Array | null;
  private readonly u0: number;
  /** Per mask: copies left of its numbers, Σ pile[n] − (numbers of the mask drawn since the root). */
  private readonly dupBase = new Int32Array(1 << 13);
  readonly memo: F7StateTable;
  /** Outputs of the last sub-evaluation: bust and Flip 7 chances. */
  outB = 0;
  outF = 0;

  constructor(pile: readonly number[], rootMask: number, plus0: number, x20: boolean, options: F7SolveOptions) {
    this.pile = Int32Array.from(pile);
    this.total = pile.reduce((a, b) => a + b, 0);
    this.root = rootMask;
    this.plus0 = plus0;
    this.x20 = x20;
    const utility = options.utility;
    if (utility === undefined) this.util = null;
    else {
      this.util = new Float64Array(F7_MAX_ROUND_SCORE + 1);
      for (let s = 0; s <= F7_MAX_ROUND_SCORE; s++) this.util[s] = utility(s);
    }
    this.u0 = this.U(0);
    for (let m = 1; m < 1 << 13; m++) {
      const low = 31 - Math.clz32(m & -m);
      this.dupBase[m] = this.dupBase[m & (m - 1)]! + pile[low]! - ((rootMask >> low) & 1 ? 0 : 1);
    }
    this.memo = new F7StateTable(!(options.valueOnly ?? false), options.capacity, options.maxCapacity);
  }

  get states(): number { return this.memo.size; }

  private U(score: number): number { return this.util === null ? score : this.util[score]!; }

  /** F7-13: the line's score (mods = modifiers drawn since the root). */
  score(mask: number, mods: number): number {
    const x2 = this.x20 || (mods & 32) !== 0;
    return MASK_SUM[mask]! * (x2 ? 2 : 1) + this.plus0 + PLUS_SUM[mods & 31]!;
  }

  /** Cards left in the pile. */
  private left(mask: number, mods: number, u: number, scD: number, f3D: number, frD: number): number {
    return this.total - MASK_BITS[mask & ~this.root]! - MASK_BITS[mods]! - u - scD - f3D - frD;
  }

  private key(mask: number, mods: number, sc: number, u: number, scD: number, f3D: number, frD: number, f3: number): number {
    return ((((((mask * 64 + mods) * 2 + sc) * 4 + u) * 4 + scD) * 4 + f3D) * 4 + frD) * 128 + f3;
  }

  private recall(key: number): number | undefined {
    const memo = this.memo;
    if (!memo.find(key)) return undefined;
    this.outB = memo.bust();
    this.outF = memo.flip7();
    return memo.value();
  }

  private remember(key: number, v: number, b: number, f: number): number {
    this.memo.set(key, v, b, f);
    this.outB = b;
    this.outF = f;
    return v;
  }

  /** A decision point after at least one draw (a card is in front, F7-5): the better of staying and hitting. Sets outB/outF. */
  decision(mask: number, mods: number, sc: number, u: number, scD: number, f3D: number): number {
    const k = this.key(mask, mods, sc, u, scD, f3D, 0, 0);
    const known = this.recall(k);
    if (known !== undefined) return known;
    const stay = this.U(this.score(mask, mods));
    let v = stay, b = 0, f = 0;
    if (this.left(mask, mods, u, scD, f3D, 0) > 0) {
      const h = this.hitValue(mask, mods, sc, u, scD, f3D);
      if (h > stay) { v = h; b = this.outB; f = this.outF; }
    }
    return this.remember(k, v, b, f);
  }

  /** Expected value of hitting at a decision point (the pile not empty). Sets outB/outF. */
  hitValue(mask: number, mods: number, sc: number, u: number, scD: number, f3D: number): number {
    const pile = this.pile;
    const n = this.left(mask, mods, u, scD, f3D, 0);
    let ev = 0, eb = 0, ef = 0;
    const dups = this.dupBase[mask]! - u;
    if (dups > 0) {
      const p = dups / n;
      if (sc === 1) { // F7-11: both discarded, still active
        ev += p * this.decision(mask, mods, 0, u + 1, scD, f3D); eb += p * this.outB; ef += p * this.outF;
      } else { // F7-6: bust
        ev += p * this.u0; eb += p;
      }
    }
    for (let c = 0; c <= MAX_NUMBER; c++) {
      const bit = 1 << c;
      const cnt = pile[c]!;
      if ((mask & bit) !== 0 || cnt === 0) continue;
      const p = cnt / n;
      if (MASK_BITS[mask | bit] === 7) { // F7-7
        ev += p * this.U(this.score(mask | bit, mods) + F7_FLIP7_BONUS); ef += p;
      } else {
        ev += p * this.decision(mask | bit, mods, sc, u, scD, f3D); eb += p * this.outB; ef += p * this.outF;
      }
    }
    for (let i = 0; i <= TIMES2 - PLUS2; i++) {
      if ((mods & (1 << i)) !== 0 || pile[PLUS2 + i] === 0) continue;
      const p = pile[PLUS2 + i]! / n;
      ev += p * this.decision(mask, mods | (1 << i), sc, u, scD, f3D); eb += p * this.outB; ef += p * this.outF;
    }
    const fr = pile[FREEZE]!;
    if (fr > 0) ev += (fr / n) * this.U(this.score(mask, mods)); // F7-9: bank now
    const scLeft = pile[SECOND_CHANCE]! - scD;
    if (scLeft > 0) { // F7-11: kept if none held, else discarded
      const p = scLeft / n;
      ev += p * this.decision(mask, mods, 1, u, scD + 1, f3D); eb += p * this.outB; ef += p * this.outF;
    }
    const f3Left = pile[FLIP_THREE]! - f3D;
    if (f3Left > 0) { // F7-10: three flips on yourself
      const p = f3Left / n;
      ev += p * this.flipping(mask, mods, sc, u, scD, f3D + 1, 0, 3, 0, 0, 0, 0); eb += p * this.outB; ef += p * this.outF;
    }
    this.outB = eb;
    this.outF = ef;
    return ev;
  }

  /**
   * Inside a Flip Three (F7-10): `left` flips to go; `j` Flip Threes set aside by the running one,
   * `cf` 1 when a Freeze is set aside after them (cards after it never matter); the older waiting
   * cards reduced to `k` Flip Threes then a Freeze if `rf`.
   */
  flipping(mask: number, mods: number, sc: number, u: number, scD: number, f3D: number, frD: number,
    left: number, j: number, cf: number, k: number, rf: number): number {
    if (left === 0) {
      // The flips end: the waiting cards take effect in order (this one's first, then the older ones).
      let count: number, freeze: number;
      if (cf === 1) { count = j; freeze = 1; } else { count = j + k; freeze = rf; }
      if (count > 0) return this.flipping(mask, mods, sc, u, scD, f3D, frD, 3, 0, 0, count - 1, freeze);
      if (freeze === 1) { // F7-9 via a set-aside Freeze
        this.outB = 0; this.outF = 0;
        return this.U(this.score(mask, mods));
      }
      return this.decision(mask, mods, sc, u, scD, f3D);
    }
    const f3 = 1 + (left - 1) + 3 * (j + 3 * (cf + 2 * (k + 3 * rf))); // ≤ 108
    const key = this.key(mask, mods, sc, u, scD, f3D, frD, f3);
    const known = this.recall(key);
    if (known !== undefined) return known;
    const pile = this.pile;
    const n = this.left(mask, mods, u, scD, f3D, frD);
    if (n === 0) return this.remember(key, this.U(this.score(mask, mods)), 0, 0); // F7-14 without a reshuffle (see the header)
    let ev = 0, eb = 0, ef = 0;
    const dups = this.dupBase[mask]! - u;
    if (dups > 0) {
      const p = dups / n;
      if (sc === 1) { // F7-11: the flips go on
        ev += p * this.flipping(mask, mods, 0, u + 1, scD, f3D, frD, left - 1, j, cf, k, rf); eb += p * this.outB; ef += p * this.outF;
      } else { // a bust stops the Flip Three (F7-10)
        ev += p * this.u0; eb += p;
      }
    }
    for (let c = 0; c <= MAX_NUMBER; c++) {
      const bit = 1 << c;
      const cnt = pile[c]!;
      if ((mask & bit) !== 0 || cnt === 0) continue;
      const p = cnt / n;
      if (MASK_BITS[mask | bit] === 7) { // a Flip 7 stops it too
        ev += p * this.U(this.score(mask | bit, mods) + F7_FLIP7_BONUS); ef += p;
      } else {
        ev += p * this.flipping(mask | bit, mods, sc, u, scD, f3D, frD, left - 1, j, cf, k, rf); eb += p * this.outB; ef += p * this.outF;
      }
    }
    for (let i = 0; i <= TIMES2 - PLUS2; i++) {
      if ((mods & (1 << i)) !== 0 || pile[PLUS2 + i] === 0) continue;
      const p = pile[PLUS2 + i]! / n;
      ev += p * this.flipping(mask, mods | (1 << i), sc, u, scD, f3D, frD, left - 1, j, cf, k, rf); eb += p * this.outB; ef += p * this.outF;
    }
    const scLeft = pile[SECOND_CHANCE]! - scD;
    if (scLeft > 0) { // given at once (F7-10): kept, or discarded when one is held
      const p = scLeft / n;
      ev += p * this.flipping(mask, mods, 1, u, scD + 1, f3D, frD, left - 1, j, cf, k, rf); eb += p * this.outB; ef += p * this.outF;
    }
    const frLeft = pile[FREEZE]! - frD;
    if (frLeft > 0) { // set aside
      const p = frLeft / n;
      ev += p * this.flipping(mask, mods, sc, u, scD, f3D, frD + 1, left - 1, j, 1, cf === 1 ? 0 : k, cf === 1 ? 0 : rf);
      eb += p * this.outB; ef += p * this.outF;
    }
    const f3Left = pile[FLIP_THREE]! - f3D;
    if (f3Left > 0) { // set aside (after a set-aside Freeze it can never take effect)
      const p = f3Left / n;
      ev += p * (cf === 1
        ? this.flipping(mask, mods, sc, u, scD, f3D + 1, frD, left - 1, j, 1, 0, 0)
        : this.flipping(mask, mods, sc, u, scD, f3D + 1, frD, left - 1, j + 1, 0, k, rf));
      eb += p * this.outB; ef += p * this.outF;
    }
    return this.remember(key, ev, eb, ef);
  }
}

function rootMask(numbers: readonly number[]): number {
  let mask = 0;
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < 0 || n > MAX_NUMBER) throw new RangeError(`not a number card: ${n}`);
    if (mask & (1 << n)) throw new RangeError(`number ${n} twice in a line (F7-6)`);
    mask |= 1 << n;
  }
  if (MASK_BITS[mask]! >= 7) throw new RangeError('a line with 7 numbers has already ended the round (F7-7)');
  return mask;
}

/** The chance the next card repeats a number of the line, from the pile's counts. */
function duplicateChance(mask: number, counts: readonly number[]): number {
  let total = 0, dup = 0;
  counts.forEach((n, c) => { total += n; if (c <= MAX_NUMBER && (mask & (1 << c)) !== 0) dup += n; });
  return total === 0 ? 0 : dup / total;
}

/**
 * Solves the round from `line` with the draw pile `pile` (the unseen cards, e.g.
 * `f7UnseenDrawPile(view)`): the value of staying, of hitting, the best action and the bust and
 * Flip 7 chances under the best policy. Exact for the model in this file's header.
 */
export function f7SolveRound(line: F7SolverLine, pile: F7Pile, options: F7SolveOptions = {}): F7RoundSolution {
  const mask = rootMask(line.numbers);
  const plus = line.plus ?? 0;
  const x2 = line.x2 ?? false;
  const sc = line.secondChance ? 1 : 0;
  const canStay = line.hasCards ?? (mask !== 0 || plus > 0 || x2 || sc === 1);
  const counts = pileCounts(pile);
  checkPile(counts);
  const solver = new RoundSolver(counts, mask, plus, x2, options);
  const banked = solver.score(mask, 0);
  const stay = canStay ? (options.utility ?? ((s: number) => s))(banked) : null;
  const total = counts.reduce((a, b) => a + b, 0);
  let hit: number | null = null, bust = 0, flip7 = 0;
  if (total > 0) {
    hit = solver.hitValue(mask, 0, sc, 0, 0, 0);
    bust = solver.outB;
    flip7 = solver.outF;
  }
  const hitBust = bust;
  const action: 'hit' | 'stay' = stay === null || (hit !== null && hit > stay) ? 'hit' : 'stay';
  if (action === 'stay') { bust = 0; flip7 = 0; }
  const value = action === 'hit' ? hit! : stay!;
  const nextBust = sc === 1 ? 0 : duplicateChance(mask, counts);
  return { value, stay, hit, action, bust, flip7, nextBust, hitBust, banked, states: solver.states };
}

/** The value of being handed a Flip Three now (F7-10: three forced flips, then playing on best), with its bust and Flip 7 chances. */
export interface F7FlipThreeSolution {
  readonly value: number;
  readonly bust: number;
  readonly flip7: number;
  readonly states: number;
}

/**
 * A Flip Three given to `line` now (F7-10), the card itself already out of `pile`: the expected
 * value of its three flips and of playing on best after them (the same model as f7SolveRound).
 */
export function f7SolveFlipThree(line: F7SolverLine, pile: F7Pile, options: F7SolveOptions = {}): F7FlipThreeSolution {
  const mask = rootMask(line.numbers);
  const counts = pileCounts(pile);
  checkPile(counts);
  if (counts[FLIP_THREE]! > F7_DECK_COUNTS[FLIP_THREE]! - 1) throw new RangeError('the Flip Three being resolved cannot also be in the pile (F7-10)');
  const solver = new RoundSolver(counts, mask, line.plus ?? 0, line.x2 ?? false, options);
  const value = solver.flipping(mask, 0, line.secondChance ? 1 : 0, 0, 0, 0, 0, 3, 0, 0, 0, 0);
  return { value, bust: solver.outB, flip7: solver.outF, states: solver.states };
}

/** The 94-card deck by card code (F7-1). */
export const F7_FULL_PILE: readonly number[] = Object.freeze(
  Array.from({ length: CODES }, (_, c) => (c === 0 ? 1 : c <= MAX_NUMBER ? c : c <= TIMES2 ? 1 : 3)));

/** The 79 number cards alone (F7-1), by card code. */
export const F7_NUMBERS_PILE: readonly number[] = Object.freeze(F7_FULL_PILE.map((n, c) => (c <= MAX_NUMBER ? n : 0)));

/**
 * The fast solver the bots use at every decision: the same round alone, but on the pile's NUMBER
 * cards only. Removing the other cards does not change the order in which the numbers come, so this
 * is exact for a game of numbers (the modifiers already held count, those still to come are
 * ignored, as are Freezes, Flip Threes and Second Chances still in the pile; a Second Chance held
 * is used). State: the 13-bit mask, the Second Chance, and the duplicate it discarded — flat typed
 * arrays, reused between calls; a few hundred microseconds at most.
 *
 * A pile that runs dry is followed by `reshuffle` (F7-14: the discard pile, shuffled into a new draw
 * pile; a duplicate a Second Chance discards before then joins it), and the round ends once both
 * are empty. The state still determines both piles: every card of the first is drawn before any of
 * the second, so the numbers drawn (mask and duplicate) say which of each are gone.
 */
export interface F7QuickOptions extends F7SolveOptions {
  /** The cards that become the draw pile once `pile` is empty (F7-14); default none. */
  readonly reshuffle?: F7Pile;
}
export interface F7QuickSolution {
  readonly stay: number | null;
  readonly hit: number | null;
  readonly action: 'hit' | 'stay';
  /** Bust chance from here under the best policy. */
  readonly bust: number;
}

const Q_STATES = (1 << 13) * 15; // mask × (sc held: 0 | sc used on duplicate d: 1 + d | none: 14)
const qValue = new Float64Array(Q_STATES);
const qBust = new Float64Array(Q_STATES);
const qStamp = new Int32Array(Q_STATES);
let qGen = 0;

/** Utility by score, filled before each solve (scores are at most F7_MAX_ROUND_SCORE, F7-13). */
const Q_MAX_SCORE = F7_MAX_ROUND_SCORE;
const qUtil = new Float64Array(Q_MAX_SCORE + 1);

class QuickSolver {
  /** Numbers left in the draw pile, then in the pile a reshuffle makes of the discards (F7-14). */
  readonly pile = new Int32Array(13);
  readonly next = new Int32Array(13);
  total = 0;
  nextTotal = 0;
  plus = 0;
  mult = 1;
  u0 = 0;
  outB = 0;

  score(mask: number): number { return MASK_SUM[mask]! * this.mult + this.plus; }

  /** A decision point; `scs`: 0 = Second Chance held, 14 = none, 1 + d = used on a duplicate d (removed from the pile). */
  decision(mask: number, scs: number): number {
    const k = mask * 15 + scs;
    if (qStamp[k] === qGen) { this.outB = qBust[k]!; return qValue[k]!; }
    let v = qUtil[MASK_SUM[mask]! * this.mult + this.plus]!, b = 0;
    if (this.total + this.nextTotal > 0) { // F7-14: both piles empty ends the round
      const h = this.hit(mask, scs);
      if (h > v) { v = h; b = this.outB; }
    }
    qStamp[k] = qGen; qValue[k] = v; qBust[k] = b;
    this.outB = b;
    return v;
  }

  hit(mask: number, scs: number): number {
    // F7-14: the draw pile first; once it is empty, the reshuffled discards.
    const first = this.total > 0;
    const pile = first ? this.pile : this.next, n = first ? this.total : this.nextTotal;
    let ev = 0, eb = 0;
    for (let c = 0; c <= MAX_NUMBER; c++) {
      const cnt = pile[c]!;
      if (cnt === 0) continue;
      const p = cnt / n;
      const bit = 1 << c;
      pile[c] = cnt - 1; this.take(first, n - 1);
      let v: number;
      if ((mask & bit) !== 0) {
        if (scs === 0) { // F7-11: the duplicate is discarded, to come back if the discards are reshuffled
          if (first) { this.next[c]!++; this.nextTotal++; }
          v = this.decision(mask, 1 + c);
          if (first) { this.next[c]!--; this.nextTotal--; }
        } else { v = this.u0; this.outB = 1; } // F7-6
      } else if (MASK_BITS[mask | bit] === 7) { // F7-7
        v = qUtil[MASK_SUM[mask | bit]! * this.mult + this.plus + F7_FLIP7_BONUS]!; this.outB = 0;
      } else {
        v = this.decision(mask | bit, scs);
      }
      pile[c] = cnt; this.take(first, n);
      ev += p * v; eb += p * this.outB;
    }
    this.outB = eb;
    return ev;
  }

  private take(first: boolean, total: number): void {
    if (first) this.total = total; else this.nextTotal = total;
  }
}
const quick = new QuickSolver();

/**
 * Solves the numbers-only round (see F7QuickSolution) from `line` with the pile `pile` (all cards;
 * only the numbers are used), then `options.reshuffle`. `utility` as in f7SolveRound.
 */
export function f7QuickSolve(line: F7SolverLine, pile: F7Pile, options: F7QuickOptions = {}): F7QuickSolution {
  const mask = rootMask(line.numbers);
  const counts = pileCounts(pile);
  const next = options.reshuffle === undefined ? null : pileCounts(options.reshuffle);
  const canStay = line.hasCards ?? (mask !== 0 || (line.plus ?? 0) > 0 || (line.x2 ?? false) || (line.secondChance ?? false));
  const q = prepareQuick(counts, next, line.plus ?? 0, line.x2 ?? false, options.utility);
  const stay = canStay ? qUtil[q.score(mask)]! : null;
  let hit: number | null = null, bust = 0;
  if (q.total + q.nextTotal > 0) { hit = q.hit(mask, line.secondChance ? 0 : 14); bust = q.outB; }
  const action: 'hit' | 'stay' = stay === null || (hit !== null && hit > stay) ? 'hit' : 'stay';
  return { stay, hit, action, bust: action === 'hit' ? bust : 0 };
}

function prepareQuick(counts: readonly number[], next: readonly number[] | null, plus: number, x2: boolean, utility: ((s: number) => number) | undefined): QuickSolver {
  const q = quick;
  let total = 0, nextTotal = 0;
  for (let c = 0; c <= MAX_NUMBER; c++) {
    q.pile[c] = counts[c]!; total += counts[c]!;
    q.next[c] = next?.[c] ?? 0; nextTotal += q.next[c]!;
  }
  q.total = total;
  q.nextTotal = nextTotal;
  q.plus = plus;
  q.mult = x2 ? 2 : 1;
  for (let sc = 0; sc <= Q_MAX_SCORE; sc++) qUtil[sc] = utility ? utility(sc) : sc;
  q.u0 = qUtil[0]!;
  qGen++;
  return q;
}

/** Points-policy value and bust chance of every line, with the pile = the 79 numbers less the line's. */
interface FreshTable { value: Float64Array; bust: Float64Array; empty: { value: number; bust: number } }
const FRESH = new Map<number, FreshTable>();

/**
 * The points-maximising value and bust chance of a line as if the pile were the whole deck's numbers
 * less the line's own (F7-1) — the other seats' cards ignored — from the numbers-only solver, solved
 * once per process for each Second Chance state (≈ 5 ms each, 64 kB) and then read from a table.
 * Modifiers are applied afterwards (value × 2 with the ×2, + modifiers when not busting) rather than
 * solved with — an approximation: the expert only uses it to picture its opponents' rounds cheaply.
 */
export function f7FreshLineOdds(line: F7SolverLine): { value: number; bust: number } {
  const mask = rootMask(line.numbers);
  const sc = line.secondChance ? 1 : 0;
  let t = FRESH.get(sc);
  if (t === undefined) {
    const q = prepareQuick(F7_NUMBERS_PILE as number[], null, 0, false, undefined);
    const scs = sc ? 0 : 14;
    const empty = { value: q.hit(0, scs), bust: q.outB };
    t = { value: new Float64Array(1 << 13), bust: new Float64Array(1 << 13), empty };
    for (let m = 1; m < 1 << 13; m++) {
      const k = m * 15 + scs;
      if (qStamp[k] === qGen) { t.value[m] = qValue[k]!; t.bust[m] = qBust[k]!; }
    }
    FRESH.set(sc, t);
  }
  const r = mask === 0 ? t.empty : { value: t.value[mask]!, bust: t.bust[mask]! }; // no number yet: hitting
  return { value: r.value * (line.x2 ? 2 : 1) + (line.plus ?? 0) * (1 - r.bust), bust: r.bust };
}
