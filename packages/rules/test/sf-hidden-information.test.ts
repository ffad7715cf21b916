import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, eventsFor, type SfEvent, type SfState, sfResample as resample, stirFryEighteen as game } from '../src/index.js';

// SF-33, tested as an information-set check: for a seat p, build another state that differs only in
// what p may not know (sfResample, src/stir-fry-eighteen/resample.ts), then require p's view, and p's events from the next
// move, to be identical.
import { playOut, randomChoice } from './support/play.js';
import { sfGameArb } from './support/sf-arbitraries.js';

const viewers = (s: SfState) => [...Array.from({ length: s.players }, (_, i) => i), 'spectator' as const];

describe('SF-33 hidden information', () => {
  it('no view depends on anything its viewer may not know', async () => {
    await fc.assert(fc.asyncProperty(sfGameArb, async ({ seed, players, options }) => {
      const start = game.setup({ players, options, seed });
      if (!start.ok) throw new Error(start.error.message);
      const rng = createRng(`resample ${seed}`);
      await playOut(game, start.value, randomChoice, {
        seed, maxActions: 300,
        onStep: ({ before }) => {
          for (const v of viewers(before)) {
            const other = resample(before, v, rng);
            expect(game.view(other, v)).toEqual(game.view(before, v));
          }
        },
      });
    }), { numRuns: 80 });
  });

  it("a seat's events from a move do not depend on anything it may not know", async () => {
    await fc.assert(fc.asyncProperty(sfGameArb, async ({ seed, players, options }) => {
      const start = game.setup({ players, options, seed });
      if (!start.ok) throw new Error(start.error.message);
      const rng = createRng(`events ${seed}`);
      await playOut(game, start.value, randomChoice, {
        seed, maxActions: 300,
        onStep: ({ before, seat, action }, _after, events: SfEvent[]) => {
          for (const v of viewers(before)) {
            const p = v === 'spectator' ? -1 : v;
            const pDraws = events.some((e) => e.type === 'drawn' && e.player === p);
            const other = resample(before, v, rng, { mover: seat, declaration: true, pileAndPutDown: pDraws });
            const r = game.apply(other, seat, action);
            expect(r.ok).toBe(true);
            if (!r.ok) return;
            // A move that ends the game shows everything (SF-33); compare the rest of it.
            const hideEnd = (list: SfEvent[]) => list.map((e) => (e.type === 'game-over' ? { ...e, hands: [], removed: null } : e));
            expect(hideEnd(eventsFor(r.events, v))).toEqual(hideEnd(eventsFor(events, v)));
            if (_after.phase !== 'over') expect(game.view(r.state, v)).toEqual(game.view(_after, v));
          }
        },
      });
    }), { numRuns: 60 });
  });

  it('no view or public event holds another player\'s hand, the draw pile or the removed card', async () => {
    const start = game.setup({ players: 4, seed: 'peek', options: { tofu: true } });
    if (!start.ok) throw new Error(start.error.message);
    await playOut(game, start.value, randomChoice, {
      seed: 'peek', maxActions: 400,
      onStep: ({ before }: { before: SfState }, _after: SfState, events: SfEvent[]) => {
        for (const v of viewers(before)) {
          const view = game.view(before, v) as unknown as Record<string, unknown>;
          expect(Object.keys(view)).not.toContain('hands');
          expect(Object.keys(view)).not.toContain('drawPile');
          expect(Object.keys(view)).not.toContain('rng');
          if (before.phase !== 'over') {
            expect(view.finalHands).toBeNull();
            expect(view.removed).toBeNull();
          }
        }
        for (const e of events as SfEvent[]) {
          if (e.type === 'drawn' || e.type === 'put-down') expect(e.only).toBe(e.player);
          if (!('only' in e) && e.type !== 'game-over') {
            // Public events name cards only when they are shown to all: a taste test or a dish.
            if ('cards' in e) expect(['taste-test', 'cook']).toContain(e.type);
            expect('hands' in e).toBe(false);
          }
        }
      },
    });
  });
});
