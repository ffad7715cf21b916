import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Agent, type SetupInput, type SfAction, type SfEvent, type SfState, type SfView, createRng, playGame, sfResample as resample,
  sfIsHonest, stirFryEighteen as game,
} from '@parlor/rules';
import { type Bot, simulate, sfBasicBot, sfExpertBot } from '../src/index.js';
import { sfGameArb } from './support/arbitraries.js';
import { position } from './sf-support.js';

type SfBot = Bot<SfView, SfAction, SfEvent>;
type Kind = 'act' | 'taste-test' | 'discard-down';
const kindOf = (s: SfState): Kind => (s.phase === 'taste-test' ? 'taste-test' : s.phase === 'discard-down' ? 'discard-down' : 'act');

/** A mix of levels: bit i of `mix` makes seat i an expert, else a basic. */
const mixed = (players: number, mix: number): SfBot[] =>
  Array.from({ length: players }, (_, i) => ((mix >> i) & 1 ? sfExpertBot() : sfBasicBot()));

/**
 * Plays a game with the given bots through the game driver; `check` sees every decision (the state
 * it was taken in, the seat, the legal list the bot was given and its choice). Several seats
 * answering a window: the driver draws one by lot. `maxActions` only stops a game that would never
 * end: a long one is not a stall (five chefs to 300 with the Meticulous Chef, seed "R", took 1,265).
 */
async function play(
  input: SetupInput, bots: SfBot[], check: (s: SfState, seat: number, legal: readonly SfAction[], a: SfAction) => void, maxActions = 5000,
): Promise<SfState> {
  const started = game.start(input);
  if (!started.ok) throw new Error(started.error.message);
  let current = started.value.state;
  const agents: Agent<SfView, SfAction, SfEvent>[] = bots.map((bot, seat) => ({
    observe: (events) => bot.observe?.(events),
    decide: (view, legal, rng) => {
      const a = bot.decide(view, legal, rng) as SfAction;
      check(current, seat, legal, a);
      return a;
    },
  }));
  const r = await playGame<SfState, SfAction, SfEvent>({
    game, start: { state: current, events: started.value.events }, agents, seed: input.seed, maxActions,
    onAction: ({ after }) => { current = after; },
  });
  return r.state;
}

describe('Stir Fry Eighteen bots', () => {
  it('answer every kind of decision with one of the legal actions, any options, 2–5 players', async () => {
    const seen = { basic: new Set<Kind>(), expert: new Set<Kind>() };
    await fc.assert(fc.asyncProperty(sfGameArb, fc.integer({ min: 0, max: 31 }), async ({ seed, players, options }, mix) => {
      const bots = mixed(players, mix);
      const end = await play({ players, options, seed }, bots, (s, seat, legal, a) => {
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

  it('two basics near a Meticulous Chef target dig for an exact dish instead of passing for ever (SF-29)', async () => {
    // This deal left two basics on 298 and 296 of 300, each keeping cards the other needed
    // (Tofu, Noodles, Ginger; Noodles, Pork, Shrimp) and passing every turn, with no end.
    const options = { target: 300, closingTime: false, meticulousChef: true, emptyPantry: 'off', tofu: true, firstPlayer: 'random' } as const;
    const end = await play({ players: 2, options, seed: ' ' }, [sfBasicBot(), sfBasicBot()], () => {});
    expect(game.outcome(end)).not.toBeNull();
    expect(end.scores).toContain(300);
  });

  it('basic never bluffs (SF-12) and tests only claims it knows are false', async () => {
    const basic = { discards: 0, windows: 0 };
    await fc.assert(fc.asyncProperty(sfGameArb, fc.integer({ min: 0, max: 31 }), async ({ seed, players, options }, mix) => {
      const bots = mixed(players, mix);
      await play({ players, options, seed }, bots, (s, seat, _legal, a) => {
        if (bots[seat]!.level !== 'basic') return;
        if (a.type === 'discard-pair' || a.type === 'discard-protein') basic.discards++;
        if (a.type === 'discard-pair') expect(sfIsHonest({ kind: 'pair', claim: null }, a.cards)).toBe(true);
        if (a.type === 'discard-protein') expect(a.card).toBe(a.claim);
        if (s.phase === 'taste-test') {
          basic.windows++;
          const d = s.declaration!;
          const cards = s.putDown[d.putDown]!.cards;
          if (a.type === 'taste-test') expect(sfIsHonest(d, cards)).toBe(false);
          // Holding the claimed protein, it knows: it must test (SF-1, one copy each).
          if (d.kind === 'protein' && s.hands[seat]!.includes(d.claim!)) expect(a.type).toBe('taste-test');
        }
      }, 800);
    }), { numRuns: 12 });
    // The checks above ran on real decisions: basics discarded and answered declarations. (Experts
    // rarely give a basic a claim it can disprove, so a test by a basic is not certain here; the
    // next test pins one down.)
    expect(basic.discards).toBeGreaterThan(0);
    expect(basic.windows).toBeGreaterThan(0);
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

  it('decisions do not depend on hidden information (same view, rng seed and events ⇒ same action)', async () => {
    let compared = 0;
    await fc.assert(fc.asyncProperty(sfGameArb, fc.integer({ min: 0, max: 31 }), async ({ seed, players, options }, mix) => {
      const started = game.start({ players, options, seed });
      if (!started.ok) throw new Error(started.error.message);
      const bots = mixed(players, mix);
      // A twin of every bot sees the same events but decides on a resampled state.
      const twins = mixed(players, mix);
      const rng = createRng(`resample ${seed}`);
      let current = started.value.state;
      let n = 0;
      const agents: Agent<SfView, SfAction, SfEvent>[] = bots.map((bot, seat) => ({
        observe: (events) => { bot.observe?.(events); twins[seat]!.observe?.(events); },
        decide: (view, legal) => {
          const other = resample(current, seat, rng);
          expect(game.view(other, seat)).toEqual(view);
          const a = bot.decide(view, legal, createRng(`${seed}/${n}`)) as SfAction;
          const b = twins[seat]!.decide(game.view(other, seat), game.legalActions(other, seat), createRng(`${seed}/${n}`));
          expect(b).toEqual(a);
          compared++;
          return a;
        },
      }));
      await playGame<SfState, SfAction, SfEvent>({
        game, start: { state: current, events: started.value.events }, agents, seed, maxActions: 250,
        onAction: (played) => { current = played.after; n = played.n; },
      });
    }), { numRuns: 10 });
    expect(compared).toBeGreaterThan(0);
  }, 300_000);

  it('plays whole games in the simulator', async () => {
    const r = await simulate({ game: 'stir-fry-eighteen', bots: ['expert', 'basic', 'basic'], games: 6, seed: 'smoke' });
    expect(r.unfinished).toBe(0);
    expect(r.bots.map((b) => b.seats)).toEqual([6, 12]);
    const h = await simulate({ game: 'stir-fry-eighteen', bots: ['expert', 'expert'], games: 4, seed: 'smoke', maxActions: 5000, options: { tofu: true, meticulousChef: true, closingTime: true, emptyPantry: 'no-cook-draw' } });
    expect(h.unfinished).toBe(0);
  }, 300_000);
});
