import type { ClientMessage, ServerMessage, SessionReply } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisSignInLimits } from '../src/accounts/redis-sign-in-limits.js';
import { EXPIRED_KEPT_DAYS } from '../src/accounts/sessions.js';
import { SIGN_IN_LIMITS } from '../src/accounts/sign-in-limits.js';
import type { Hub } from '../src/hub.js';
import { TestClock, hashToken } from '../src/index.js';
import { SESSION_ENDED_CLOSE } from '../src/live-sessions.js';
import type { ChildServer } from './support/child.js';
import { TestClient } from './support/client.js';
import { TEST_REDIS, clusterEnv, clusterSkipReason, startCluster } from './support/cluster.js';
import { serverPerTest } from './support/per-test.js';
import { type TestSchema, freshSchema } from './support/stores.js';
import { until } from './support/until.js';

// Sessions end when they should: a sign-out, a password change and an account's deletion close the
// sockets of the sessions they end at once (on every process of a cluster) and refuse what those
// sockets send after; an account's session unused past PARLOR_SESSION_IDLE_DAYS is refused; sign-in
// limits lock out the guessing address, not the account's owner, and a cluster counts them together.

const { start, server } = serverPerTest();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => { for (const f of cleanups.splice(0).reverse()) await f(); });

async function call(base: string, method: string, path: string, opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text === '' ? null : JSON.parse(text) as unknown };
}
const code = (r: { json: unknown }) => (r.json as { error?: string } | null)?.error;
const api = (method: string, path: string, opts: Parameters<typeof call>[3] = {}) => call(server().url, method, path, opts);

/** An account `name` (password `pw`), and a second session of it; their tokens. */
async function account(name: string, pw = 'correct horse battery') {
  const made = await api('POST', '/api/accounts', { body: { name, password: pw } });
  expect(made.status).toBe(201);
  const other = await api('POST', '/api/sessions', { body: { name, password: pw } });
  expect(other.status).toBe(200);
  return { first: (made.json as SessionReply).token, second: (other.json as SessionReply).token, pw };
}

/** A socket that said hello with `token`, and the close code it gets (a promise, for a close the test awaits). */
async function socketOf(token: string) {
  const c = await TestClient.anonymous(server().url);
  cleanups.push(() => c.close());
  const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
  const w = await c.request({ type: 'hello', token });
  expect(w.type).toBe('welcome');
  return { c, closed };
}

/**
 * A connection of the hub with no real socket: what it is sent and its closes are recorded, and it
 * keeps sending after its close (as a socket whose frames were already on the wire would), so that
 * the refusal of those messages is seen.
 */
function hubConnection(hub: Hub) {
  const got: ServerMessage[] = [];
  const closes: number[] = [];
  const c = hub.connect((json) => got.push(JSON.parse(json) as ServerMessage), '10.9.9.9', (code) => closes.push(code))!;
  cleanups.push(() => hub.disconnect(c));
  let id = 1;
  const send = async (msg: ClientMessage extends infer M ? (M extends ClientMessage ? Omit<M, 'id'> : never) : never) => {
    const re = id++;
    await hub.handle(c, { ...msg, id: re } as ClientMessage, performance.now());
    return got.filter((m) => 're' in m && m.re === re);
  };
  return { c, got, closes, send };
}

