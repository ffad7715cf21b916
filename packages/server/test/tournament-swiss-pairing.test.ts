import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tableClashes } from '../src/tournament/group-tables.js';
import { type SwissPlayer, type SwissRound, pairSwissRound } from '../src/tournament/swiss-pairing.js';
import { evenTableSizes, largestSeating } from '../src/tournament/table-sizes.js';

// One Swiss round: table sizes, byes, similar scores together, repeat opponents avoided.

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i).padStart(3, '0')}`);
const fresh = (id: string, score = 0, met: string[] = []): SwissPlayer => ({ id, score, rating: 0, met, hadBye: false });
const round = (players: SwissPlayer[], size = 4, minimum = 3): SwissRound => ({ players, size, minimum });
const metClash = (players: readonly SwissPlayer[]) => {
  const met = new Map(players.map((p) => [p.id, new Set(p.met)]));
  return (a: string, b: string) => (met.get(a)!.has(b) || met.get(b)!.has(a) ? 1 : 0);
};

/** The players after a round: each has met their table, and `score` grows by a drawn amount. */
function afterRound(players: readonly SwissPlayer[], tables: readonly string[][], gains: readonly number[]): SwissPlayer[] {
  const tableOf = new Map(tables.flatMap((t) => t.map((id) => [id, t] as const)));
  return players.map((p, i) => ({ ...p, score: p.score + gains[i % gains.length]!, met: [...p.met, ...(tableOf.get(p.id) ?? []).filter((o) => o !== p.id)] }));
}

describe('table sizes', () => {
  it('splits as evenly as the count allows, the larger tables first', () => {
    expect(evenTableSizes(13, 4, 3)).toEqual([4, 3, 3, 3]);
    expect(evenTableSizes(12, 4, 3)).toEqual([4, 4, 4]);
    expect(evenTableSizes(14, 5, 2)).toEqual([5, 5, 4]);
    expect(evenTableSizes(5, 4, 3)).toBeNull();
    expect(largestSeating(5, 4, 3)).toEqual([4]);
    expect(largestSeating(2, 4, 3)).toEqual([]);
  });

  it('keeps every table within [minimum, size], sizes one apart at most, whenever a split exists', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 12 }), (n, size, min) => {
      fc.pre(min <= size);
      const sizes = evenTableSizes(n, size, min);
      const exists = Array.from({ length: n + 1 }, (_, t) => t).some((t) => t * min <= n && n <= t * size);
      expect(sizes !== null).toBe(exists);
      if (sizes === null) return;
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      for (const s of sizes) expect(s >= min && s <= size).toBe(true);
      if (n > 0) expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }));
  });
});

describe('pairSwissRound', () => {
  it('seats 13 players at 4 + 3 + 3 + 3 in order of score, then rating, then id', () => {
    const players = ids(13).map((id, i) => ({ ...fresh(id, i % 3), rating: i }));
    const r = pairSwissRound(round(players));
    expect(r.byes).toEqual([]);
    expect(r.tables).toEqual([['p011', 'p008', 'p005', 'p002'], ['p010', 'p007', 'p004'], ['p001', 'p012', 'p009'], ['p006', 'p003', 'p000']]);
  });

  it('gives a bye to the lowest ranked without one when the count cannot be split', () => {
    const players = ids(5).map((id, i) => ({ ...fresh(id, 5 - i), hadBye: i === 4 }));
    expect(pairSwissRound(round(players))).toEqual({ tables: [['p000', 'p001', 'p002', 'p004']], byes: ['p003'] });
  });

  it('keeps players who met apart: 8 players who met in two tables of 4 meet two new faces each', () => {
    const a = ids(4), b = ids(8).slice(4);
    const players = [...a.map((id) => fresh(id, 1, a.filter((o) => o !== id))), ...b.map((id) => fresh(id, 0, b.filter((o) => o !== id)))];
    const r = pairSwissRound(round(players));
    for (const t of r.tables) expect(t.filter((id) => a.includes(id))).toHaveLength(2);
  });

  it('meets nobody twice in round two when the first round leaves that possible', () => {
    // 16 players at tables of 4 after one round: four tables, one player of each at every new table.
    const first = ids(16).map((id) => fresh(id));
    const r1 = pairSwissRound(round(first));
    const second = afterRound(first, r1.tables, [0]);
    const r2 = pairSwissRound(round(second));
    const clash = metClash(second);
    expect(r2.tables.map((t) => tableClashes(clash, t))).toEqual([0, 0, 0, 0]);
  });

  const rounds = fc.record({
    n: fc.integer({ min: 1, max: 60 }),
    size: fc.integer({ min: 2, max: 6 }),
    minBelow: fc.integer({ min: 0, max: 3 }),
    played: fc.integer({ min: 0, max: 4 }),
    gains: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 17 }),
  });

  it('seats everyone once or gives a bye, at even tables within [minimum, size]', () => {
    fc.assert(fc.property(rounds, ({ n, size, minBelow, played, gains }) => {
      const minimum = Math.max(2, size - minBelow);
      let players = ids(n).map((id) => fresh(id));
      for (let k = 0; k < played; k++) players = afterRound(players, pairSwissRound(round(players, size, minimum)).tables, gains);
      const r = pairSwissRound(round(players, size, minimum));
      expect([...r.tables.flat(), ...r.byes].sort()).toEqual(players.map((p) => p.id).sort());
      for (const t of r.tables) expect(t.length >= minimum && t.length <= size).toBe(true);
      const lengths = r.tables.map((t) => t.length);
      if (lengths.length > 0) expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
      expect(r.byes.length > 0).toBe(evenTableSizes(n, size, minimum) === null);
    }));
  });

  it('gives the same round for the same players in any order', () => {
    fc.assert(fc.property(rounds.chain((c) => fc.tuple(fc.constant(c), fc.shuffledSubarray(ids(c.n), { minLength: c.n }))), ([{ n, size, gains }, order]) => {
      let players = ids(n).map((id) => fresh(id));
      players = afterRound(players, pairSwissRound(round(players, size, 2)).tables, gains);
      const byId = new Map(players.map((p) => [p.id, p]));
      expect(pairSwissRound(round(order.map((id) => byId.get(id)!), size, 2))).toEqual(pairSwissRound(round(players, size, 2)));
    }));
  });
});
