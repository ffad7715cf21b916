import { Writable } from 'node:stream';
import { MAX_CHAT_LENGTH, MAX_MESSAGE_BYTES, type ServerMessage } from '@parlor/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ParlorServer, configFromEnv, startServer } from '../src/index.js';
import type { TestClient } from './support/client.js';
import { serverPerTest } from './support/per-test.js';
import { plain } from './support/replay.js';

/**
 * Issue item 10: oversized or malformed messages, unknown types, actions for seats one does not
 * hold, floods, too many tables, chat abuse and private tables without the invite are each refused
 * with a clear error; the connection stays usable, the server keeps running, and nothing changes.
 */

const { start, adopt, connect, anonymous } = serverPerTest();
afterEach(() => {
  vi.useRealTimers();
});

/** Everything about the server's tables that a refused message must not change. */
async function stateOf(s: ParlorServer): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, t] of s.hub.tables) {
    await t.exclusive(() => undefined); // anything queued has run
    out[id] = plain({
      row: t.row, seq: t.game?.seq ?? null, state: t.game?.state ?? null, away: [...t.away],
      actions: t.row.gameNo > 0 ? (await s.hub.store.actions(id, t.row.gameNo)).length : 0,
    });
  }
  return out;
}

/** The next error a client receives (for refusals that cannot carry `re`). */
function nextError(c: TestClient): Promise<ServerMessage> {
  return c.next((m) => m.type === 'error');
}

/** A two-person Flip 7 game, waiting for a person: nothing moves unless someone acts. */
async function runningTable(): Promise<{ ann: TestClient; bob: TestClient; tableId: string; seq: number; mover: number }> {
  const ann = await connect('Ann');
  const bob = await connect('Bob');
  const t = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 });
  if (t.type !== 'table') throw new Error(JSON.stringify(t));
  const tableId = t.table.id;
  expect(await bob.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
  expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
  const g = await ann.next((m) => m.type === 'game' && m.tableId === tableId);
  if (g.type !== 'game') throw new Error('no game');
  return { ann, bob, tableId, seq: g.seq, mover: g.waitingFor[0]! };
}

