import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type SfAction, type SfEvent, type SfState, type SfView, createRng, eventsFor, sfResample as resample, sfIsHonest, stirFryEighteen as game,
} from '@parlor/rules';
import { type Bot, simulate, sfBasicBot, sfExpertBot } from '../src/index.js';
import { sfGameArb } from '../../rules/test/support/sf-arbitraries.js';
import { position } from './sf-support.js';

type SfBot = Bot<SfView, SfAction, SfEvent>;
type Kind = 'act' | 'taste-test' | 'discard-down';
const kindOf = (s: SfState): Kind => (s.phase === 'taste-test' ? 'taste-test' : s.phase === 'discard-down' ? 'discard-down' : 'act');

/**
 * Plays a game with the given bots; `check` sees every decision (the state before, the seat, the
 * legal list and the chosen action). Several seats answering a window: one drawn by lot.
 */
function play(state: SfState, bots: SfBot[], seed: string, check: (s: SfState, seat: number, legal: readonly SfAction[], a: SfAction) => void, maxActions = 1200) {
  const order = createRng(`${seed}/order`);
  const rngs = bots.map((_, i) => createRng(`${seed}/bot${i}`));
  let s = state;
  for (let n = 0; n < maxActions && game.outcome(s) === null; n++) {
    const toAct = game.toAct(s);
    const seat = toAct.length === 1 ? toAct[0]! : order.pick(toAct);
    const legal = game.legalActions(s, seat);
    const a = bots[seat]!.decide(game.view(s, seat), legal, rngs[seat]!) as SfAction;
    check(s, seat, legal, a);
    const r = game.apply(s, seat, a);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.error.message}`);
    s = r.state;
    bots.forEach((b, i) => b.observe?.(eventsFor(r.events, i)));
  }
  return s;
}

describe('Stir Fry Eighteen bots', () => {
  it('answer every kind of decision with one of the legal actions, any options, 2–5 players', () => {
    const seen = { basic: new Set<Kind>(), expert: new Set<Kind>() };
    fc.assert(fc.property(sfGameArb, fc.integer({ min: 0, max: 31 }), ({ seed, players, options }, mix) => {
      const setup = game.setup({ players, options, seed });
      if (!setup.ok) throw new Error(setup.error.message);
      const bots = Array.from({ length: players }, (_, i) => ((mix >> i) & 1 ? sfExpertBot() : sfBasicBot()));
      const end = play(setup.value, bots, seed, (s, seat, legal, a) => {
        expect(legal).toContain(a); // one of the given (frozen, shared) objects, as is
        seen[bots[seat]!.level as 'basic' | 'expert'].add(kindOf(s));
      });
      // Under no-turn-draw (SF-31) honest play can reach a position where nobody can ever draw or
      // cook while some hand is not empty, which SF-32 does not end: only the other options must finish.
      if (options.emptyPantry !== 'no-turn-draw') expect(game.outcome(end)).not.toBeNull();
    }), { numRuns: 16 });
    for (const level of ['basic', 'expert'] as const) {
      expect([...seen[level]].sort()).toEqual(['act', 'discard-down', 'taste-test']);
    }
  }, 300_000);

  it('basic never bluffs (SF-12) and tests only claims it knows are false', () => {
    let tests = 0, declarations = 0;
    fc.assert(fc.property(sfGameArb, fc.integer({ min: 0, max: 31 }), ({ seed, players, options }, mix) => {
      const setup = game.setup({ players, options, seed });
      if (!setup.ok) throw new Error(setup.error.message);
      const bots = Array.from({ length: players }, (_, i) => ((mix >> i) & 1 ? sfExpertBot() : sfBasicBot()));
      play(setup.value, bots, seed, (s, seat, _legal, a) => {
        if (bots[seat]!.level !== 'basic') return;
        if (a.type === 'discard-pair') expect(sfIsHonest({ kind: 'pair', claim: null }, a.cards)).toBe(true);
        if (a.type === 'discard-protein') expect(a.card).toBe(a.claim);
        if (s.phase === 'taste-test') {
          declarations++;
          const d = s.declaration!;
          const cards = s.putDown[d.putDown]!.cards;
          if (a.type === 'taste-test') {
            tests++;
            expect(sfIsHonest(d, cards)).toBe(false);
          }
          // Holding the claimed protein, it knows: it must test (SF-1, one copy each).
          if (d.kind === 'protein' && s.hands[seat]!.includes(d.claim!)) expect(a.type).toBe('taste-test');
        }
      }, 800);
    }), { numRuns: 12 });
    expect(declarations).toBeGreaterThan(0);
    // (Experts rarely give basics a chance to test; the next test pins one down.)
    expect(tests).toBeGreaterThanOrEqual(0);
  }, 300_000);

  it('basic tests a claim of the protein it holds, and trusts one it cannot disprove', () => {
    const s = position({
      hands: [['shrimp', 'noodles', 'ginger'], ['mushroom', 'soy-sauce', 'chicken']], top: ['noodles'], first: 1,
    });
    const r = game.apply(s, 1, { type: 'discard-protein', card: 'mushroom', claim: 'shrimp' });
    if (!r.ok) throw new Error(r.error.message);
    const rng = createRng('x');
    expect(sfBasicBot().decide(game.view(r.state, 0), game.legalActions(r.state, 0), rng)).toEqual({ type: 'taste-test' });
    const r2 = game.apply(s, 1, { type: 'discard-protein', card: 'mushroom', claim: 'pork' });
    if (!r2.ok) throw new Error(r2.error.message);
    expect(sfBasicBot().decide(game.view(r2.state, 0), game.legalActions(r2.state, 0), rng)).toEqual({ type: 'trust' });
    // The expert knows it too.
    expect(sfExpertBot().decide(game.view(r.state, 0), game.legalActions(r.state, 0), rng)).toEqual({ type: 'taste-test' });
  });

  it('decisions do not depend on hidden information (same view, rng seed and events ⇒ same action)', () => {
    fc.assert(fc.property(sfGameArb, fc.integer({ min: 0, max: 31 }), ({ seed, players, options }, mix) => {
      const setup = game.setup({ players, options, seed });
      if (!setup.ok) throw new Error(setup.error.message);
      const make = (i: number) => ((mix >> i) & 1 ? sfExpertBot() : sfBasicBot());
      const bots = Array.from({ length: players }, (_, i) => make(i));
      // A twin of every bot sees the same events but decides on a resampled state.
      const twins = Array.from({ length: players }, (_, i) => make(i));
      const rng = createRng(`resample ${seed}`);
      const order = createRng(`${seed}/order`);
      let s = setup.value;
      for (let n = 0; n < 250 && game.outcome(s) === null; n++) {
        const toAct = game.toAct(s);
        const seat = toAct.length === 1 ? toAct[0]! : order.pick(toAct);
        const other = resample(s, seat, rng);
        const view = game.view(s, seat);
        expect(game.view(other, seat)).toEqual(view);
        const a = bots[seat]!.decide(view, game.legalActions(s, seat), createRng(`${seed}/${n}`));
        const b = twins[seat]!.decide(game.view(other, seat), game.legalActions(other, seat), createRng(`${seed}/${n}`));
        expect(b).toEqual(a);
        const r = game.apply(s, seat, a);
        if (!r.ok) throw new Error(r.error.message);
        s = r.state;
        for (let i = 0; i < players; i++) {
          const ev = eventsFor(r.events, i);
          bots[i]!.observe?.(ev);
          twins[i]!.observe?.(ev);
        }
      }
    }), { numRuns: 10 });
  }, 300_000);

  it('plays whole games in the simulator', async () => {
    const r = await simulate({ game: 'stir-fry-eighteen', bots: ['expert', 'basic', 'basic'], games: 6, seed: 'smoke' });
    expect(r.unfinished).toBe(0);
    expect(r.bots.map((b) => b.seats)).toEqual([6, 12]);
    const h = await simulate({ game: 'stir-fry-eighteen', bots: ['expert', 'expert'], games: 4, seed: 'smoke', maxActions: 5000, options: { tofu: true, meticulousChef: true, closingTime: true, emptyPantry: 'no-cook-draw' } });
    expect(h.unfinished).toBe(0);
  }, 300_000);
});
