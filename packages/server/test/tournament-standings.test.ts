import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arenaStandings, buchholz, swissStandings } from '../src/tournament/standings.js';
import { swissPoints } from '../src/tournament/swiss-points.js';

// Standings: order, tie-breaks and shared ranks, on the worked examples of docs/tournaments.md.

describe('arenaStandings', () => {
  it('ranks the worked example: points, then wins', () => {
    const r = arenaStandings([
      { id: 'Eve', points: 2, wins: 0, reachedAt: 30 },
      { id: 'Cy', points: 3, wins: 0, reachedAt: 30 },
      { id: 'Ann', points: 12, wins: 3, reachedAt: 40 },
      { id: 'Dee', points: 0, wins: 0, reachedAt: 30 },
      { id: 'Bob', points: 3, wins: 1, reachedAt: 40 },
    ]);
    expect(r.map((x) => [x.rank, x.player.id])).toEqual([[1, 'Ann'], [2, 'Bob'], [3, 'Cy'], [4, 'Eve'], [5, 'Dee']]);
  });

  it('puts the first to reach equal points and wins ahead, and shares a rank on a full tie', () => {
    const r = arenaStandings([
      { id: 'b', points: 5, wins: 1, reachedAt: 20 },
      { id: 'a', points: 5, wins: 1, reachedAt: 20 },
      { id: 'c', points: 5, wins: 1, reachedAt: 10 },
      { id: 'd', points: 0, wins: 0, reachedAt: Infinity },
      { id: 'e', points: 0, wins: 0, reachedAt: Infinity },
    ]);
    expect(r.map((x) => [x.rank, x.player.id])).toEqual([[1, 'c'], [2, 'a'], [2, 'b'], [4, 'd'], [4, 'e']]);
  });
});

describe('swissStandings', () => {
  // Two rounds of six at tables of three (docs/tournaments.md): round 1 A 1st, B 2nd, C 3rd and
  // D 1st, E and F tied 2nd; round 2 D 1st, A 2nd, B 3rd and E 1st, C 2nd, F 3rd.
  const example = [
    { id: 'A', points: 1.5, wins: 1, opponents: ['B', 'C', 'D', 'B'] },
    { id: 'B', points: 0.5, wins: 0, opponents: ['A', 'C', 'A', 'D'] },
    { id: 'C', points: 0.5, wins: 0, opponents: ['A', 'B', 'E', 'F'] },
    { id: 'D', points: 2, wins: 2, opponents: ['E', 'F', 'A', 'B'] },
    { id: 'E', points: 1.25, wins: 1, opponents: ['D', 'F', 'F', 'C'] },
    { id: 'F', points: 0.25, wins: 0, opponents: ['D', 'E', 'E', 'C'] },
  ];

  it('takes its points from the two rounds’ places', () => {
    const points = new Map<string, number>();
    const game = (players: string[], places: number[]) => {
      const won = swissPoints(places.map((place) => ({ place, left: false })));
      players.forEach((p, i) => points.set(p, (points.get(p) ?? 0) + won[i]!));
    };
    game(['A', 'B', 'C'], [1, 2, 3]);
    game(['D', 'E', 'F'], [1, 2, 2]);
    game(['D', 'A', 'B'], [1, 2, 3]);
    game(['E', 'C', 'F'], [1, 2, 3]);
    expect(Object.fromEntries(example.map((p) => [p.id, p.points]))).toEqual(Object.fromEntries([...points].sort()));
  });

  it('sums the opponents’ points, once per game with each, for Buchholz', () => {
    expect(Object.fromEntries(buchholz(example))).toEqual({ A: 3.5, B: 5.5, C: 3.5, D: 3.5, E: 3, F: 5 });
  });

  it('ranks the worked example: points, then Buchholz', () => {
    expect(swissStandings(example).map((x) => [x.rank, x.player.id, x.buchholz])).toEqual([
      [1, 'D', 3.5], [2, 'A', 3.5], [3, 'E', 3], [4, 'B', 5.5], [5, 'C', 3.5], [6, 'F', 5],
    ]);
  });

  it('breaks a points-and-Buchholz tie by wins, and shares a rank on a full tie', () => {
    const r = swissStandings([
      { id: 'x', points: 0.1 + 0.2, wins: 0, opponents: [] },
      { id: 'y', points: 0.3, wins: 1, opponents: [] },
      { id: 'w', points: 0.3, wins: 0, opponents: [] },
    ]);
    expect(r.map((s) => [s.rank, s.player.id])).toEqual([[1, 'y'], [2, 'w'], [2, 'x']]);
  });

  it('orders by points and shares ranks exactly among equal rows, whatever the input order', () => {
    const rows = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 3 }), points: fc.integer({ min: 0, max: 4 }), wins: fc.integer({ min: 0, max: 2 }) }), { selector: (r) => r.id, maxLength: 20 });
    fc.assert(fc.property(rows.chain((r) => fc.tuple(fc.constant(r), fc.shuffledSubarray(r, { minLength: r.length }))), ([players, shuffled]) => {
      const withOpp = (ps: typeof players) => ps.map((p) => ({ ...p, opponents: [] }));
      const r = swissStandings(withOpp(players));
      expect(swissStandings(withOpp(shuffled))).toEqual(r);
      r.forEach((s, i) => {
        if (i === 0) return expect(s.rank).toBe(1);
        const prev = r[i - 1]!;
        expect(prev.player.points).toBeGreaterThanOrEqual(s.player.points);
        const tied = prev.player.points === s.player.points && prev.player.wins === s.player.wins;
        expect(s.rank).toBe(tied ? prev.rank : i + 1);
      });
    }));
  });
});
