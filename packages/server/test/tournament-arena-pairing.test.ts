import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ArenaWave, type WaitingPlayer, hasRepeat, pairArenaWave } from '../src/tournament/arena-pairing.js';

// One arena pairing wave: who sits, at which table, and who waits.

const MINUTE = 60_000;
const NOW = 10 * MINUTE;
const player = (id: string, points: number, waitingSince = NOW, lastOpponents: string[] = []): WaitingPlayer => ({ id, points, waitingSince, lastOpponents });
const wave = (waiting: WaitingPlayer[], over: Partial<ArenaWave> = {}): ArenaWave => ({ waiting, size: 4, minimum: 3, now: NOW, maxWaitMs: MINUTE, ...over });
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);
const lastOf = (w: ArenaWave) => new Map(w.waiting.map((p) => [p.id, new Set(p.lastOpponents)]));

/** Waiting players, each from one of the previous tables (consecutive groups of `size`), with points and waits drawn. */
const waves = fc.record({
  size: fc.integer({ min: 2, max: 6 }),
  groups: fc.integer({ min: 1, max: 12 }),
  extra: fc.integer({ min: 0, max: 5 }),
  minimumBelow: fc.integer({ min: 0, max: 3 }),
  seed: fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 3 * MINUTE })), { minLength: 80, maxLength: 80 }),
}).map(({ size, groups, extra, minimumBelow, seed }) => {
  const n = groups * size + extra;
  const all = ids('p', n);
  const waiting = all.map((id, i) => {
    const g = Math.floor(i / size);
    const lastOpponents = g < groups ? all.slice(g * size, g * size + size).filter((o) => o !== id) : [];
    const [points, waited] = seed[i % seed.length]!;
    return player(id, points, NOW - waited, lastOpponents);
  });
  return wave(waiting, { size, minimum: Math.max(2, size - minimumBelow) });
});

describe('pairArenaWave', () => {
  it('fills tables of the wanted size with players of similar points; the rest wait', () => {
    const w = wave(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((id, i) => player(id, 20 - 2 * i, NOW - 1000 * (10 - i))));
    expect(pairArenaWave(w)).toEqual({ tables: [['a', 'b', 'c', 'd'], ['e', 'f', 'g', 'h']], waiting: ['i'] });
  });

  it('seats the longest waiting first, then groups them by points (ties by id)', () => {
    const w = wave([player('x', 0, NOW - 5), player('y', 9, NOW - 1), player('z', 9, NOW - 9), player('w', 3, NOW - 7), player('v', 9, NOW - 8)]);
    expect(pairArenaWave(w)).toEqual({ tables: [['v', 'z', 'w', 'x']], waiting: ['y'] });
  });

  it('makes a smaller table, down to the minimum, once someone has waited the max wait', () => {
    const three = [player('a', 1, NOW - MINUTE), player('b', 2, NOW - 5), player('c', 3, NOW)];
    expect(pairArenaWave(wave(three))).toEqual({ tables: [['c', 'b', 'a']], waiting: [] });
    expect(pairArenaWave(wave(three, { now: NOW - 1 }))).toEqual({ tables: [], waiting: ['a', 'b', 'c'] });
    expect(pairArenaWave(wave(three.slice(0, 2)))).toEqual({ tables: [], waiting: ['a', 'b'] });
  });

  it('seats 13 overdue at 4 + 3 + 3 + 3, and 13 with one overdue at full tables, the overdue one seated', () => {
    const all = ids('p', 13).map((id, i) => player(id, 13 - i, NOW - MINUTE));
    expect(pairArenaWave(wave(all)).tables.map((t) => t.length)).toEqual([4, 3, 3, 3]);
    const oneOverdue = all.map((p, i) => ({ ...p, waitingSince: i === 12 ? NOW - MINUTE : NOW }));
    const r = pairArenaWave(wave(oneOverdue));
    expect(r.tables.map((t) => t.length)).toEqual([4, 4, 4]);
    expect(r.tables.flat()).toContain('p12');
    expect(r.waiting).toEqual(['p11']);
  });

  it('does not put two tables of the previous games back together', () => {
    const a = ['a1', 'a2', 'a3', 'a4'], b = ['b1', 'b2', 'b3', 'b4'];
    const from = (group: string[], points: number) => group.map((id) => player(id, points, NOW, group.filter((o) => o !== id)));
    const r = pairArenaWave(wave([...from(a, 10), ...from(b, 2)]));
    expect(r.waiting).toEqual([]);
    for (const t of r.tables) expect(t.filter((id) => id.startsWith('a'))).toHaveLength(2);
  });

  it('gives a repeating table a new face from those still waiting', () => {
    const a = ['a1', 'a2', 'a3', 'a4'];
    const w = wave([...a.map((id) => player(id, 5, NOW - 10, a.filter((o) => o !== id))), player('n', 0, NOW)]);
    const r = pairArenaWave(w);
    expect(r.tables).toHaveLength(1);
    expect(r.tables[0]).toContain('n');
    expect(r.waiting).toHaveLength(1);
    expect(hasRepeat(r.tables[0]!, lastOf(w))).toBe(false);
  });

  it('pairs the same opponents again when nobody else waits', () => {
    const a = ['a1', 'a2', 'a3'];
    const r = pairArenaWave(wave(a.map((id) => player(id, 5, NOW - MINUTE, a.filter((o) => o !== id)))));
    expect(r.tables).toEqual([['a1', 'a2', 'a3']]);
  });

  it('seats every player at most once, at tables within [minimum, size], full unless someone overdue waited', () => {
    fc.assert(fc.property(waves, (w) => {
      const r = pairArenaWave(w);
      const everyone = [...r.tables.flat(), ...r.waiting].sort();
      expect(everyone).toEqual(w.waiting.map((p) => p.id).sort());
      for (const t of r.tables) expect(t.length).toBeGreaterThanOrEqual(w.minimum);
      for (const t of r.tables) expect(t.length).toBeLessThanOrEqual(w.size);
      const overdue = w.waiting.some((p) => w.now - p.waitingSince >= w.maxWaitMs);
      if (!overdue) for (const t of r.tables) expect(t).toHaveLength(w.size);
      if (!overdue) expect(r.waiting.length).toBeLessThan(w.size);
    }));
  });

  it('leaves nobody with only their previous opponents when the previous tables are mixed', () => {
    fc.assert(fc.property(waves.filter((w) => w.waiting.length >= 2 * w.size), (w) => {
      const last = lastOf(w);
      for (const t of pairArenaWave(w).tables) expect(hasRepeat(t, last), t.join(' ')).toBe(false);
    }));
  });

  it('gives the same tables for the same players in any order', () => {
    fc.assert(fc.property(waves.chain((w) => fc.tuple(fc.constant(w), fc.shuffledSubarray([...w.waiting], { minLength: w.waiting.length }))), ([w, shuffled]) => {
      expect(pairArenaWave({ ...w, waiting: shuffled })).toEqual(pairArenaWave(w));
    }));
  });
});