describe('ending sessions', () => {
  it('a sign-out closes its sockets at once; what they send after is refused; the other session stays', async () => {
    await start();
    const { first, second } = await account('Ann');
    const mine = await socketOf(first);
    const other = await socketOf(second);
    const hubSide = hubConnection(server().hub);
    expect((await hubSide.send({ type: 'hello', token: first }))[0]).toMatchObject({ type: 'welcome' });
    // A table both watch, to see whether a chat sent after the sign-out reaches anyone.
    const t = await other.c.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    expect((await hubSide.send({ type: 'table.watch', tableId: t.table.id }))[0]).toMatchObject({ type: 'table' });

    expect((await api('DELETE', '/api/sessions', { token: first })).status).toBe(204);
    expect(await mine.closed).toBe(SESSION_ENDED_CLOSE);
    expect(mine.c.received.at(-1)).toMatchObject({ type: 'error', code: 'SESSION_ENDED' });
    expect(hubSide.closes).toEqual([SESSION_ENDED_CLOSE]);

    const tables = server().hub.tables.size;
    expect(await hubSide.send({ type: 'table.create', game: 'flip-7', seats: 2 })).toEqual([expect.objectContaining({ type: 'error', code: 'SESSION_ENDED' })]);
    expect(await hubSide.send({ type: 'chat.send', tableId: t.table.id, text: 'still here?' })).toEqual([expect.objectContaining({ type: 'error', code: 'SESSION_ENDED' })]);
    expect(server().hub.tables.size).toBe(tables);
    // The other session is untouched: it still plays, and of the chat it hears only its own.
    expect(await other.c.request({ type: 'chat.send', tableId: t.table.id, text: 'hello' })).toMatchObject({ type: 'ok' });
    await other.c.next((m) => m.type === 'chat');
    expect(other.c.received.filter((m) => m.type === 'chat').map((m) => (m as { text: string }).text)).toEqual(['hello']);
    // The token is gone for good: a new socket is refused.
    const again = await TestClient.anonymous(server().url);
    cleanups.push(() => again.close());
    expect(await again.request({ type: 'hello', token: first })).toMatchObject({ type: 'error', code: 'BAD_TOKEN' });
  });

  it('a password change closes every other session\'s sockets at once; the one that changed it stays', async () => {
    await start();
    const { first, second, pw } = await account('Bea');
    const third = ((await api('POST', '/api/sessions', { body: { name: 'Bea', password: pw } })).json as SessionReply).token;
    const a = await socketOf(first);
    const b = await socketOf(second);
    const c = await socketOf(third);
    expect((await api('POST', '/api/accounts/password', { token: first, body: { password: pw, newPassword: 'a brand new one' } })).status).toBe(204);
    expect(await b.closed).toBe(SESSION_ENDED_CLOSE);
    expect(await c.closed).toBe(SESSION_ENDED_CLOSE);
    expect(await a.c.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(a.c.received.some((m) => m.type === 'error')).toBe(false);
  });

  it('deleting the account closes every socket of it; its table creation and chat are refused after', async () => {
    await start();
    const { first, second, pw } = await account('Cid');
    const a = await socketOf(first);
    const hubSide = hubConnection(server().hub);
    await hubSide.send({ type: 'hello', token: second });
    const watcher = await TestClient.connect(server().url, 'Watcher');
    cleanups.push(() => watcher.close());
    const t = await watcher.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    await hubSide.send({ type: 'table.watch', tableId: t.table.id });

    expect((await api('DELETE', '/api/accounts', { token: first, body: { password: pw } })).status).toBe(204);
    expect(await a.closed).toBe(SESSION_ENDED_CLOSE);
    expect(hubSide.closes).toEqual([SESSION_ENDED_CLOSE]);
    const tables = server().hub.tables.size;
    expect((await hubSide.send({ type: 'table.create', game: 'flip-7', seats: 2 }))[0]).toMatchObject({ type: 'error', code: 'SESSION_ENDED' });
    expect((await hubSide.send({ type: 'chat.send', tableId: t.table.id, text: 'boo' }))[0]).toMatchObject({ type: 'error', code: 'SESSION_ENDED' });
    expect(server().hub.tables.size).toBe(tables);
    expect(await watcher.request({ type: 'chat.send', tableId: t.table.id, text: 'anyone?' })).toMatchObject({ type: 'ok' });
    await watcher.next((m) => m.type === 'chat');
    expect(watcher.received.filter((m) => m.type === 'chat').map((m) => (m as { text: string }).text)).toEqual(['anyone?']);
  });

  it('a hello that read its session just before it ended is not taken up', async () => {
    await start();
    const { first } = await account('Dee');
    const hub = server().hub;
    // The sign-out lands between the hello's read of its session and its binding to the connection.
    const c = hubConnection(hub);
    const mark = hub.live.mark();
    hub.live.end({ player: (await hub.store.session(hashOf(first)))!.player.id, why: 'signed-out', only: [hashOf(first)] });
    expect(hub.live.bind(c.c, 'someone-else', hashOf(first), mark)).toBe(true); // another player's: not that session
    expect(hub.live.bind(hubConnection(hub).c, (await hub.store.session(hashOf(first)))!.player.id, hashOf(first), mark)).toBe(false);
  });
});

const hashOf = hashToken;

describe('an idle session', () => {
  it('expires after PARLOR_SESSION_IDLE_DAYS unused: hello and the API refuse it; use keeps it alive; a guest never expires', async () => {
    const clock = new TestClock();
    // Idle guests are kept (not pruned) for this test, to show that their token does not expire.
    await start({ sessionIdleDays: 30, guestPruneDays: 3650 }, { clock });
    const { first, second } = await account('Eve');
    const guest = await TestClient.connect(server().url, 'Guest');
    guest.close();
    const day = 86_400_000;
    // Used every 29 days, it lives on (a hello and an API call are each a use).
    clock.advance(29 * day);
    const used = await socketOf(first);
    await used.c.request({ type: 'ping' });
    // Closed again at once (a socket left open would keep the session in use).
    used.c.close();
    await used.closed;
    await until('the session to be touched at its close', async () =>
      Date.parse((await server().hub.store.session(hashOf(first)))!.lastUsed) === clock.now(), 5000);
    clock.advance(29 * day);
    expect((await api('GET', '/api/me', { token: first })).status).toBe(200);
    // The other session has been unused for 58 days: refused, saying why, and then unknown.
    const h = await TestClient.anonymous(server().url);
    cleanups.push(() => h.close());
    expect(await h.request({ type: 'hello', token: second })).toMatchObject({ type: 'error', code: 'SESSION_EXPIRED', message: expect.stringMatching(/30 days/) });
    expect(code(await api('GET', '/api/me', { token: second }))).toBe('UNAUTHORIZED');
    // A day past the limit, the first one expires too (over HTTP this time).
    clock.advance(31 * day);
    expect(code(await api('GET', '/api/me', { token: first }))).toBe('SESSION_EXPIRED');
    // The guest's token is the guest: it does not expire.
    const back = await TestClient.anonymous(server().url);
    cleanups.push(() => back.close());
    expect(await back.request({ type: 'hello', token: guest.token! })).toMatchObject({ type: 'welcome' });
  });

  it('an expired session is deleted by the sweep once EXPIRED_KEPT_DAYS have passed too; one kept open is not', async () => {
    const clock = new TestClock();
    await start({ sessionIdleDays: 30 }, { clock });
    const { first, second } = await account('Gus');
    const open = await socketOf(second);
    const day = 86_400_000;
    clock.advance((30 + EXPIRED_KEPT_DAYS - 1) * day);
    await server().hub.sweep();
    // Expired, but kept: its device still hears why it must sign in again.
    expect(await server().hub.store.session(hashOf(first))).not.toBeNull();
    clock.advance(2 * day);
    await server().hub.sweep();
    expect(await server().hub.store.session(hashOf(first))).toBeNull();
    // The session with a socket open all along is in use: the sweep recorded it, and kept it.
    expect(await server().hub.store.session(hashOf(second))).not.toBeNull();
    expect(await open.c.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
  });

  it('counts its idle time from when its last socket closed', async () => {
    const clock = new TestClock();
    await start({ sessionIdleDays: 30 }, { clock });
    const { first } = await account('Fay');
    const s = await socketOf(first);
    clock.advance(40 * 86_400_000); // connected all along
    s.c.close();
    await s.closed;
    await until('the session to be touched at its close', async () =>
      Date.parse((await server().hub.store.session(hashOf(first)))!.lastUsed) === clock.now(), 5000);
    clock.advance(29 * 86_400_000);
    expect((await api('GET', '/api/me', { token: first })).status).toBe(200);
  });
});

describe('sign-in limits', () => {
  /** Signs in as `name` from `address` (PARLOR_TRUST_PROXY reads it from X-Forwarded-For), with a Cookie header if given. */
  const signIn = (name: string, password: string, address: string, cookie?: string) =>
    api('POST', '/api/sessions', { body: { name, password }, headers: { 'x-forwarded-for': address, ...(cookie === undefined ? {} : { cookie }) } });

  it('lock out the guessing address, not the owner: from another address, and from a known device when the account is slowed down', async () => {
    await start({ trustProxy: true });
    const { pw } = await account('Gus');
    // The owner signs in on their phone once: it becomes a known device.
    const phone = await signIn('Gus', pw, '198.51.100.7');
    expect(phone.status).toBe(200);
    const cookie = phone.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^parlor_device_[A-Za-z0-9_-]+=\d+\.[A-Za-z0-9_-]{43}$/);
    // One address guesses: 10 wrong passwords, then it is locked out of this account (even with the right one).
    const attacker = '203.0.113.1';
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 11; i++) codes.push(code(await signIn('Gus', `guess ${i}`, attacker)));
    expect(codes).toEqual([...Array(10).fill('BAD_CREDENTIALS'), 'RATE_LIMITED']);
    expect(code(await signIn('Gus', pw, attacker))).toBe('RATE_LIMITED');
    // The owner, elsewhere, signs in at once.
    expect((await signIn('Gus', pw, '198.51.100.8')).status).toBe(200);
    // Many addresses guess: past 30 wrong passwords in all the account is slowed down for new devices…
    for (const address of ['203.0.113.2', '203.0.113.3']) {
      for (let i = 0; i < 10; i++) expect(code(await signIn('Gus', `guess ${i}`, address))).toBe('BAD_CREDENTIALS');
    }
    const slowed = await signIn('Gus', pw, '198.51.100.9');
    expect(code(slowed)).toBe('RATE_LIMITED');
    expect((slowed.json as { message: string }).message).toMatch(/new devices/);
    // …but the owner's known device passes, even from the attacker's own address.
    expect((await signIn('Gus', pw, attacker, cookie)).status).toBe(200);
    // A cookie made up, or another account's, is no device of this one.
    expect(code(await signIn('Gus', pw, '198.51.100.10', cookie.replace(/.{6}$/, 'AAAAAA')))).toBe('RATE_LIMITED');
  });
});

