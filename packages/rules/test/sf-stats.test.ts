import { describe, expect, it } from 'vitest';
import { type SfEvent, type SfPlayerStats, sfStats, stirFryEighteen as game } from '../src/index.js';
import { playOut, randomChoice } from './support/play.js';

const zero = (seat: number): SfPlayerStats => ({
  seat, dishesCooked: 0, bestDish: null, bluffsMade: 0, bluffsCaught: 0, tasteTestsWon: 0, tasteTestsLost: 0, cardsDrawn: 0,
});

describe('sfStats', () => {
  it('gives zeros to every seat of an empty game', () => {
    expect(sfStats([], 3)).toEqual([zero(0), zero(1), zero(2)]);
  });

  it('counts draws, dishes and the best dish', () => {
    const events: SfEvent[] = [
      { type: 'turn-start', player: 0, turn: 1 },
      { type: 'draw', player: 0, reason: 'turn', owed: 1, count: 1, blocked: false },
      { type: 'drawn', player: 0, cards: ['noodles'], only: 0 },
      { type: 'cook', player: 0, cards: ['shrimp', 'ginger', 'noodles'], values: [9, 2, 1], points: 12, score: 12, bounced: false },
      { type: 'draw', player: 0, reason: 'cook', owed: 1, count: 1, blocked: false },
      { type: 'turn-end', player: 0 },
      { type: 'turn-start', player: 1, turn: 2 },
      // SF-26: the pile was short — only the cards really drawn count.
      { type: 'draw', player: 1, reason: 'turn', owed: 2, count: 1, blocked: false },
      { type: 'turn-end', player: 1 },
      { type: 'turn-start', player: 0, turn: 3 },
      { type: 'cook', player: 0, cards: ['soy-sauce', 'mushroom', 'noodles'], values: [1, 2, 1], points: 4, score: 16, bounced: false },
      { type: 'draw', player: 0, reason: 'cook', owed: 1, count: 0, blocked: true },
    ];
    const s = sfStats(events, 2);
    expect(s[0]).toEqual({ ...zero(0), dishesCooked: 2, bestDish: 12, cardsDrawn: 2 });
    expect(s[1]).toEqual({ ...zero(1), cardsDrawn: 1 });
  });

  it('keeps a negative best dish (Tofu with a meat, SF-2)', () => {
    const s = sfStats([
      { type: 'cook', player: 1, cards: ['chicken', 'noodles', 'tofu'], values: [3, 1, -5], points: -1, score: -1, bounced: false },
    ], 2);
    expect(s[1]!.bestDish).toBe(-1);
  });

  it('tells bluffs from honest discards by the private put-down (SF-12), tested or not', () => {
    const events: SfEvent[] = [
      // Seat 0: an honest pair, trusted.
      { type: 'declare', player: 0, kind: 'pair', claim: null, mayTest: [1, 2] },
      { type: 'put-down', player: 0, cards: ['noodles', 'noodles'], only: 0 },
      { type: 'trust', player: 1 }, { type: 'trust', player: 2 },
      { type: 'draw', player: 0, reason: 'discard', owed: 3, count: 3, blocked: false },
      // Seat 0: a protein bluff, trusted (made, not caught).
      { type: 'declare', player: 0, kind: 'protein', claim: 'shrimp', mayTest: [1, 2] },
      { type: 'put-down', player: 0, cards: ['mushroom'], only: 0 },
      { type: 'trust', player: 1 }, { type: 'trust', player: 2 },
      { type: 'draw', player: 0, reason: 'discard', owed: 4, count: 4, blocked: false },
      // Seat 1: a pair bluff, caught by seat 2.
      { type: 'declare', player: 1, kind: 'pair', claim: null, mayTest: [0, 2] },
      { type: 'put-down', player: 1, cards: ['ginger', 'soy-sauce'], only: 1 },
      { type: 'taste-test', tester: 2, declarer: 1, kind: 'pair', claim: null, cards: ['ginger', 'soy-sauce'], honest: false },
      // Seat 1: an honest protein, tested by seat 0, who loses the test.
      { type: 'declare', player: 1, kind: 'protein', claim: 'pork', mayTest: [0, 2] },
      { type: 'put-down', player: 1, cards: ['pork'], only: 1 },
      { type: 'taste-test', tester: 0, declarer: 1, kind: 'protein', claim: 'pork', cards: ['pork'], honest: true },
      { type: 'tester-discards-hand', player: 0, count: 3 },
      { type: 'draw', player: 1, reason: 'discard', owed: 3, count: 0, blocked: true },
      // Seat 2: Tofu pairs with anything (SF-12, SF-30): honest.
      { type: 'declare', player: 2, kind: 'pair', claim: null, mayTest: [] },
      { type: 'put-down', player: 2, cards: ['chicken', 'tofu'], only: 2 },
      // A discard-down's put-down is no declaration.
      { type: 'discard-down', player: 2, count: 2 },
      { type: 'put-down', player: 2, cards: ['ginger', 'noodles'], only: 2 },
    ];
    const s = sfStats(events, 3);
    expect(s[0]).toEqual({ ...zero(0), bluffsMade: 1, tasteTestsLost: 1, cardsDrawn: 7 });
    expect(s[1]).toEqual({ ...zero(1), bluffsMade: 1, bluffsCaught: 1 });
    expect(s[2]).toEqual({ ...zero(2), tasteTestsWon: 1 });
  });

  it('agrees with whole random games played by the engine', async () => {
    for (const seed of ['stats-1', 'stats-2', 'stats-3', 'stats-4']) {
      const start = game.setup({ players: 3, seed, options: { tofu: seed.endsWith('2') } });
      if (!start.ok) throw new Error(start.error.message);
      const all: SfEvent[] = [];
      let tests = 0;
      let bluffTests = 0;
      await playOut(game, start.value, randomChoice, {
        seed,
        onStep: (_step, _after, events: SfEvent[]) => {
          all.push(...events);
          for (const e of events) if (e.type === 'taste-test') { tests++; if (!e.honest) bluffTests++; }
        },
      });
      const s = sfStats(all, 3);
      const sum = (f: (p: SfPlayerStats) => number) => s.reduce((n, p) => n + f(p), 0);
      expect(sum((p) => p.tasteTestsWon + p.tasteTestsLost)).toBe(tests);
      expect(sum((p) => p.bluffsCaught)).toBe(bluffTests);
      expect(sum((p) => p.tasteTestsWon)).toBe(bluffTests);
      for (const p of s) expect(p.bluffsCaught).toBeLessThanOrEqual(p.bluffsMade);
      const draws = all.filter((e) => e.type === 'draw').reduce((n, e) => n + (e.type === 'draw' ? e.count : 0), 0);
      expect(sum((p) => p.cardsDrawn)).toBe(draws);
      expect(sum((p) => p.dishesCooked)).toBe(all.filter((e) => e.type === 'cook').length);
    }
  });
});