describe('abuse: refused with a clear error, nothing changes', () => {
  it('malformed, oversized, binary and unknown messages; the connection stays usable', async () => {
    const server = await start();
    const { ann, tableId, seq } = await runningTable();
    const before = await stateOf(server);

    // Just over the limit: TOO_LARGE. At the limit: read (and refused for its shape, not its size).
    const pad = (n: number) => { const base = JSON.stringify({ type: 'ping', id: 1, pad: '' }); return JSON.stringify({ type: 'ping', id: 1, pad: 'x'.repeat(n - base.length) }); };
    expect(Buffer.byteLength(pad(MAX_MESSAGE_BYTES + 1))).toBe(MAX_MESSAGE_BYTES + 1);
    ann.sendRaw(pad(MAX_MESSAGE_BYTES + 1));
    expect(await nextError(ann)).toMatchObject({ code: 'TOO_LARGE', message: expect.stringContaining(`${MAX_MESSAGE_BYTES} bytes`) });
    ann.sendRaw(pad(MAX_MESSAGE_BYTES));
    expect(await nextError(ann)).toMatchObject({ code: 'BAD_MESSAGE', re: 1 });
    // Multi-byte characters count as bytes, not characters.
    ann.sendRaw(JSON.stringify({ type: 'chat.send', tableId, text: 'é'.repeat(MAX_MESSAGE_BYTES / 2) }));
    expect(await nextError(ann)).toMatchObject({ code: 'TOO_LARGE' });
    expect(await ann.request({ type: 'ping' })).toMatchObject({ type: 'pong' });

    ann.sendRaw('hello there');
    expect(await nextError(ann)).toMatchObject({ code: 'BAD_MESSAGE', message: 'The message is not valid JSON.' });
    ann.sendRaw('');
    expect(await nextError(ann)).toMatchObject({ code: 'BAD_MESSAGE' });
    ann.sendRaw(Buffer.from(JSON.stringify({ type: 'ping', id: 2 })), { binary: true });
    expect(await nextError(ann)).toMatchObject({ code: 'BAD_MESSAGE', message: 'Send JSON text frames.' });
    for (const raw of ['null', '42', '"ping"', '[]', '[{"type":"ping"}]', '{}', '{"type":null}']) {
      ann.sendRaw(raw);
      expect(await nextError(ann), raw).toMatchObject({ code: 'BAD_MESSAGE' });
    }

    const bad: [unknown, RegExp][] = [
      [{ type: 'teleport', id: 'a' }, /type/],
      [{ type: 'action', id: 'b', tableId: 123, seat: 0, seq, action: { type: 'hit' } }, /tableId/],
      [{ type: 'action', id: 'c', tableId, seat: '0', seq, action: { type: 'hit' } }, /seat/],
      [{ type: 'action', id: 'd', tableId, seat: 0, seq: -1, action: { type: 'hit' } }, /seq/],
      [{ type: 'action', id: 'e', tableId, seat: 0, seq: 1.5, action: { type: 'hit' } }, /seq/],
      [{ type: 'action', id: 'f', tableId, seat: 99, seq, action: { type: 'hit' } }, /seat/],
      [{ type: 'action', id: 'g', tableId, seat: 0, action: { type: 'hit' } }, /seq/],
      [{ type: 'action', id: 'h', tableId, seat: 0, seq, action: { type: 'hit' }, extra: true }, /extra|Unrecognized/i],
      [{ type: 'table.create', id: 'i', game: 'chess', seats: 2 }, /game/],
      [{ type: 'table.create', id: 'j', game: 'flip-7', seats: 1000 }, /seats/],
      [{ type: 'table.create', id: 'k', game: 'flip-7', seats: 2, moveTimer: 5 }, /moveTimer/],
      [{ type: 'chat.send', id: 'l', tableId, text: 'x'.repeat(2001) }, /text/],
      [{ type: 'hello', id: 'm', token: 5 }, /token/],
      [{ type: 'ping', id: { nested: true } }, /id/],
    ];
    for (const [msg, where] of bad) {
      ann.sendRaw(JSON.stringify(msg));
      const e = await nextError(ann);
      expect(e, JSON.stringify(msg)).toMatchObject({ code: 'BAD_MESSAGE' });
      if (e.type === 'error') expect(e.message).toMatch(where);
      const id = (msg as { id: unknown }).id;
      if (typeof id === 'string') expect(e).toMatchObject({ re: id });
    }
    // Refused options are the rules' own errors.
    expect(await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, options: { target: 'lots' } })).toMatchObject({ type: 'error' });
    expect(await ann.request({ type: 'table.create', game: 'stir-fry-eighteen', seats: 12 })).toMatchObject({ type: 'error', code: 'BAD_PLAYERS' });

    expect(await ann.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(await stateOf(server)).toEqual(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('before hello, and hello abuse', async () => {
    const server = await start();
    const before = await stateOf(server);
    const anon = await anonymous();
    for (const msg of [
      { type: 'table.create', game: 'flip-7', seats: 2 }, { type: 'lobby.watch' }, { type: 'table.watch', tableId: 'abc' },
      { type: 'action', tableId: 'abc', seat: 0, seq: 0, action: { type: 'hit' } }, { type: 'chat.send', tableId: 'abc', text: 'hi' },
    ] as const) {
      expect(await anon.request(msg), msg.type).toMatchObject({ type: 'error', code: 'HELLO_FIRST' });
    }
    expect(await anon.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(await anon.request({ type: 'hello', token: 'not-a-token' })).toMatchObject({ type: 'error', code: 'BAD_TOKEN' });
    for (const name of ['', '   ', '\u0000\u0007', 'x'.repeat(25), '\u200b\u200e']) {
      expect(await anon.request({ type: 'hello', name }), JSON.stringify(name)).toMatchObject({ type: 'error', code: 'BAD_NAME' });
    }
    const w = await anon.request({ type: 'hello', name: ' Zed\u0007 \t Zed ' });
    expect(w).toMatchObject({ type: 'welcome', player: { name: 'Zed Zed' } });
    expect(await anon.request({ type: 'hello', name: 'Again' })).toMatchObject({ type: 'error', code: 'BAD_MESSAGE' });
    expect(await stateOf(server)).toEqual(before);
  });

  it('actions for seats one does not hold, at tables one is not at, for games not running', async () => {
    const server = await start();
    const { ann, bob, tableId, seq, mover } = await runningTable();
    const carl = await connect('Carl');
    expect(await carl.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    const before = await stateOf(server);
    const [moverClient, other] = mover === 0 ? [ann, bob] : [bob, ann];
    expect(await carl.request({ type: 'action', tableId, seat: mover, seq, action: { type: 'hit' } })).toMatchObject({ type: 'error', code: 'NOT_YOUR_SEAT' });
    expect(await other.request({ type: 'action', tableId, seat: mover, seq, action: { type: 'hit' } })).toMatchObject({ type: 'error', code: 'NOT_YOUR_SEAT' });
    expect(await moverClient.request({ type: 'action', tableId, seat: 7, seq, action: { type: 'hit' } })).toMatchObject({ type: 'error', code: 'NO_SUCH_SEAT' });
    expect(await moverClient.request({ type: 'action', tableId: 'nope', seat: mover, seq, action: { type: 'hit' } })).toMatchObject({ type: 'error', code: 'UNKNOWN_TABLE' });
    expect(await moverClient.request({ type: 'action', tableId, seat: mover, seq: seq + 1, action: { type: 'hit' } })).toMatchObject({ type: 'error', code: 'STALE' });
    expect(await moverClient.request({ type: 'action', tableId, seat: mover, seq, action: null })).toMatchObject({ type: 'error', code: 'MALFORMED_ACTION' });
    expect(await moverClient.request({ type: 'action', tableId, seat: mover, seq, action: { type: 'constructor' } })).toMatchObject({ type: 'error', code: 'MALFORMED_ACTION' });
    expect(await other.request({ type: 'action', tableId, seat: 1 - mover, seq, action: { type: 'hit' } })).toMatchObject({ type: 'error', code: 'NOT_YOUR_TURN' });
    // Seat changes while the game runs, seats one does not hold, bots by someone not the creator, a
    // second start. (Leaving one's own seat while the game runs is no refusal: a stand-in bot takes
    // it, absence.test.ts.)
    expect(await carl.request({ type: 'table.sit', tableId, seat: 0 })).toMatchObject({ type: 'error', code: 'ALREADY_RUNNING' });
    expect(await carl.request({ type: 'table.leave', tableId, seat: 0 })).toMatchObject({ type: 'error', code: 'NOT_YOUR_SEAT' });
    expect(await other.request({ type: 'table.leave', tableId, seat: mover })).toMatchObject({ type: 'error', code: 'NOT_YOUR_SEAT' });
    expect(await carl.request({ type: 'table.bot.add', tableId, seat: 0, level: 'random' })).toMatchObject({ type: 'error', code: 'NOT_CREATOR' });
    expect(await carl.request({ type: 'table.start', tableId })).toMatchObject({ type: 'error', code: 'ALREADY_RUNNING' });
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'error', code: 'ALREADY_RUNNING' });
    // A game not yet running.
    const t2 = await carl.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    const open = t2.type === 'table' ? t2.table.id : '';
    expect(await carl.request({ type: 'action', tableId: open, seat: 0, seq: 0, action: { type: 'hit' } })).toMatchObject({ type: 'error', code: 'NOT_RUNNING' });
    expect(await carl.request({ type: 'table.start', tableId: open })).toMatchObject({ type: 'error', code: 'NOT_READY' });
    expect(await ann.request({ type: 'table.bot.add', tableId: open, seat: 1, level: 'random' })).toMatchObject({ type: 'error', code: 'NOT_CREATOR' });
    const after = (await stateOf(server)) as Record<string, unknown>;
    delete after[open];
    expect(after).toEqual(before);
  });

  it('an action the rules choke on is a malformed action, not a server error', async () => {
    const server = await start();
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const t = await ann.request({ type: 'table.create', game: 'stir-fry-eighteen', seats: 2 });
    const tableId = t.type === 'table' ? t.table.id : '';
    expect(await bob.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    const g = await ann.next((m) => m.type === 'game' && m.tableId === tableId);
    if (g.type !== 'game') throw new Error('no game');
    const mover = g.waitingFor[0]!;
    const c = mover === 0 ? ann : bob;
    const before = await stateOf(server);
    for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(await c.request({ type: 'action', tableId, seat: mover, seq: g.seq, action: { type } }), type).toMatchObject({ type: 'error', code: 'MALFORMED_ACTION' });
    }
    expect(await stateOf(server)).toEqual(before);
  });

  it('floods meet the per-connection rate limit, then the connection recovers', async () => {
    // The server's clock is the test's (fake Date; timers and sockets are real): the bucket refills
    // only when the test moves the clock, so what is refused is exact, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    const burst = 20, perSecond = 10;
    const server = await start({ rateBurst: burst, ratePerSecond: perSecond });
    const { ann, tableId, seq, mover, bob } = await runningTable();
    const before = await stateOf(server);
    const flooder = mover === 0 ? bob : ann; // floods actions for a seat it holds, out of turn
    const seat = mover === 0 ? 1 : 0;
    vi.setSystemTime(Date.now() + (burst / perSecond) * 1000); // long enough to refill: a full bucket
    const n = 200;
    const ids = [...Array.from({ length: n }, (_, i) => `f${i}`), 'last'];
    const answers = new Map<unknown, string>();
    let replies = 0;
    const answered = new Promise<void>((resolve) => flooder.onMessage((m) => {
      if (!('re' in m) || !ids.includes(m.re as string)) return;
      replies++;
      answers.set(m.re, m.type === 'error' ? m.code : m.type);
      if (answers.size === ids.length) resolve();
    }));
    for (const id of ids.slice(0, n)) flooder.send({ type: 'action', id, tableId, seat, seq, action: { type: 'hit' } });
    flooder.send({ type: 'ping', id: 'last' });
    await answered;
    // Each message has one answer: the first `burst` go through (and the rules refuse them), every
    // one after is dropped with RATE_LIMITED, the ping too.
    expect(replies).toBe(ids.length);
    expect([...answers.entries()].sort()).toEqual(ids.map((id, i) => [id, i < burst ? 'NOT_YOUR_TURN' : 'RATE_LIMITED']).sort());
    // Other connections are not affected meanwhile.
    const other = flooder === ann ? bob : ann;
    expect(await other.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    // Recovers: the bucket refills at ratePerSecond — one message's worth after 1/perSecond s, no more.
    vi.setSystemTime(Date.now() + 1000 / perSecond);
    expect(await flooder.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(await flooder.request({ type: 'ping' })).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
    vi.setSystemTime(Date.now() + 1000 / perSecond);
    expect(await flooder.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(await stateOf(server)).toEqual(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('too many open tables per player', async () => {
    const server = await start({ maxOpenTablesPerPlayer: 3 });
    const dee = await connect('Dee');
    for (let i = 0; i < 3; i++) expect(await dee.request({ type: 'table.create', game: 'flip-7', seats: 2 })).toMatchObject({ type: 'table' });
    const before = await stateOf(server);
    const e = await dee.request({ type: 'table.create', game: 'stir-fry-eighteen', seats: 2 });
    expect(e).toMatchObject({ type: 'error', code: 'TOO_MANY_TABLES', message: expect.stringContaining('at most 3') });
    expect(await stateOf(server)).toEqual(before);
    // Someone else may still open one.
    const eve = await connect('Eve');
    expect(await eve.request({ type: 'table.create', game: 'flip-7', seats: 2 })).toMatchObject({ type: 'table' });
  });

  it('chat too long, too fast, at tables one does not watch', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // the server's clock stands still: no chat budget comes back meanwhile
    const server = await start();
    const { ann, bob, tableId } = await runningTable();
    const carl = await connect('Carl');
    const before = await stateOf(server);
    expect(await carl.request({ type: 'chat.send', tableId, text: 'hi' })).toMatchObject({ type: 'error', code: 'UNKNOWN_TABLE' });
    expect(await ann.request({ type: 'chat.send', tableId, text: 'x'.repeat(MAX_CHAT_LENGTH + 1) })).toMatchObject({ type: 'error', code: 'BAD_MESSAGE' });
    expect(await ann.request({ type: 'chat.send', tableId, text: '\u0000\u0001 \u200b' })).toMatchObject({ type: 'error', code: 'BAD_MESSAGE' });
    expect(await ann.request({ type: 'chat.send', tableId, text: 'x'.repeat(MAX_CHAT_LENGTH) })).toMatchObject({ type: 'ok' });
    const replies: ServerMessage[] = [];
    for (let i = 0; i < 6; i++) replies.push(await ann.request({ type: 'chat.send', tableId, text: `hello ${i}\u0007` }));
    // A budget of 3 lines at once (the long one above took one; refused lines take none), none back
    // while the clock stands still: two more go out, the other four are refused.
    expect(replies.map((r) => (r.type === 'error' ? r.code : r.type))).toEqual(['ok', 'ok', 'CHAT_LIMITED', 'CHAT_LIMITED', 'CHAT_LIMITED', 'CHAT_LIMITED']);
    const chat = await bob.next((m) => m.type === 'chat' && m.text.startsWith('hello'));
    expect(chat).toMatchObject({ type: 'chat', text: 'hello 0', from: { name: 'Ann' } }); // control characters removed
    expect(await stateOf(server)).toEqual(before);
  });

  it('private tables without the invite', async () => {
    const server = await start();
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    bob.send({ type: 'lobby.watch' }); // answered by a `lobby` message, without `re` (docs/protocol.md)
    const lobby = await bob.next((m) => m.type === 'lobby');
    expect(lobby).toMatchObject({ tables: [] });
    const t = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, private: true });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    const tableId = t.table.id;
    const invite = t.invite!;
    expect(invite).toMatch(/^[\w-]{8,}$/);
    const before = await stateOf(server);
    expect(await bob.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'error', code: 'UNKNOWN_TABLE' });
    expect(await bob.request({ type: 'table.watch', tableId, invite: 'wrong' })).toMatchObject({ type: 'error', code: 'UNKNOWN_TABLE' });
    expect(await bob.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'error', code: 'UNKNOWN_TABLE' });
    expect(await bob.request({ type: 'chat.send', tableId, text: 'hi' })).toMatchObject({ type: 'error', code: 'UNKNOWN_TABLE' });
    // The refusal is the same as for a table that does not exist: nothing is given away.
    const none = await bob.request({ type: 'table.watch', tableId: 'no-such-table' });
    const priv = await bob.request({ type: 'table.watch', tableId });
    expect(none.type === 'error' && priv.type === 'error' && none.message === priv.message).toBe(true);
    expect((await fetch(`${server.url}/tables/${tableId}/export`)).status).toBe(404);
    expect(await stateOf(server)).toEqual(before);
    // Nobody outside heard of it.
    expect(bob.received.some((m) => m.type === 'lobby.table' && m.table.id === tableId)).toBe(false);
    expect(JSON.stringify(bob.received)).not.toContain(invite);
    // With the invite: in.
    expect(await bob.request({ type: 'table.sit', tableId, seat: 1, invite })).toMatchObject({ type: 'ok' });
  });

  it('nothing secret in error messages or request logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const dbPath = (await import('node:path')).join((await import('node:fs')).mkdtempSync((await import('node:path')).join((await import('node:os')).tmpdir(), 'parlor-log-')), 'p.db');
    const server = adopt(await startServer({ ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath, botDelayMs: [0, 0], logLevel: 'info' }, { logger: { stream } }));
    const ann = await connect('Ann');
    const t = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, private: true });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    const invite = t.invite!;
    expect(await ann.request({ type: 'table.bot.add', tableId: t.table.id, seat: 1, level: 'random' })).toMatchObject({ type: 'ok' });
    expect(await ann.request({ type: 'table.start', tableId: t.table.id })).toMatchObject({ type: 'ok' });
    await fetch(`${server.url}/tables/${t.table.id}/export?invite=${invite}`);
    await fetch(`${server.url}/tables/${t.table.id}/export?invite=${invite}&game=1`);
    const seed = (await server.hub.store.game(t.table.id, 1))!.seed;
    ann.sendRaw(JSON.stringify({ type: 'action', id: 'x', tableId: t.table.id, seat: 0, seq: 0, action: { type: 'constructor' } }));
    await ann.next((m) => m.type === 'error' && m.re === 'x');
    const log = lines.join('');
    expect(log).toContain('/export'); // requests are logged…
    expect(log).not.toContain(invite); // …without their query string
    expect(log).not.toContain(seed);
    expect(log).not.toContain(ann.token!);
    const errors = JSON.stringify(ann.received.filter((m) => m.type === 'error'));
    expect(errors).not.toContain(seed);
    expect(errors).not.toContain(ann.token!);
  });
});
