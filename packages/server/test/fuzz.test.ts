import { BOT_LEVELS, GAME_IDS, MAX_MESSAGE_BYTES, type ServerMessage } from '@parlor/protocol';
import { createRng } from '@parlor/rules';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type ParlorServer, TestClock } from '../src/index.js';
import { TestClient } from './support/client.js';
import { plain, replay } from './support/replay.js';
import { testServer } from './support/server.js';

/**
 * Issue item 10: thousands of random and mutated messages from several connections against tables
 * with running games (bots playing, a move timer running). Afterwards the server answers /healthz,
 * no message made it fail (no SERVER_ERROR, nothing thrown), and every table's in-memory game is the
 * fold of its stored log.
 */

type Game = Extract<ServerMessage, { type: 'game' }>;

let server: (ParlorServer & { dbPath: string }) | null = null;
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = null;
});

const MESSAGES = 4000;
const SEED = 20261129;

describe('fuzz', () => {
  it(`${MESSAGES} random and mutated messages: the server stays up and every table stays the fold of its log`, async () => {
    // The server's clock runs in real time (bots think 0–5 ms) and jumps ahead between rounds, so
    // that move timers and windows run out in the middle of the fuzz.
    const clock = new TestClock({ running: true });
    server = await testServer({ rateBurst: 1_000_000, ratePerSecond: 1_000_000, botDelayMs: [0, 5] }, { clock });
    const names = ['Ann', 'Bob', 'Cat', 'Dan'];
    const cs: TestClient[] = [];
    for (const n of names) { const c = await TestClient.connect(server.url, n); cs.push(c); clients.push(c); }
    const [ann, bob, cat, dan] = cs as [TestClient, TestClient, TestClient, TestClient];
    const tables: string[] = [];
    const make = async (creator: TestClient, game: (typeof GAME_IDS)[number], who: (TestClient | 'bot')[], extra: object = {}) => {
      const t = await creator.request({ type: 'table.create', game, seats: who.length + 1, ...extra });
      if (t.type !== 'table') throw new Error(JSON.stringify(t));
      for (const [i, w] of who.entries()) {
        if (w === 'bot') expect(await creator.request({ type: 'table.bot.add', tableId: t.table.id, seat: i + 1, level: 'random' })).toMatchObject({ type: 'ok' });
        else expect(await w.request({ type: 'table.sit', tableId: t.table.id, seat: i + 1, invite: t.invite ?? undefined })).toMatchObject({ type: 'ok' });
      }
      tables.push(t.table.id);
      return t.table.id;
    };
    const running = [
      await make(ann, 'stir-fry-eighteen', [bob, 'bot']),
      await make(cat, 'flip-7', [dan, 'bot']),
      await make(ann, 'flip-7', [cat]),
      await make(bob, 'stir-fry-eighteen', [dan], { moveTimer: 30, tasteWindow: 3 }), // the clock's jumps run these out
      await make(dan, 'flip-7', [ann, 'bot', 'bot'], { private: true }),
    ];
    const open = await dan.request({ type: 'table.create', game: 'stir-fry-eighteen', seats: 3 }); // an open table, seats free
    if (open.type === 'table') tables.push(open.table.id);
    for (const id of running) {
      const creator = cs.find((c) => server!.hub.tables.get(id)!.row.creatorId === c.playerId)!;
      expect(await creator.request({ type: 'table.start', tableId: id })).toMatchObject({ type: 'ok' });
    }

    // Random material from fast-check (seeded: the run is repeatable).
    const json = fc.sample(fc.jsonValue({ maxDepth: 4 }), { numRuns: 400, seed: SEED });
    const strings = fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { numRuns: 200, seed: SEED + 1 });
    const rng = createRng(`fuzz-${SEED}`);
    const int = (n: number) => Math.floor(rng.float() * n);
    const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
    const TYPES = ['hello', 'ping', 'lobby.watch', 'lobby.unwatch', 'table.create', 'table.watch', 'table.unwatch', 'table.sit', 'table.leave', 'table.bot.add', 'table.bot.remove', 'table.start', 'table.again', 'chat.send', 'action'];
    const ODD = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'hit', 'stay', 'give', 'trust', 'taste-test', 'cook', 'end-turn', 'discard-pair', 'discard-protein', 'discard-down', ''];
    const latest = (c: TestClient): Game | undefined => {
      const gs = c.received.filter((m): m is Game => m.type === 'game' && m.seat !== null);
      return gs.length === 0 ? undefined : gs[gs.length - 1 - int(Math.min(3, gs.length))];
    };
    const anyValue = (): unknown => pick([pick(json), pick(strings), int(100) - 50, -1, 1.5, 1e308, null, true, [], {}, { type: pick(ODD) }]);
    /** A valid-looking action message, then broken in one or two random ways. */
    const mutated = (c: TestClient): Record<string, unknown> => {
      const g = latest(c);
      const msg: Record<string, unknown> = g === undefined
        ? { type: 'action', tableId: pick(tables), seat: int(4), seq: int(50), action: { type: pick(ODD) } }
        : { type: 'action', tableId: g.tableId, seat: g.seat, seq: g.seq, action: g.legal.length > 0 ? pick(g.legal) : { type: pick(ODD) } };
      for (let k = 1 + int(2); k > 0; k--) {
        switch (int(10)) {
          case 0: delete msg[pick(['type', 'tableId', 'seat', 'seq', 'action'])]; break;
          case 1: msg.seq = pick([(msg.seq as number) + 1, (msg.seq as number) - 1, -1, 0, 1e9, 0.5, '3', null]); break;
          case 2: msg.seat = pick([0, 1, 2, 3, 5, 11, 12, -1, '0', null]); break;
          case 3: msg.tableId = pick([pick(tables), pick(strings), 'x'.repeat(41), 7]); break;
          case 4: msg.action = anyValue(); break;
          case 5: msg.action = { ...(msg.action as object), [pick(['cards', 'card', 'claim', 'to', 'extra', '__proto__'])]: anyValue() }; break;
          case 6: msg[pick(['extra', 'id', 'token', 'invite'])] = anyValue(); break;
          case 7: msg.type = pick(TYPES); break;
          case 8: msg.action = { type: pick(ODD), cards: [pick(['ginger', 'pork', 'noodles', 'x']), pick(['ginger', 'pork'])], to: int(5) }; break;
          default: break; // left valid (for the moment it was seen)
        }
      }
      return msg;
    };
    const randomTyped = (): Record<string, unknown> => {
      const type = pick(TYPES);
      const msg: Record<string, unknown> = { type, id: pick([int(1000), `q${int(1000)}`, null, {}]) };
      const tableId = pick([...tables, pick(strings)]);
      if (rng.float() < 0.8) msg.tableId = tableId;
      if (rng.float() < 0.6) msg.seat = int(6);
      if (type === 'table.create') Object.assign(msg, { game: pick([...GAME_IDS, 'chess']), seats: int(8), options: pick([{}, { target: int(300) }, pick(json)]), moveTimer: pick([0, 30, 7]), private: rng.float() < 0.5 });
      if (type === 'table.bot.add') msg.level = pick([...BOT_LEVELS, 'godlike']);
      if (type === 'chat.send') msg.text = pick([pick(strings), 'hi', 'x'.repeat(301)]);
      if (type === 'table.watch' || type === 'table.sit') msg.invite = pick([undefined, 'guess', pick(strings)]);
      if (type === 'hello') Object.assign(msg, { name: pick(strings), token: pick([undefined, 'stolen', pick(strings)]) });
      if (rng.float() < 0.2) msg[pick(['x', 'action', 'seq'])] = anyValue();
      return msg;
    };

    let sent = 0;
    while (sent < MESSAGES) {
      for (const c of cs) {
        for (let i = 0; i < 25; i++, sent++) {
          const r = rng.float();
          if (r < 0.15) { // a valid move, when there is one
            const g = latest(c);
            if (g !== undefined && g.legal.length > 0) c.send({ type: 'action', tableId: g.tableId, seat: g.seat!, seq: g.seq, action: pick(g.legal) });
          } else if (r < 0.55) c.sendRaw(JSON.stringify(mutated(c)));
          else if (r < 0.8) c.sendRaw(JSON.stringify(randomTyped()));
          else if (r < 0.9) c.sendRaw(JSON.stringify(pick(json)));
          else if (r < 0.95) c.sendRaw(pick(strings));
          else if (r < 0.97) c.sendRaw(Buffer.from(pick(strings)), { binary: true });
          else if (r < 0.98) c.sendRaw(`{"type":"ping","pad":"${'x'.repeat(MAX_MESSAGE_BYTES)}"}`);
          else c.sendRaw(JSON.stringify({ type: 'table.again', tableId: pick(running) }));
        }
      }
      // Let every connection catch up before the next round (keeps the test's pace bounded).
      await Promise.all(cs.map((c) => c.request({ type: 'ping' }, 30_000)));
      // A second and a half on the server's clock: a 3 s window closes every other round, the 30 s
      // move timer every twenty.
      clock.advance(1500);
    }
    expect(sent).toBeGreaterThanOrEqual(MESSAGES);
    // The refusals cover the ground (every layer: frame, JSON, schema, hello, table, seat, sequence, rules).
    const codes = new Set(cs.flatMap((c) => c.received.flatMap((m) => (m.type === 'error' ? [m.code] : []))));
    for (const code of ['BAD_MESSAGE', 'TOO_LARGE', 'UNKNOWN_TABLE', 'NOT_YOUR_SEAT', 'STALE', 'MALFORMED_ACTION', 'ALREADY_RUNNING']) {
      expect(codes, [...codes].join(' ')).toContain(code);
    }
    const played = [...server.hub.tables.values()].reduce((n, t) => n + (t.game?.seq ?? 0), 0);
    expect(played).toBeGreaterThan(20);

    // The server is up, and no message made it fail.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    for (const c of cs) {
      const failures = c.received.filter((m) => m.type === 'error' && m.code === 'SERVER_ERROR');
      expect(failures, JSON.stringify(failures.slice(0, 3))).toEqual([]);
      expect(await c.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    }
    // Every table: the stored row is the live one, every game replays, and the live game is the fold of its log.
    const stored = new Map((await server.hub.store.tables()).map((r) => [r.id, r]));
    expect(stored.size).toBe(server.hub.tables.size);
    let games = 0;
    for (const [id, t] of server.hub.tables) {
      await t.exclusive(() => undefined);
      expect(plain(stored.get(id))).toEqual(plain(t.row));
      for (let no = 1; no <= t.row.gameNo; no++) {
        const r = await replay(server.hub.store, t.row.game, id, no);
        games++;
        if (no < t.row.gameNo || t.row.status === 'finished') expect(r.game.finishedAt, `${id} game ${no}`).not.toBeNull();
        if (no === t.row.gameNo) {
          expect(t.game!.seq).toBe(r.actions.length);
          expect(plain(t.game!.state)).toEqual(plain(r.states.at(-1)));
        }
      }
    }
    expect(games).toBeGreaterThanOrEqual(running.length);
  }, 90_000);
});
