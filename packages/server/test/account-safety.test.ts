import type { DeviceList, SessionReply, SessionsEnded } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { TOUCH_MS } from '../src/accounts/sessions.js';
import { sessionId } from '../src/api/sessions-api.js';
import { TestClock, hashToken } from '../src/index.js';
import { SESSION_ENDED_CLOSE } from '../src/live-sessions.js';
import { TestClient } from './support/client.js';
import { serverPerTest } from './support/per-test.js';

// An account's signed-in devices and its export over HTTP and WebSocket (docs/api.md, "Devices and
// your data"): the list shows each session (never a secret), signing one out closes its sockets and
// refuses its token while the others work on, "everywhere else" keeps only the caller's, guests are
// refused, and the export holds the account's data without a token's or the password's hash.

const { start, server } = serverPerTest();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => { for (const f of cleanups.splice(0).reverse()) await f(); });

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function api(method: string, path: string, opts: { body?: unknown; token?: string; ua?: string } = {}) {
  const res = await fetch(`${server().url}${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
      ...(opts.ua === undefined ? {} : { 'user-agent': opts.ua }),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text === '' ? null : JSON.parse(text) as unknown };
}
const code = (r: { json: unknown }) => (r.json as { error?: string } | null)?.error;

/** An account made on Firefox and signed in again on an iPhone: the two tokens. */
async function account(name: string, pw = 'correct horse battery') {
  const made = await api('POST', '/api/accounts', { body: { name, password: pw }, ua: FIREFOX });
  expect(made.status).toBe(201);
  const phone = await api('POST', '/api/sessions', { body: { name, password: pw }, ua: IPHONE });
  expect(phone.status).toBe(200);
  return { desk: (made.json as SessionReply).token, phone: (phone.json as SessionReply).token, pw };
}

/** A socket that said hello with `token`, and its close code (a promise). */
async function socketOf(token: string) {
  const c = await TestClient.anonymous(server().url);
  cleanups.push(() => c.close());
  const closed = new Promise<number>((resolve) => c.ws.once('close', (n) => resolve(n)));
  expect(await c.request({ type: 'hello', token })).toMatchObject({ type: 'welcome' });
  return { c, closed };
}

const list = async (token: string, ua?: string) => {
  const r = await api('GET', '/api/accounts/sessions', { token, ...(ua === undefined ? {} : { ua }) });
  expect(r.status).toBe(200);
  return { ...(r.json as DeviceList), text: r.text };
};

describe('signed-in devices', () => {
  it('lists both sessions with device, place and times, this one marked, and no secret', async () => {
    const clock = new TestClock();
    const t0 = new Date(clock.now()).toISOString();
    await start({}, { clock });
    const { desk, phone } = await account('Ann');
    const l = await list(desk);
    expect(l.sessions).toHaveLength(2);
    expect(l.sessions.map((s) => [s.device, s.place, s.current])).toEqual(expect.arrayContaining([
      ['Firefox on Windows', '127.0.0.0/24', true], ['Safari on iOS', '127.0.0.0/24', false],
    ]));
    for (const s of l.sessions) expect(s).toMatchObject({ createdAt: t0, lastUsed: t0 });
    expect(l.sessions.find((s) => s.current)!.id).toBe(sessionId(hashToken(desk)));
    for (const secret of [desk, phone, hashToken(desk), hashToken(phone)]) expect(l.text).not.toContain(secret);
    // A use is written at most every TOUCH_MS: within it the time stays, after it the new time shows.
    clock.advance(TOUCH_MS - 1);
    expect((await list(phone, IPHONE)).sessions.find((s) => s.current)!.lastUsed).toBe(t0);
    clock.advance(1);
    const later = await list(phone, IPHONE);
    expect(later.sessions[0]).toMatchObject({ current: true, device: 'Safari on iOS', lastUsed: new Date(clock.now()).toISOString() });
  });

  it("signing one out closes its socket and refuses its token; the other works on", async () => {
    await start();
    const { desk, phone } = await account('Bea');
    const deskSocket = await socketOf(desk);
    const phoneSocket = await socketOf(phone);
    const phoneId = (await list(desk)).sessions.find((s) => !s.current)!.id;
    expect((await api('DELETE', `/api/accounts/sessions/${phoneId}`, { token: desk })).status).toBe(204);
    expect(await phoneSocket.closed).toBe(SESSION_ENDED_CLOSE);
    expect(phoneSocket.c.received.at(-1)).toMatchObject({ type: 'error', code: 'SESSION_ENDED' });
    expect(code(await api('GET', '/api/me', { token: phone }))).toBe('UNAUTHORIZED');
    const again = await TestClient.anonymous(server().url);
    cleanups.push(() => again.close());
    expect(await again.request({ type: 'hello', token: phone })).toMatchObject({ type: 'error', code: 'BAD_TOKEN' });
    // The caller's session and socket are untouched.
    expect((await api('GET', '/api/me', { token: desk })).status).toBe(200);
    expect(await deskSocket.c.request({ type: 'table.create', game: 'flip-7', seats: 2 })).toMatchObject({ type: 'table' });
    expect((await list(desk)).sessions.map((s) => s.current)).toEqual([true]);
    // Signed out already, or never one of this account's: not found, and nothing changes.
    expect(code(await api('DELETE', `/api/accounts/sessions/${phoneId}`, { token: desk }))).toBe('NOT_FOUND');
    const other = await account('Cyd');
    expect(code(await api('DELETE', `/api/accounts/sessions/${sessionId(hashToken(other.phone))}`, { token: desk }))).toBe('NOT_FOUND');
    expect((await api('GET', '/api/me', { token: other.phone })).status).toBe(200);
  });

  it('"everywhere else" keeps only the caller\'s session; the others\' sockets close', async () => {
    await start();
    const { desk, phone, pw } = await account('Dot');
    const third = ((await api('POST', '/api/sessions', { body: { name: 'Dot', password: pw } })).json as SessionReply).token;
    const sockets = [await socketOf(desk), await socketOf(third)];
    const mine = await socketOf(phone);
    const r = await api('POST', '/api/accounts/sessions/end-others', { token: phone });
    expect(r.status).toBe(200);
    expect(r.json as SessionsEnded).toEqual({ ended: 2 });
    for (const s of sockets) expect(await s.closed).toBe(SESSION_ENDED_CLOSE);
    for (const t of [desk, third]) expect(code(await api('GET', '/api/me', { token: t }))).toBe('UNAUTHORIZED');
    expect((await list(phone)).sessions.map((s) => [s.device, s.current])).toEqual([['Safari on iOS', true]]);
    expect(await mine.c.request({ type: 'table.create', game: 'flip-7', seats: 2 })).toMatchObject({ type: 'table' });
  });

  it('a guest is refused each of them, with a clear code', async () => {
    await start();
    const guest = await TestClient.connect(server().url, 'Guest');
    cleanups.push(() => guest.close());
    const token = guest.token!;
    for (const [method, path] of [['GET', '/api/accounts/sessions'], ['DELETE', '/api/accounts/sessions/x'], ['POST', '/api/accounts/sessions/end-others'], ['GET', '/api/accounts/export']] as const) {
      const r = await api(method, path, { token });
      expect([r.status, code(r)], `${method} ${path}`).toEqual([403, 'ACCOUNT_REQUIRED']);
    }
    expect(code(await api('GET', '/api/accounts/sessions'))).toBe('UNAUTHORIZED');
    expect((await api('GET', '/api/me', { token })).status).toBe(200);
  });
});

describe('the export', () => {
  it("is a download of the account's data without a token's or the password's hash; a few an hour", async () => {
    await start();
    const { desk, phone } = await account('Eve');
    expect((await api('PUT', '/api/accounts/vacation', { token: desk, body: { days: 2 } })).status).toBe(200);
    const r = await api('GET', '/api/accounts/export', { token: desk });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="parlor-account.json"');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const body = r.json as { format: string; player: { name: string }; tables: Record<string, Record<string, unknown>[]> };
    expect(body).toMatchObject({ format: 'parlor-account-export', version: 1, player: { name: 'Eve' } });
    expect(body.tables.players).toEqual([expect.objectContaining({ name: 'Eve' })]);
    expect(body.tables.sessions!.map((s) => s.device).sort()).toEqual(['Firefox on Windows', 'Safari on iOS']);
    expect(body.tables.vacations).toHaveLength(1);
    const me = (await api('GET', '/api/me', { token: desk })).json as { id: string };
    const stored = await server().hub.store.accountOf(me.id);
    const player = await server().hub.store.playerById(me.id);
    for (const secret of [desk, phone, hashToken(desk), hashToken(phone), stored!.password, player!.tokenHash]) expect(r.text).not.toContain(secret);
    // Three in a row, then a wait.
    expect((await api('GET', '/api/accounts/export', { token: desk })).status).toBe(200);
    expect((await api('GET', '/api/accounts/export', { token: phone })).status).toBe(200);
    const limited = await api('GET', '/api/accounts/export', { token: desk });
    expect([limited.status, code(limited)]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
