import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  flip7, f7ApplyInPlace, f7CloneState, f7LegalActions, f7View, type F7Action, type F7State,
} from '../src/index.js';
import { expectAllCards, mulberry } from './flip-7-support.js';
import { playOut } from './support/play.js';

const gameArb = fc.record({
  seed: fc.string({ maxLength: 12 }),
  players: fc.integer({ min: 2, max: 12 }),
  target: fc.constantFrom(100, 200, 300),
  pick: fc.integer({ min: 1, max: 0x7fffffff }),
});

/** Generous bound: random games take ~100 decisions for 4 players to 200. */
const MAX_ACTIONS = 50_000;

function start(seed: string, players: number, target: number): F7State {
  const r = flip7.setup({ players, options: { target }, seed });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Uniformly random legal actions, drawn from the test's own generator (`pick` seeds it). */
function randomPolicy(pick: number): (s: F7State, seat: number, legal: readonly F7Action[]) => F7Action {
  const rand = mulberry(pick);
  return (_s, _seat, legal) => legal[Math.floor(rand() * legal.length)]!;
}

/**
 * Plays uniformly random legal actions to the end through the game driver, calling `check` on
 * every position (the first, and the one after each action); throws if the game does not end.
 */
async function playToEnd(s: F7State, pick: number, check: (s: F7State, step: number) => void): Promise<F7State> {
  let step = 0;
  check(s, step);
  const r = await playOut(flip7, s, randomPolicy(pick), {
    seed: `pick ${pick}`, maxActions: MAX_ACTIONS, onStep: (_played, after) => check(after, ++step),
  });
  if (flip7.outcome(r.state) === null) throw new Error('the game did not end');
  return r.state;
}

function checkToAct(s: F7State): void {
  const toAct = flip7.toAct(s);
  const over = flip7.outcome(s) !== null;
  expect(toAct.length).toBe(over ? 0 : 1); // Flip 7 asks one player at a time
  for (let seat = 0; seat < s.players; seat++) {
    expect(f7LegalActions(s, seat).length > 0).toBe(toAct.includes(seat));
  }
  // every decision is a real choice (forced moves are played by the engine)
  if (!over) expect(f7LegalActions(s, toAct[0]!).length).toBeGreaterThanOrEqual(2);
}

describe('Flip 7 properties (random seeds, 2–12 players, random target)', () => {
  it('accounts for all 94 cards, always asks someone, accepts every listed action, and ends', async () => {
    const ended = new Set<number>();
    await fc.assert(fc.asyncProperty(gameArb, async ({ seed, players, target, pick }) => {
      const end = await playToEnd(start(seed, players, target), pick, (s) => { expectAllCards(s); checkToAct(s); });
      const outcome = flip7.outcome(end)!;
      // F7-15: one winner, with the highest total, at or past the target
      expect(outcome.winners.length).toBe(1);
      const best = Math.max(...outcome.scores);
      expect(outcome.scores[outcome.winners[0]!]).toBe(best);
      expect(best).toBeGreaterThanOrEqual(target);
      expect(outcome.scores.filter((x) => x === best).length).toBe(1);
      ended.add(target);
    }), { numRuns: 60 });
    // Every target was played to its end, 300 included (a third of the runs on average).
    expect([...ended].sort((a, b) => a - b)).toEqual([100, 200, 300]);
  });

  it('accepts an action exactly when it is listed; a refused one leaves the state as it was', async () => {
    const actionArb = fc.oneof(
      fc.constantFrom<unknown>({ type: 'hit' }, { type: 'stay' }, null, 'hit', 3, [], {}, { type: 'hit', to: 1 }, { type: 'stay', x: 0 }),
      fc.record({ type: fc.constant('give'), to: fc.oneof(fc.integer({ min: -2, max: 13 }), fc.constant(1.5), fc.constant('1')) }),
      fc.record({ type: fc.string({ maxLength: 6 }) }),
      fc.anything(),
    );
    await fc.assert(fc.asyncProperty(gameArb, fc.array(fc.tuple(fc.integer({ min: -1, max: 12 }), actionArb), { minLength: 1, maxLength: 8 }),
      async ({ seed, players, target, pick }, tries) => {
        let probes = 0;
        await playToEnd(start(seed, players, target), pick, (s, step) => {
          if (step % 7 !== 0 && flip7.outcome(s) === null) return;
          for (const [seat, action] of tries) {
            probes++;
            const before = JSON.stringify(s);
            const listed = f7LegalActions(s, seat).some((a) => JSON.stringify(a) === JSON.stringify(action));
            const r = flip7.apply(s, seat, action);
            expect(JSON.stringify(s)).toBe(before);
            expect(r.ok).toBe(listed);
            if (!r.ok) {
              expect(['GAME_OVER', 'NOT_YOUR_TURN', 'MALFORMED_ACTION', 'ILLEGAL_ACTION']).toContain(r.error.code);
              expect(r.error.message.length).toBeGreaterThan(0);
              if (flip7.outcome(s) !== null) expect(r.error.code).toBe('GAME_OVER');
            }
          }
        });
        expect(probes).toBeGreaterThan(0);
      }), { numRuns: 40 });
  });

  it('the in-place apply and the pure apply give the same game', async () => {
    await fc.assert(fc.asyncProperty(gameArb, async ({ seed, players, target, pick }) => {
      // The driver plays the pure apply; a copy follows every action through the in-place one.
      const pure = start(seed, players, target);
      const inPlace = f7CloneState(pure);
      let actions = 0;
      const { state } = await playOut(flip7, pure, randomPolicy(pick), {
        seed: `pick ${pick}`, maxActions: MAX_ACTIONS,
        onStep: ({ seat, action }, after) => {
          f7ApplyInPlace(inPlace, seat, action);
          expect(inPlace).toEqual(after);
          actions++;
        },
      });
      expect(flip7.outcome(state)).not.toBeNull();
      expect(actions).toBeGreaterThan(0);
    }), { numRuns: 15 });
  });

  it('hides the draw pile order: reordering it changes no view, and no event or view carries it (F7-16)', async () => {
    await fc.assert(fc.asyncProperty(gameArb, fc.integer(), async ({ seed, players, target, pick }, shuffleSeed) => {
      const rand = mulberry(shuffleSeed);
      await playToEnd(start(seed, players, target), pick, (s, step) => {
        if (step % 5 !== 0) return;
        const other = f7CloneState(s);
        for (let i = other.draw.length - 1; i > 0; i--) {
          const j = Math.floor(rand() * (i + 1));
          [other.draw[i], other.draw[j]] = [other.draw[j]!, other.draw[i]!];
        }
        for (const viewer of [...Array.from({ length: s.players }, (_, i) => i), 'spectator' as const]) {
          const v = f7View(s, viewer);
          expect(f7View(other, viewer)).toEqual(v);
          const text = JSON.stringify(v);
          expect(text).not.toMatch(/"rng"|"draw"/);
        }
        // Same action on both: events may differ only in flipped cards, which come off the top; keep the cards
        // an action flips in place (no reshuffle) and the events must be the same.
        const [seat] = flip7.toAct(s);
        if (seat === undefined) return;
        const action = f7LegalActions(s, seat)[0]!;
        const a = flip7.apply(s, seat, action);
        if (!a.ok) throw new Error(a.error.message);
        const used = s.draw.length - a.state.draw.length;
        if (used < 0 || a.events.some((e) => e.type === 'reshuffle')) return;
        const third = f7CloneState(s);
        const keep = third.draw.splice(third.draw.length - used, used);
        third.draw.reverse(); // a different order below the flipped cards
        third.draw.push(...keep);
        const b = flip7.apply(third, seat, action);
        if (!b.ok) throw new Error(b.error.message);
        expect(b.events).toEqual(a.events);
        expect(JSON.stringify(a.events)).not.toMatch(/"rng"|"draw"/);
        expect(f7View(b.state, 'spectator')).toEqual(f7View(a.state, 'spectator'));
      });
    }), { numRuns: 25 });
  });
});
