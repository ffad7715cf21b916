import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnyGame, type GameEvent, GAMES, GAME_IDS, GAME_INFO, allowedValues, type OptionField, type Rng, type Seat, type Viewer, createRng, playGame,
} from '../src/index.js';

// The game contract, checked the same way for every game in the registry (OpenSpiel-style):
// random playouts with random options and player counts, and at sampled positions:
//  - every legal action of every seat asked is accepted; seats not asked have none;
//  - illegal actions (another seat's, a changed one) and malformed ones are refused with a code
//    and leave the state exactly as it was;
//  - a seat's view does not change when what it cannot know is drawn afresh (the module's resample),
//    and the resample does change something hidden at some point of the game;
//  - events reach a seat only when public or its own; the fast path plays as apply does;
//  - every game ends, with a coherent outcome and statistics, and replays to the same state.

const viewers = (players: number): Viewer[] => [...Array.from({ length: players }, (_, i) => i), 'spectator'];
const json = (x: unknown) => JSON.stringify(x);

/** Any value of an option at a table of `players`, from its described field. */
const optionArb = (f: OptionField, players: number): fc.Arbitrary<unknown> => fc.constantFrom(...allowedValues(f, players));

function gameArb(game: AnyGame) {
  return fc.integer({ min: game.minPlayers, max: game.maxPlayers }).chain((players) => fc.record({
    players: fc.constant(players),
    options: fc.record(Object.fromEntries(game.options.fields.map((f) => [f.key, optionArb(f, players)])) as Record<string, fc.Arbitrary<unknown>>),
    seed: fc.string({ maxLength: 10 }),
  }));
}

/** Values that are no action of any game. */
const malformed: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, undefined, 0, 'x', [], {}, { type: 1 }, { type: '' }, { type: 'constructor' }, { type: '__proto__' }, { type: 'toString' }),
  fc.anything(),
  fc.record({ type: fc.string({ maxLength: 12 }) }),
);

/** A legal action with one field changed (or an extra one added): mostly illegal or malformed. */
function changed(action: unknown, rng: Rng): unknown {
  if (typeof action !== 'object' || action === null) return { type: action };
  const a = { ...(action as Record<string, unknown>) };
  const keys = Object.keys(a).filter((k) => k !== 'type');
  if (keys.length === 0 || rng.int(3) === 0) return { ...a, extra: rng.int(5) };
  const k = rng.pick(keys);
  const v = a[k];
  a[k] = typeof v === 'number' ? v + 1 + rng.int(20) : Array.isArray(v) ? [...v, ...v] : typeof v === 'string' ? `${v}?` : null;
  return a;
}

/** Checks one position: legal actions accepted, everything else refused with the state unchanged, resampling. */
function checkPosition(game: AnyGame, state: unknown, players: number, rng: Rng, probes: unknown[]): { resampledDiffers: boolean } {
  const before = json(state);
  const toAct = game.toAct(state);
  expect(toAct.length).toBeGreaterThan(0);
  const refusedUnchanged = (seat: Seat, action: unknown) => {
    const r = game.apply(state, seat, action);
    expect(json(state), `apply(${seat}, ${json(action)}) changed the state`).toBe(before);
    return r;
  };
  for (let seat = 0; seat < players; seat++) {
    const legal = game.legalActions(state, seat);
    expect(legal.length > 0, `seat ${seat} asked: ${toAct.includes(seat)}`).toBe(toAct.includes(seat));
    for (const a of legal) {
      const r = refusedUnchanged(seat, a);
      expect(r.ok, `legal ${json(a)} refused: ${r.ok ? '' : r.error.code}`).toBe(true);
    }
  }
  // Another seat's action, played by a seat not asked.
  const idle = Array.from({ length: players }, (_, s) => s).filter((s) => !toAct.includes(s));
  const asked = toAct[0]!;
  const someLegal = game.legalActions(state, asked);
  for (const seat of idle) {
    const r = refusedUnchanged(seat, rng.pick(someLegal));
    expect(!r.ok && r.error.code).toBe('NOT_YOUR_TURN');
  }
  // A legal action changed; malformed values; out-of-range seats.
  const legalText = new Set(someLegal.map(json));
  for (const action of [changed(rng.pick(someLegal), rng), ...probes]) {
    const r = refusedUnchanged(asked, action);
    const isLegal = legalText.has(json(action));
    if (isLegal) continue;
    expect(r.ok, `not legal, yet accepted: ${json(action)}`).toBe(false);
    if (!r.ok) {
      expect(['MALFORMED_ACTION', 'ILLEGAL_ACTION', 'NOT_YOUR_TURN']).toContain(r.error.code);
      expect(r.error.message.length).toBeGreaterThan(0);
    }
  }
  for (const seat of [-1, players, 1.5]) {
    const r = refusedUnchanged(seat, rng.pick(someLegal));
    expect(r.ok).toBe(false);
  }
  // What a viewer cannot know, drawn afresh, changes nothing it sees.
  let resampledDiffers = false;
  for (const v of viewers(players)) {
    const other = game.resample(state, v, rng);
    expect(json(state)).toBe(before);
    expect(game.view(other, v), `view of ${v} after resampling`).toEqual(game.view(state, v));
    if (json(other) !== before) resampledDiffers = true;
  }
  return { resampledDiffers };
}

