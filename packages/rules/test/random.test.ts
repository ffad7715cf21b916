import { describe, expect, it } from 'vitest';
import { createRng, nextU32, randomInt, seedRng, shuffleInPlace, type RngState } from '../src/index.js';

describe('seeded generator (xoshiro128**)', () => {
  it('follows the reference algorithm: state 1,2,3,4 gives 11520, 0, 5927040', () => {
    // Worked by hand from the published definition: out = rotl(s1*5, 7)*9, then the xor/shift update.
    const s: RngState = [1, 2, 3, 4];
    expect([nextU32(s), nextU32(s), nextU32(s)]).toEqual([11520, 0, 5927040]);
  });

  it('seeds from SHA-256 of the text, little-endian words', () => {
    // SHA-256("") begins e3 b0 c4 42 98 fc 1c 14 ...
    expect(seedRng('')[0]).toBe(0x42c4b0e3);
    expect(seedRng('')[1]).toBe(0x141cfc98);
  });

  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = createRng('table 7'), b = createRng('table 7'), c = createRng('table 8');
    const seq = (r: typeof a) => Array.from({ length: 20 }, () => r.int(1000));
    const sa = seq(a);
    expect(seq(b)).toEqual(sa);
    expect(seq(c)).not.toEqual(sa);
  });

  it('draws integers in range with every value reachable', () => {
    const s = seedRng('range');
    const seen = new Array(7).fill(0);
    for (let i = 0; i < 7000; i++) {
      const x = randomInt(s, 7);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(7);
      seen[x]++;
    }
    for (const n of seen) expect(n).toBeGreaterThan(800); // ~1000 each
  });

  it('shuffles into a permutation of the same items', () => {
    const s = seedRng('shuffle');
    const items = Array.from({ length: 94 }, (_, i) => i);
    shuffleInPlace(s, items);
    expect(items.slice().sort((x, y) => x - y)).toEqual(Array.from({ length: 94 }, (_, i) => i));
    expect(items).not.toEqual(Array.from({ length: 94 }, (_, i) => i));
  });

  it('the Rng handle copies its state and refuses to pick from nothing', () => {
    const r = createRng([5, 6, 7, 8]);
    const st = r.state();
    r.int(10);
    expect(r.state()).not.toEqual(st);
    expect(() => r.pick([])).toThrow(RangeError);
  });
});