const skipRedis = await clusterSkipReason();
if (skipRedis !== null) console.warn(`sessions.test.ts: Redis and cluster tests skipped: ${skipRedis}`);

describe.skipIf(skipRedis !== null)('in a cluster', () => {
  it('Redis-kept limits count the tries of every process together, on the clock they are given', async () => {
    const clock = new TestClock();
    const prefix = `test-${Math.random().toString(36).slice(2)}`;
    const log = { warn: () => {} };
    const a = await RedisSignInLimits.open(TEST_REDIS, prefix, clock, log);
    const b = await RedisSignInLimits.open(TEST_REDIS, prefix, clock, log);
    cleanups.push(() => a.close(), () => b.close());
    const pair = SIGN_IN_LIMITS.pair('203.0.113.1', 'gus');
    for (let i = 0; i < 10; i++) expect(await (i % 2 === 0 ? a : b).take(pair)).toBeNull();
    expect(await a.take(pair)).toBeCloseTo(90, 0);
    expect(await b.take(pair)).toBeCloseTo(90, 0);
    clock.advance(90_000);
    expect(await b.take(pair)).toBeNull();
    expect(await a.take(pair)).not.toBeNull();
    await a.giveBack(pair);
    expect(await b.take(pair)).toBeNull();
  });

  describe('of two processes', () => {
    let schema: TestSchema | null = null;
    let servers: ChildServer[] = [];
    afterEach(async () => {
      for (const s of servers.splice(0)) await s.kill().catch(() => {});
      await schema?.drop().catch(() => {});
      schema = null;
    });

    it('a sign-out on one closes the socket on the other; wrong passwords on both count together', async () => {
      schema = await freshSchema();
      servers = await startCluster(2, schema, clusterEnv(schema, TEST_REDIS, { PARLOR_TRUST_PROXY: 'true' }));
      const [p, q] = servers as [ChildServer, ChildServer];
      const made = await call(p.url, 'POST', '/api/accounts', { body: { name: 'Hal', password: 'correct horse battery' } });
      expect(made.status).toBe(201);
      const token = (made.json as SessionReply).token;
      const c = await TestClient.anonymous(q.url);
      cleanups.push(() => c.close());
      const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
      expect(await c.request({ type: 'hello', token })).toMatchObject({ type: 'welcome' });
      expect((await call(p.url, 'DELETE', '/api/sessions', { token })).status).toBe(204);
      expect(await closed).toBe(SESSION_ENDED_CLOSE);
      expect(c.received.at(-1)).toMatchObject({ type: 'error', code: 'SESSION_ENDED' });

      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await call(i % 2 === 0 ? p.url : q.url, 'POST', '/api/sessions',
          { body: { name: 'Hal', password: `guess ${i}` }, headers: { 'x-forwarded-for': '203.0.113.9' } });
        codes.push(code(r));
      }
      expect(codes).toEqual([...Array(10).fill('BAD_CREDENTIALS'), 'RATE_LIMITED', 'RATE_LIMITED']);
    });
  });
});
