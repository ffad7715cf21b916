import { SF_CARDS, type SfCard, type SfOptions, sfCheckDish } from '@parlor/rules';
import { type Counts, KINDS, NOODLES, choose, encode, forEachSubset, maskOf, size, universe, zeros } from './cards.js';

/** A legal dish (SF-20) and its points (SF-2, scored by the engine's `sfCheckDish`). */
export interface DishInfo {
  readonly mask: number;
  readonly cards: readonly SfCard[];
  readonly points: number;
}

/** All 154 legal dishes: Noodles plus 2–4 other distinct kinds (SF-20). Scored by sfCheckDish, never re-implemented. */
const ALL: DishInfo[] = (() => {
  const out: DishInfo[] = [];
  for (let m = 0; m < 1 << KINDS; m++) {
    if (!(m & (1 << NOODLES))) continue;
    const cards = SF_CARDS.filter((_, i) => m & (1 << i));
    const r = sfCheckDish(cards);
    if (r.legal) out.push({ mask: m, cards, points: r.points });
  }
  return out.sort((a, b) => b.points - a.points);
})();

const BY_MASK = new Map<number, DishInfo[]>();

/** Dishes a hand with these kinds present can cook, best first. */
export function dishesFor(mask: number): DishInfo[] {
  let list = BY_MASK.get(mask);
  if (list === undefined) {
    list = ALL.filter((d) => (d.mask & mask) === d.mask);
    BY_MASK.set(mask, list);
  }
  return list;
}

/** Points of the best dish a hand can cook now (0 if none). */
export function bestDishPoints(hand: readonly number[]): number {
  const d = dishesFor(maskOf(hand));
  return d.length === 0 ? 0 : d[0]!.points;
}

export function dishCounts(d: DishInfo): Counts {
  const c = zeros();
  for (let i = 0; i < KINDS; i++) if (d.mask & (1 << i)) c[i] = 1;
  return c;
}

export const WIN_VALUE = 1000;

/**
 * What cooking `points` is worth to a player on `score`, under the options: the score change, or
 * WIN_VALUE when it ends the game in the cook's favour (SF-27), plus a small bonus for opening
 * Closing Time (SF-28). Under Meticulous Chef (SF-29) a cook past the target bounces back, and a
 * score 1–3 short of the target is worth 6 less (no dish without Tofu scores so little, so it could
 * only be left by bouncing): this keeps "overshoot and bounce" attractive when stuck there.
 */
export function cookGain(points: number, score: number, options: SfOptions): { value: number; wins: boolean } {
  const { target, meticulousChef, closingTime } = options;
  let next = score + points;
  if (meticulousChef && next > target) next = target - (next - target);
  const reached = meticulousChef ? next === target : next >= target;
  if (reached && !closingTime) return { value: WIN_VALUE + (next - score), wins: true };
  let value = meticulousChef ? shaped(next, options) - shaped(score, options) : next - score;
  if (reached) value += 3;
  return { value, wins: false };
}

function shaped(x: number, options: SfOptions): number {
  const left = options.target - x;
  return left > 0 && left < 4 && !options.tofu ? x - 6 : x;
}

const POTENTIAL = new Map<number, number>();

/**
 * The expected best dish (points) from the kept cards plus `m` cards drawn at random from the rest
 * of the full deck — how much a kept hand is worth for the next turn. Exact enumeration, memoized.
 */
export function potential(keep: readonly number[], m: number, tofu: boolean): number {
  const key = (encode(keep) * 16 + m) * 2 + (tofu ? 1 : 0);
  const hit = POTENTIAL.get(key);
  if (hit !== undefined) return hit;
  const pool = universe({ tofu } as SfOptions);
  for (let i = 0; i < KINDS; i++) pool[i] = Math.max(0, pool[i]! - keep[i]!);
  const total = size(pool);
  const k = Math.min(m, total);
  const both = zeros();
  let sum = 0;
  forEachSubset(pool, k, (y, ways) => {
    for (let i = 0; i < KINDS; i++) both[i] = keep[i]! + y[i]!;
    sum += ways * bestDishPoints(both);
  });
  const value = sum / choose(total, k);
  POTENTIAL.set(key, value);
  return value;
}

const KEEP = new Map<number, { value: number; keep: Counts }>();

/** The best cards to keep when discarding down to 3 (SF-24), by `potential`. */
export function bestKeep(hand: readonly number[], m: number, tofu: boolean): { value: number; keep: Counts } {
  const n = Math.min(3, size(hand));
  const key = (encode(hand) * 16 + m) * 2 + (tofu ? 1 : 0);
  const hit = KEEP.get(key);
  if (hit !== undefined) return hit;
  let best = { value: -Infinity, keep: zeros() };
  forEachSubset(hand, n, (y) => {
    const v = potential(y, m, tofu);
    if (v > best.value) best = { value: v, keep: y.slice() };
  });
  if (KEEP.size > 200_000) KEEP.clear();
  KEEP.set(key, best);
  return best;
}
