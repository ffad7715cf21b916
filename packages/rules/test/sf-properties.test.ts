import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  sfBaseDeck, sfCheckDish, type SfAction, type SfCard, type SfState, stirFryEighteen as game, sfParseAction,
} from '../src/index.js';
import { playOut, randomChoice } from './support/play.js';
import { sfFullGameArb, sfGameArb } from './support/sf-arbitraries.js';

const sorted = (cards: SfCard[]) => cards.slice().sort();

/** SF-1, SF-30: hands, draw pile and put-down cards are the 18 cards of the game; the removed one is out. */
function checkCards(s: SfState): void {
  const inPlay = [...s.hands.flat(), ...s.drawPile, ...s.putDown.flatMap((p) => p.cards)];
  const deck = sfBaseDeck();
  if (s.options.tofu) deck.splice(deck.indexOf(s.removed!), 1, 'tofu');
  else expect(s.removed).toBeNull();
  expect(sorted(inPlay)).toEqual(sorted(deck));
}

/** Someone is asked until the game is over, and exactly the seats asked have actions. */
function checkToAct(s: SfState): void {
  const toAct = game.toAct(s);
  const over = game.outcome(s) !== null;
  expect(toAct.length === 0).toBe(over);
  for (let seat = 0; seat < s.players; seat++) {
    expect(game.legalActions(s, seat).length > 0).toBe(toAct.includes(seat));
  }
}

describe('Stir Fry Eighteen properties (random seeds, 2–5 players, random options)', () => {
  it('accounts for all 18 cards, always asks someone, and accepts every listed action', async () => {
    await fc.assert(fc.asyncProperty(sfGameArb, async ({ seed, players, options }) => {
      const start = game.setup({ players, options, seed });
      if (!start.ok) throw new Error(start.error.message);
      checkCards(start.value);
      checkToAct(start.value);
      await playOut(game, start.value, randomChoice, {
        seed, maxActions: 600,
        onStep: (_step, after) => { checkCards(after); checkToAct(after); },
      });
    }), { numRuns: 150 });
  });

  it('refuses malformed and illegal actions with the state unchanged, and accepts exactly the legal ones', async () => {
    const junk = fc.oneof(
      fc.anything(),
      fc.record({ type: fc.constantFrom('discard-pair', 'discard-protein', 'cook', 'discard-down', 'end-turn', 'taste-test', 'trust', 'hit') }),
      fc.record({
        type: fc.constantFrom('discard-pair', 'cook', 'discard-down'),
        cards: fc.array(fc.constantFrom<unknown>('shrimp', 'pork', 'chicken', 'ginger', 'green-onion', 'soy-sauce', 'mushroom', 'noodles', 'tofu', 'beef', 3), { maxLength: 6 }),
      }),
      fc.record({
        type: fc.constant('discard-protein'),
        card: fc.constantFrom<unknown>('noodles', 'shrimp', 'tofu', 'ham'),
        claim: fc.constantFrom<unknown>('shrimp', 'pork', 'chicken', 'tofu', 'noodles'),
      }),
    );
    await fc.assert(fc.asyncProperty(sfGameArb, fc.array(fc.tuple(fc.integer({ min: -1, max: 5 }), junk), { minLength: 20, maxLength: 20 }), async ({ seed, players, options }, attempts) => {
      const start = game.setup({ players, options, seed });
      if (!start.ok) throw new Error(start.error.message);
      let k = 0;
      await playOut(game, start.value, randomChoice, {
        seed, maxActions: 200,
        onStep: ({ before }) => {
          // Before each real move, throw a few bad ones at the position.
          for (let i = 0; i < 2; i++) {
            const [seat, action] = attempts[k++ % attempts.length]!;
            const snapshot = JSON.stringify(before);
            const r = game.apply(before, seat, action);
            expect(JSON.stringify(before)).toBe(snapshot);
            const parsed = sfParseAction(action);
            const legal = parsed.ok && game.legalActions(before, seat).some((a) => JSON.stringify(a) === JSON.stringify(parsed.value));
            expect(r.ok).toBe(legal);
            if (!r.ok) expect(['MALFORMED_ACTION', 'ILLEGAL_ACTION', 'NOT_YOUR_TURN', 'GAME_OVER']).toContain(r.error.code);
            if (!parsed.ok) expect(!r.ok && r.error.code).toBe('MALFORMED_ACTION');
          }
        },
      });
    }), { numRuns: 60 });
  });

  it('ends every game played under a cooking policy, every target (SF-6) and option included', async () => {
    const endedAt = new Map<number, number>(); // target → games ended
    await fc.assert(fc.asyncProperty(sfFullGameArb, async ({ seed, players, options }) => {
      const start = game.setup({ players, options, seed });
      if (!start.ok) throw new Error(start.error.message);
      const { state, actions } = await playOut(game, start.value, cookingPolicy, { seed, maxActions: 20_000 });
      expect(game.outcome(state), `still running after ${actions} actions`).not.toBeNull();
      checkCards(state);
      endedAt.set(options.target, (endedAt.get(options.target) ?? 0) + 1);
    }), { numRuns: 150 });
    // A quarter of the runs, on average, play to 300: some did.
    expect(endedAt.get(300) ?? 0).toBeGreaterThan(0);
  });

  it('refuses every action once the game is over (GAME_OVER)', async () => {
    const start = game.setup({ players: 3, seed: 'over', options: {} });
    if (!start.ok) throw new Error(start.error.message);
    const { state } = await playOut(game, start.value, cookingPolicy, { seed: 'over' });
    expect(game.outcome(state)).not.toBeNull();
    for (let seat = 0; seat < 3; seat++) {
      for (const action of [{ type: 'end-turn' }, { type: 'trust' }, { type: 'cook', cards: ['noodles', 'pork', 'ginger'] }]) {
        const r = game.apply(state, seat, action);
        expect(!r.ok && r.error.code).toBe('GAME_OVER');
      }
    }
  });
});

/**
 * A plain cooking policy: cook the dish that brings the score nearest the target (exactly onto it
 * under Meticulous Chef when one does), else discard (honestly when it can), else end the turn; trust every
 * declaration; discard down at random.
 */
export function cookingPolicy(s: SfState, seat: number, legal: readonly SfAction[], rng: { pick<T>(x: readonly T[]): T }): SfAction {
  const cooks = legal.filter((a): a is Extract<SfAction, { type: 'cook' }> => a.type === 'cook');
  if (cooks.length > 0) {
    const after = (a: { cards: SfCard[] }) => {
      const r = sfCheckDish(a.cards);
      const score = s.scores[seat]! + (r.legal ? r.points : 0);
      const { target, meticulousChef } = s.options;
      return meticulousChef && score > target ? target - (score - target) : score;
    };
    const distance = (a: { cards: SfCard[] }) => Math.abs(s.options.target - after(a));
    return cooks.reduce((best, a) => (distance(a) < distance(best) ? a : best));
  }
  const honest = legal.find((a) =>
    (a.type === 'discard-pair' && a.cards[0] === a.cards[1]) || (a.type === 'discard-protein' && a.card === a.claim));
  if (honest) return honest;
  if (legal.some((a) => a.type === 'trust')) return { type: 'trust' };
  // Without a draw at the start of the turn (Empty Pantry) cards only come through discards.
  const anyDiscard = legal.find((a) => a.type === 'discard-pair' || a.type === 'discard-protein');
  if (anyDiscard) return anyDiscard;
  if (legal.some((a) => a.type === 'end-turn')) return { type: 'end-turn' };
  return rng.pick(legal);
}
