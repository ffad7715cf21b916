import { createHash } from 'node:crypto';
import { type Bot, type BotLevel, botLevels, createBot } from '@parlor/bots';
import type { GameId, ServerMessage } from '@parlor/protocol';
import {
  type AnyGame, type F7State, type GameEvent, type SfEvent, type SfState, type Viewer,
  GAMES, createRng, eventsFor, f7CloneState, sfResample as resample,
} from '@parlor/rules';
import { afterEach, describe, expect, it } from 'vitest';
import type { ParlorServer } from '../src/index.js';
import { TestClient } from './support/client.js';
import { testServer } from './support/server.js';

// Issue 5, item 9 — no leaks, tested on the wire. Every seat of full games is held by a recording
// client whose moves a bot chooses from nothing but the `view` and `legal` it received; a spectator
// watches too. After the game, the export (seed + actions) is replayed with the rules, and for every
// `game` message received before the end:
//  (a) its view and events are exactly the rules' view(state_k, seat) and eventsFor(events_k, seat),
//      its legal/waitingFor those of state_k — the wire carries the filtered view, nothing else;
//  (b) the information-set check on the wire: re-deal what the receiver may not know (Stir Fry
//      Eighteen: sfResample; Flip 7: the draw pile's order and the rng) and the view built from the
//      re-dealt state equals the message's view (and, for Stir Fry Eighteen, so do the events of the
//      move that led to it);
//  (c) no frame carries the seed, or a state-only field (drawPile, draw, rng, hands, the removed
//      card, final hands), before the game ends.

type GameMsg = Extract<ServerMessage, { type: 'game' }>;

const MODULES: Record<GameId, AnyGame> = GAMES;

let server: ParlorServer | null = null;
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = null;
});

/** A test client that keeps every frame it receives, as raw text, in order. */
interface Recorder {
  readonly client: TestClient;
  readonly viewer: Viewer;
  readonly raw: string[];
}

async function recorder(url: string, name: string, viewer: Viewer): Promise<Recorder> {
  const client = await TestClient.connect(url, name);
  clients.push(client);
  const raw: string[] = [];
  client.ws.on('message', (data) => raw.push(String(data)));
  return { client, viewer, raw };
}

/** Plays `seat` with `bot`, deciding from the received view and legal actions only. */
function playSeat(r: Recorder, tableId: string, seat: number, bot: Bot, seed: string): Promise<void> {
  const rng = createRng(`${seed}/${seat}`);
  let answered = -1;
  return new Promise((resolve, reject) => {
    r.client.ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      if (m.type !== 'game' || m.tableId !== tableId || m.seat !== seat) return;
      bot.observe?.(m.events);
      if (m.outcome !== null) return resolve();
      if (m.legal.length === 0 || m.seq <= answered) return;
      answered = m.seq;
      Promise.resolve(bot.decide(m.view, m.legal, rng))
        .then((action) => r.client.send({ type: 'action', tableId, seat, seq: m.seq, action }))
        .catch(reject);
    });
  });
}