function checkEvents(game: AnyGame, events: readonly GameEvent[], players: number): void {
  for (const v of viewers(players)) {
    const seen = game.eventsFor(events, v);
    const expected = events.filter((e) => e.only === undefined || e.only === v);
    expect(seen).toEqual(expected);
  }
  for (const e of events) {
    if (e.only !== undefined) expect(Number.isInteger(e.only) && e.only >= 0 && e.only < players).toBe(true);
  }
}

/** Plays a random game, checking every `every`-th position; returns what it saw. */
async function playChecked(game: AnyGame, players: number, options: unknown, seed: string, every: number, probes: unknown[]) {
  const rng = createRng(`contract ${seed}`);
  let resampledDiffers = false;
  let checked = 0;
  const log: { seat: Seat; action: unknown }[] = [];
  const agents = Array.from({ length: players }, () => ({ blind: true, decide: (_v: unknown, legal: readonly unknown[], r: Rng) => r.pick(legal) }));
  const result = await playGame({
    game, seed, start: { players, options, seed }, agents, maxActions: 50_000,
    onAction: ({ n, seat, action, events, before, after }) => {
      log.push({ seat, action });
      checkEvents(game, events, players);
      if (n % every === 1) {
        checked++;
        if (checkPosition(game, before, players, rng, probes).resampledDiffers) resampledDiffers = true;
        // The fast path plays the action as apply does.
        const copy = game.fast.clone(before);
        const fastEvents: GameEvent[] = [];
        game.fast.applyInPlace(copy, seat, action, fastEvents);
        expect(json(copy)).toBe(json(after));
        expect(fastEvents).toEqual(events);
      }
    },
  });
  return { result, resampledDiffers, checked, log };
}

