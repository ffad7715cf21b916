import { SF_BASE_COUNTS, SF_CARDS, type SfCard, type SfOptions, sfCardIndex, sfCountCards } from '@parlor/rules';

/** Card kinds indexed like SF_CARDS (shrimp … noodles, tofu). Hands are count vectors over them. */
export const KINDS = SF_CARDS.length;
export const SHRIMP = 0, PORK = 1, CHICKEN = 2, GINGER = 3, GREEN_ONION = 4, SOY = 5, MUSHROOM = 6, NOODLES = 7, TOFU = 8;
export type Counts = number[];

export function zeros(): Counts {
  return new Array<number>(KINDS).fill(0);
}

/** Counts of each kind in `cards` (the rules package's own counter). */
export function countsOf(cards: readonly SfCard[]): Counts {
  return sfCountCards(cards);
}

export function size(c: readonly number[]): number {
  let n = 0;
  for (let i = 0; i < KINDS; i++) n += c[i]!;
  return n;
}

export function add(a: readonly number[], b: readonly number[]): Counts {
  const out = zeros();
  for (let i = 0; i < KINDS; i++) out[i] = a[i]! + b[i]!;
  return out;
}

export function sub(a: readonly number[], b: readonly number[]): Counts {
  const out = zeros();
  for (let i = 0; i < KINDS; i++) out[i] = a[i]! - b[i]!;
  return out;
}

export function contains(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < KINDS; i++) if (a[i]! < b[i]!) return false;
  return true;
}

export function equal(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < KINDS; i++) if (a[i]! !== b[i]!) return false;
  return true;
}

/** Which kinds are present, as a 9-bit mask (a dish uses distinct kinds, so this is all it needs). */
export function maskOf(c: readonly number[]): number {
  let m = 0;
  for (let i = 0; i < KINDS; i++) if (c[i]! > 0) m |= 1 << i;
  return m;
}

/** A count vector as one number (base 6; at most 5 of a kind exist). */
export function encode(c: readonly number[]): number {
  let x = 0;
  for (let i = KINDS - 1; i >= 0; i--) x = x * 6 + c[i]!;
  return x;
}

export function decode(x: number, out: Counts = zeros()): Counts {
  for (let i = 0; i < KINDS; i++) { out[i] = x % 6; x = (x - out[i]!) / 6; }
  return out;
}

/**
 * Every card of the game (SF-1), with Tofu (SF-30) when the option is on: then 19 cards, one base
 * card of which is the unseen removed one (it never leaves the "unknown" pool).
 */
export function universe(options: SfOptions): Counts {
  const c = zeros();
  for (const [card, n] of Object.entries(SF_BASE_COUNTS) as [SfCard, number][]) c[sfCardIndex(card)] = n;
  if (options.tofu) c[TOFU] = 1;
  return c;
}

/** Binomial coefficients up to 24. */
const BINOM: number[][] = [];
for (let n = 0; n <= 24; n++) {
  BINOM.push([]);
  for (let k = 0; k <= n; k++) BINOM[n]!.push(k === 0 || k === n ? 1 : BINOM[n - 1]![k - 1]! + BINOM[n - 1]![k]!);
}
export function choose(n: number, k: number): number {
  if (k < 0 || n < 0 || k > n) return 0;
  return BINOM[n]![k]!;
}

/**
 * Calls `f(y, ways)` for every multiset y of `k` cards drawable from `pool` (counts), with
 * ways = Π C(pool_i, y_i): the number of card-level draws giving y. `y` is reused: copy to keep.
 */
export function forEachSubset(pool: readonly number[], k: number, f: (y: Counts, ways: number) => void): void {
  const y = zeros();
  const rest = new Array<number>(KINDS + 1).fill(0);
  for (let i = KINDS - 1; i >= 0; i--) rest[i] = rest[i + 1]! + pool[i]!;
  const go = (i: number, left: number, ways: number) => {
    if (left === 0) { f(y, ways); return; }
    if (i >= KINDS || rest[i]! < left) return;
    const most = Math.min(pool[i]!, left);
    for (let n = most; n >= 0; n--) {
      y[i] = n;
      go(i + 1, left - n, ways * choose(pool[i]!, n));
    }
    y[i] = 0;
  };
  go(0, k, 1);
}

export function cardsOf(c: readonly number[]): SfCard[] {
  const out: SfCard[] = [];
  for (let i = 0; i < KINDS; i++) for (let n = 0; n < c[i]!; n++) out.push(SF_CARDS[i]!);
  return out;
}