const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Fields of a game state that never go on the wire before the end, as JSON keys. */
const STATE_ONLY = [/"drawPile":/, /"draw":/, /"rng":/, /"hands":/, /"removed":"/, /"finalHands":\[/];

interface Replay {
  readonly states: unknown[];
  /** events[k]: the events of the action that led to states[k] (events[0] = []). */
  readonly events: GameEvent[][];
  readonly actions: { seq: number; seat: number; action: unknown }[];
  readonly seed: string;
  readonly commitment: string;
}

async function replayExport(url: string, tableId: string, module: AnyGame): Promise<Replay> {
  const res = await fetch(`${url}/tables/${tableId}/export`);
  expect(res.status).toBe(200);
  const ex = await res.json() as { seed: string; commitment: string; players: number; options: unknown; actions: Replay['actions'] };
  const setup = module.setup({ players: ex.players, options: ex.options, seed: ex.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  const states: unknown[] = [setup.value];
  const events: GameEvent[][] = [[]];
  for (const a of ex.actions) {
    const r = module.apply(states.at(-1), a.seat, a.action);
    if (!r.ok) throw new Error(`action ${a.seq} refused on replay: ${r.error.message}`);
    states.push(r.state);
    events.push(r.events);
  }
  expect(module.outcome(states.at(-1))).not.toBeNull();
  return { states, events, actions: ex.actions, seed: ex.seed, commitment: ex.commitment };
}

/** Flip 7: the same state with the draw pile in another order and another rng (F7-16: hidden). */
function reorderDrawPile(s: F7State, rng: ReturnType<typeof createRng>): F7State {
  const t = f7CloneState(s);
  for (let i = t.draw.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [t.draw[i], t.draw[j]] = [t.draw[j]!, t.draw[i]!];
  }
  t.rng = [rng.int(2 ** 21), rng.int(2 ** 21), rng.int(2 ** 21), rng.int(2 ** 21) + 1];
  return t;
}

/** A game takes a few seconds; the ceiling leaves room for a loaded machine. */
const GAME_TIMEOUT = 60_000;
const TEST_TIMEOUT = 90_000;

interface Plan {
  readonly game: GameId;
  readonly seats: number;
  readonly options?: Record<string, unknown>;
  /** The bot level choosing each seat's moves. */
  readonly levels: BotLevel[];
}

async function playAndCheck(plan: Plan): Promise<{ actions: number; messages: number }> {
  const module = MODULES[plan.game];
  server = await testServer();
  const url = server.url;
  const seatsR: Recorder[] = [];
  for (let seat = 0; seat < plan.seats; seat++) seatsR.push(await recorder(url, `Seat ${seat}`, seat));
  const spectator = await recorder(url, 'Watcher', 'spectator');

  const created = await seatsR[0]!.client.request({
    type: 'table.create', game: plan.game, seats: plan.seats, ...(plan.options ? { options: plan.options } : {}),
  });
  if (created.type !== 'table') throw new Error(JSON.stringify(created));
  const tableId = created.table.id;
  for (let seat = 1; seat < plan.seats; seat++) {
    expect(await seatsR[seat]!.client.request({ type: 'table.sit', tableId, seat })).toMatchObject({ type: 'ok' });
  }
  expect(await spectator.client.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });

  const seed = `no-leaks ${plan.game} ${plan.seats}`;
  const done = seatsR.map((r, seat) => playSeat(r, tableId, seat, createBot(plan.game, plan.levels[seat]!), seed));
  const spectatorDone = spectator.client.waitFor((m) => m.type === 'game' && m.outcome !== null, GAME_TIMEOUT);
  expect(await seatsR[0]!.client.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all([...done, spectatorDone]),
    new Promise((_, reject) => {
      timer = setTimeout(() => {
        const last = [...seatsR, spectator].map((r) => `${String(r.viewer)}: ${r.raw.filter((t) => t.startsWith('{"type":"game"')).length} game messages, last frame ${r.raw.at(-1)?.slice(0, 300)}`);
        reject(new Error(`the game did not end in ${GAME_TIMEOUT} ms\n${last.join('\n')}`));
      }, GAME_TIMEOUT);
    }),
  ]).finally(() => clearTimeout(timer));

  const replay = await replayExport(url, tableId, module);
  const last = replay.states.length - 1;
  // The commitment shown is SHA-256(seed) of the replayed seed.
  expect(createHash('sha256').update(replay.seed).digest('hex')).toBe(replay.commitment);

  const check = createRng(`${seed}/check`);
  let messages = 0;
  for (const r of [...seatsR, spectator]) {
    const p = r.viewer === 'spectator' ? -1 : r.viewer;
    const games = r.raw.map((t) => JSON.parse(t) as ServerMessage).filter((m): m is GameMsg => m.type === 'game');
    // One message per position, in order, none skipped or repeated; the last one shows the end and the seed.
    expect(games.map((m) => m.seq)).toEqual(Array.from({ length: last + 1 }, (_, k) => k));
    const final = games.at(-1)!;
    expect(final.outcome).toEqual(json(module.outcome(replay.states[last])));
    expect(final.seed).toBe(replay.seed);

    for (const m of games) {
      if (m.outcome !== null) continue;
      messages++;
      const k = m.seq;
      const state = replay.states[k];
      const where = `${plan.game}, ${String(r.viewer)}, seq ${k}`;
      expect(module.outcome(state), where).toBeNull();
      // (a) exactly the rules' filtered view and events, and what the seat is asked.
      expect(m.seat, where).toBe(r.viewer === 'spectator' ? null : r.viewer);
      expect(m.view, where).toEqual(json(module.view(state, r.viewer)));
      expect(m.events, where).toEqual(json(eventsFor(replay.events[k]!, r.viewer)));
      const toAct = module.toAct(state);
      expect(m.waitingFor, where).toEqual(toAct);
      expect(m.legal, where).toEqual(r.viewer !== 'spectator' && toAct.includes(r.viewer) ? json(module.legalActions(state, r.viewer)) : []);
      expect(m.seed, where).toBeNull();
      expect(m.commitment, where).toBe(replay.commitment);

      // (b) the information-set check, on what was received.
      if (plan.game === 'stir-fry-eighteen') {
        const other = resample(state as SfState, p, check);
        expect(json(module.view(other, r.viewer)), where).toEqual(m.view);
        if (k > 0) {
          // The move that led here, from a state re-dealt in what this receiver may not know, gives
          // the receiver the same events and the same view.
          const before = replay.states[k - 1] as SfState;
          const { seat, action } = replay.actions[k - 1]!;
          const pDraws = (replay.events[k] as SfEvent[]).some((e) => e.type === 'drawn' && e.player === p);
          const alt = resample(before, p, check, { mover: seat, declaration: true, pileAndPutDown: pDraws });
          const again = module.apply(alt, seat, action);
          if (!again.ok) throw new Error(`${where}: the move is refused from a re-dealt state: ${again.error.message}`);
          expect(json(eventsFor(again.events, r.viewer)), where).toEqual(m.events);
          expect(json(module.view(again.state, r.viewer)), where).toEqual(m.view);
        }
      } else {
        const other = reorderDrawPile(state as F7State, check);
        expect(json(module.view(other, r.viewer)), where).toEqual(m.view);
      }
    }

    // (c) nothing in any frame before the end holds the seed or a state-only field.
    for (const text of r.raw) {
      const m = JSON.parse(text) as ServerMessage;
      if (m.type === 'game' && m.outcome !== null) continue;
      expect(text.includes(replay.seed), `seed in a frame to ${String(r.viewer)}`).toBe(false);
      expect(text.includes(replay.seed.slice(0, 16)), `part of the seed in a frame to ${String(r.viewer)}`).toBe(false);
      for (const field of STATE_ONLY) expect(text, `${field} in a frame to ${String(r.viewer)}`).not.toMatch(field);
    }
  }
  return { actions: last, messages };
}

/** Flip 7 has fewer bot levels than Stir Fry Eighteen for now: the best one there is, and random. */
const f7Level: BotLevel = botLevels('flip-7').includes('basic') ? 'basic' : 'random';

describe('no leaks on the wire (issue 5, item 9)', () => {
  it('Stir Fry Eighteen, 4 seats with the Tofu promo: every seat and a spectator see exactly their view', async () => {
    const r = await playAndCheck({ game: 'stir-fry-eighteen', seats: 4, options: { tofu: true }, levels: ['basic', 'random', 'basic', 'random'] });
    expect(r.actions).toBeGreaterThan(10);
  }, TEST_TIMEOUT);

  it('Stir Fry Eighteen, 3 seats with Closing Time', async () => {
    const r = await playAndCheck({ game: 'stir-fry-eighteen', seats: 3, options: { closingTime: true }, levels: ['random', 'basic', 'basic'] });
    expect(r.actions).toBeGreaterThan(10);
  }, TEST_TIMEOUT);

  it('Flip 7, 4 seats: every seat and a spectator see exactly their view, never the draw pile', async () => {
    const r = await playAndCheck({ game: 'flip-7', seats: 4, levels: [f7Level, 'random', f7Level, 'random'] });
    expect(r.actions).toBeGreaterThan(10);
  }, TEST_TIMEOUT);
});