describe.each(GAME_IDS.map((id) => [id, GAMES[id] as AnyGame] as const))('game contract: %s', (id, game) => {
  it('is registered under its own id, with its bounds and options described', () => {
    expect(game.id).toBe(id);
    expect(game.minPlayers).toBeGreaterThanOrEqual(1);
    expect(game.maxPlayers).toBeGreaterThanOrEqual(game.minPlayers);
    const parsed = game.options.parse(undefined);
    expect(parsed.ok && parsed.value).toEqual(game.options.defaults);
    expect(game.options.fields.map((f) => f.key).sort()).toEqual(Object.keys(game.options.defaults).sort());
    for (const f of game.options.fields) {
      expect(f.description.length).toBeGreaterThan(0);
      const bad = game.options.parse({ [f.key]: f.kind === 'flag' ? 'yes' : '__no_such_value__' });
      expect(!bad.ok && bad.error.code).toBe('BAD_OPTIONS');
      // A seat-valued option must name a seat of the table.
      const seat = f.kind === 'choice' && f.seats ? f.values.find((v) => typeof v === 'number' && v >= game.minPlayers) : undefined;
      if (seat !== undefined) {
        const beyond = game.options.parse({ [f.key]: seat }, game.minPlayers);
        expect(!beyond.ok && beyond.error.code).toBe('BAD_OPTIONS');
        expect(game.options.parse({ [f.key]: seat }, (seat as number) + 1).ok).toBe(true);
      }
    }
    const unknown = game.options.parse({ noSuchOption: 1 });
    expect(!unknown.ok && unknown.error.code).toBe('BAD_OPTIONS');
    for (const players of [game.minPlayers - 1, game.maxPlayers + 1, 2.5]) {
      const r = game.setup({ players, seed: 's' });
      expect(!r.ok && r.error.code).toBe('BAD_PLAYERS');
    }
    expect(game.terms.length).toBeGreaterThan(0);
  });

  it('is the catalog\'s game: the same id, names, seats, options and response-window length', () => {
    const info = GAME_INFO[id];
    for (const key of ['id', 'name', 'ruleTag', 'minPlayers', 'maxPlayers', 'options'] as const) expect(game[key]).toBe(info[key]);
    expect(game.responseWindow === null ? null : { seconds: game.responseWindow.seconds, setting: game.responseWindow.setting }).toEqual(info.responseWindow);
  });

  it('accepts every legal action, refuses everything else unchanged, hides what it must, and ends', async () => {
    let differs = 0;
    let runs = 0;
    await fc.assert(fc.asyncProperty(gameArb(game), fc.array(malformed, { minLength: 3, maxLength: 6 }), async ({ players, options, seed }, probes) => {
      const { result, resampledDiffers, checked } = await playChecked(game, players, options, seed, 40, probes);
      runs++;
      if (resampledDiffers) differs++;
      expect(checked).toBeGreaterThan(0);
      // Every game ends, with a coherent result.
      const outcome = result.outcome;
      expect(outcome, `still running after ${result.actions} actions`).not.toBeNull();
      if (outcome === null) return;
      expect(outcome.scores).toHaveLength(players);
      expect(outcome.places).toHaveLength(players);
      expect(outcome.winners.length).toBeGreaterThan(0);
      for (const w of outcome.winners) expect(outcome.places[w]).toBe(1);
      expect(game.toAct(result.state)).toEqual([]);
      for (let seat = 0; seat < players; seat++) {
        expect(game.legalActions(result.state, seat)).toEqual([]);
        const r = game.apply(result.state, seat, { type: 'anything' });
        expect(!r.ok && r.error.code).toBe('GAME_OVER');
      }
      expect(game.length.of(result.state)).toBeGreaterThan(0);
    }), { numRuns: 12 });
    // Somewhere in these games the resample changed hidden things (otherwise the check above is empty).
    expect(differs, `resample changed nothing in ${runs} games`).toBeGreaterThan(0);
  });

  it('replays from its seed and action log to the same state, outcome and statistics', async () => {
    await fc.assert(fc.asyncProperty(gameArb(game), async ({ players, options, seed }) => {
      const all: GameEvent[] = [];
      const started = game.start({ players, options, seed });
      if (!started.ok) throw new Error(started.error.message);
      all.push(...started.value.events);
      const log: { seat: Seat; action: unknown }[] = [];
      const agents = Array.from({ length: players }, () => ({ blind: true, decide: (_v: unknown, legal: readonly unknown[], r: Rng) => r.pick(legal) }));
      const played = await playGame({
        game, seed, start: { state: started.value.state }, agents,
        onAction: ({ seat, action, events }) => { log.push({ seat, action }); all.push(...events); },
      });
      const again = game.setup({ players, options, seed });
      if (!again.ok) throw new Error(again.error.message);
      let s = again.value;
      for (const { seat, action } of log) {
        const r = game.apply(s, seat, json(action) === undefined ? action : JSON.parse(json(action)));
        if (!r.ok) throw new Error(`replay refused: ${r.error.message}`);
        s = r.state;
      }
      expect(json(s)).toBe(json(played.state));
      expect(game.outcome(s)).toEqual(played.outcome);
      const stats = game.stats(all, players);
      expect(stats).toHaveLength(players);
    }), { numRuns: 6 });
  });
});
