import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The rules' only source of chance: xoshiro128** (Blackman & Vigna), a 128-bit state of four
 * unsigned 32-bit words, seeded with the first 16 bytes of SHA-256(UTF-8 seed text), read as
 * little-endian words. Plain data (a 4-number array) so a state can be copied and stored; the same
 * seed gives the same sequence in Node and in a browser, since it uses only 32-bit integer math.
 */
export type RngState = [number, number, number, number];

export function seedRng(seed: string): RngState {
  const h = sha256(utf8ToBytes(seed));
  const word = (i: number) => ((h[i]! | (h[i + 1]! << 8) | (h[i + 2]! << 16) | (h[i + 3]! << 24)) >>> 0);
  const s: RngState = [word(0), word(4), word(8), word(12)];
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1; // the all-zero state is xoshiro's one fixed point
  return s;
}

/** Next 32-bit output; advances `s` in place. */
export function nextU32(s: RngState): number {
  const s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3];
  const m = Math.imul(s1, 5);
  const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
  const t = s1 << 9;
  const n2 = s2 ^ s0;
  const n3 = s3 ^ s1;
  s[1] = (s1 ^ n2) >>> 0;
  s[0] = (s0 ^ n3) >>> 0;
  s[2] = (n2 ^ t) >>> 0;
  s[3] = ((n3 << 11) | (n3 >>> 21)) >>> 0;
  return result;
}

/**
 * A uniform integer in [0, n) for 1 ≤ n ≤ 2^21, without bias: Lemire's multiply-and-reject method
 * (the high 32 bits of x·n, rejecting the few x whose low bits fall under 2^32 mod n). The common
 * path needs no division, which matters in shuffles and bot search. Advances `s`.
 */
export function randomInt(s: RngState, n: number): number {
  if (n <= 1) return 0;
  let x = nextU32(s);
  let low = Math.imul(x, n) >>> 0; // the low 32 bits of x·n
  if (low < n) {
    const threshold = (TWO32 - n) % n; // = 2^32 mod n, only needed on this rare path
    while (low < threshold) {
      x = nextU32(s);
      low = Math.imul(x, n) >>> 0;
    }
  }
  return Math.floor((x * n) / TWO32); // the high bits; x·n < 2^53 is exact
}

const TWO32 = 0x100000000;

/** A uniform float in [0, 1) with 32 bits of randomness; advances `s`. */
export function randomFloat(s: RngState): number {
  return nextU32(s) / 0x100000000;
}

/** Fisher–Yates shuffle of `items` in place; advances `s`. */
export function shuffleInPlace<T>(s: RngState, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(s, i + 1);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
}

/** A convenient handle on a generator for callers outside the rules (bots, simulators). */
export interface Rng {
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Uniform pick from a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** The generator's state (a copy). */
  state(): RngState;
}

export function createRng(seed: string | RngState): Rng {
  const s: RngState = typeof seed === 'string' ? seedRng(seed) : [seed[0], seed[1], seed[2], seed[3]];
  return {
    int: (n) => randomInt(s, n),
    float: () => randomFloat(s),
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[randomInt(s, items.length)]!;
    },
    state: () => [s[0], s[1], s[2], s[3]],
  };
}

/** A new generator state drawn from `rng` (never xoshiro's all-zero fixed point). */
export function rngStateFrom(rng: Rng): RngState {
  const word = () => ((rng.int(1 << 16) << 16) | rng.int(1 << 16)) >>> 0;
  const s: RngState = [word(), word(), word(), word()];
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1;
  return s;
}
