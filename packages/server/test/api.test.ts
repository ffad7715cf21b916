import { DEFAULT_NOTIFICATION_SETTINGS, type GameExport, type GamesPage, type Leaderboard, type Me, type MeNotifications, type PlayerProfile, type ServerMessage, type SessionReply } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { configFromEnv, startServer } from '../src/index.js';
import { serverPerTest } from './support/per-test.js';

// Issue 12: accounts (claim, sign in and out, change the password, delete), rated tables, ratings,
// and the public read API — every endpoint and refusal, over HTTP.

const { start, adopt, server, connect, anonymous } = serverPerTest();

async function call(method: string, path: string, opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${server().url}${path}`, {
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
const code = (r: { json: unknown }) => (r.json as { error?: string }).error;

describe('accounts', () => {
  it('a guest claims their name and keeps what they played; signs in elsewhere; the token works in hello', async () => {
    await start();
    const ann = await connect('Ann');
    const claimed = await call('POST', '/api/accounts', { token: ann.token!, body: { name: 'Ann', password: 'correct horse battery' } });
    expect(claimed.status).toBe(201);
    expect(claimed.json).toEqual({ name: 'Ann', token: ann.token });
    expect((await call('GET', '/api/me', { token: ann.token! })).json).toEqual({
      id: ann.playerId!, name: 'Ann', account: true, avatar: null, bot: false, email: null, language: 'en', notifications: DEFAULT_NOTIFICATION_SETTINGS, mail: false,
    } satisfies Me & MeNotifications);
    // A second device signs in with the password: a new token for the same player.
    const signIn = await call('POST', '/api/sessions', { body: { name: 'ann', password: 'correct horse battery' } });
    expect(signIn.status).toBe(200);
    const session = signIn.json as SessionReply;
    expect(session.name).toBe('Ann');
    expect(session.token).not.toBe(ann.token);
    const other = await anonymous();
    const w = await other.request({ type: 'hello', token: session.token });
    expect(w).toMatchObject({ type: 'welcome', player: { id: ann.playerId, name: 'Ann' }, account: true });
    // Signing out ends that session only.
    expect((await call('DELETE', '/api/sessions', { token: session.token })).status).toBe(204);
    expect(code(await call('GET', '/api/me', { token: session.token }))).toBe('UNAUTHORIZED');
    expect((await call('GET', '/api/me', { token: ann.token! })).status).toBe(200);
  });

  it('names are unique after normalization and case folding, for accounts and guests alike', async () => {
    await start();
    expect((await call('POST', '/api/accounts', { body: { name: 'Zoë', password: 'long enough pw' } })).status).toBe(201);
    // Another account by the same name under case, composition or width: refused.
    for (const name of ['ZOË', 'Zoe\u0308', 'Ｚｏë']) {
      expect(code(await call('POST', '/api/accounts', { body: { name, password: 'long enough pw' } }))).toBe('NAME_TAKEN');
    }
    // A guest may not take it either.
    const guest = await anonymous();
    expect(await guest.request({ type: 'hello', name: 'zoë' })).toMatchObject({ type: 'error', code: 'NAME_TAKEN' });
  });

  it('refuses bad names, short passwords, wrong credentials and malformed requests with their codes', async () => {
    await start();
    expect(code(await call('POST', '/api/accounts', { body: { name: '\u2800', password: 'long enough pw' } }))).toBe('BAD_NAME');
    expect(code(await call('POST', '/api/accounts', { body: { name: 'Bob', password: 'short' } }))).toBe('BAD_PASSWORD');
    expect(code(await call('POST', '/api/accounts', { body: { name: 'Bob' } }))).toBe('BAD_REQUEST');
    expect(code(await call('POST', '/api/accounts', { body: { name: 'Bob', password: 'long enough pw', extra: 1 } }))).toBe('BAD_REQUEST');
    expect((await call('POST', '/api/accounts', { body: { name: 'Bob', password: 'long enough pw' } })).status).toBe(201);
    expect(code(await call('POST', '/api/sessions', { body: { name: 'Bob', password: 'wrong password' } }))).toBe('BAD_CREDENTIALS');
    expect(code(await call('POST', '/api/sessions', { body: { name: 'Nobody', password: 'long enough pw' } }))).toBe('BAD_CREDENTIALS');
    expect(code(await call('DELETE', '/api/sessions'))).toBe('UNAUTHORIZED');
    expect(code(await call('GET', '/api/me', { token: 'not-a-token' }))).toBe('UNAUTHORIZED');
    // A guest that is already an account cannot claim again.
    const bob = (await call('POST', '/api/sessions', { body: { name: 'Bob', password: 'long enough pw' } })).json as SessionReply;
    expect(code(await call('POST', '/api/accounts', { token: bob.token, body: { name: 'Bob2', password: 'long enough pw' } }))).toBe('ALREADY_ACCOUNT');
  });

  it('limits sign-in attempts per account (RATE_LIMITED, with Retry-After)', async () => {
    await start();
    expect((await call('POST', '/api/accounts', { body: { name: 'Cleo', password: 'long enough pw' } })).status).toBe(201);
    const codes: (string | undefined)[] = [];
    let retry: string | null = null;
    for (let i = 0; i < 12; i++) {
      const r = await call('POST', '/api/sessions', { body: { name: 'Cleo', password: 'wrong guess ' + i } });
      codes.push(code(r));
      retry ??= r.headers.get('retry-after');
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('BAD_CREDENTIALS'));
    expect(codes.slice(10)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    expect(Number(retry)).toBeGreaterThan(0);
    // The right password is refused too while the account is limited: no guessing around it.
    expect(code(await call('POST', '/api/sessions', { body: { name: 'Cleo', password: 'long enough pw' } }))).toBe('RATE_LIMITED');
  });

  it('changes the password (other sessions end) and deletes the account (games stay, shown as "deleted player")', async () => {
    await start();
    const made = (await call('POST', '/api/accounts', { body: { name: 'Dora', password: 'first password' } })).json as SessionReply;
    const other = (await call('POST', '/api/sessions', { body: { name: 'Dora', password: 'first password' } })).json as SessionReply;
    expect(code(await call('POST', '/api/accounts/password', { token: made.token, body: { password: 'wrong one!', newPassword: 'second password' } }))).toBe('BAD_CREDENTIALS');
    expect(code(await call('POST', '/api/accounts/password', { token: made.token, body: { password: 'first password', newPassword: 'short' } }))).toBe('BAD_PASSWORD');
    expect((await call('POST', '/api/accounts/password', { token: made.token, body: { password: 'first password', newPassword: 'second password' } })).status).toBe(204);
    expect(code(await call('GET', '/api/me', { token: other.token }))).toBe('UNAUTHORIZED');
    expect(code(await call('POST', '/api/sessions', { body: { name: 'Dora', password: 'first password' } }))).toBe('BAD_CREDENTIALS');
    expect((await call('POST', '/api/sessions', { body: { name: 'Dora', password: 'second password' } })).status).toBe(200);

    // Dora plays a game against a bot, then deletes her account.
    const dora = await anonymous();
    expect((await dora.request({ type: 'hello', token: made.token })).type).toBe('welcome');
    const created = await dora.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (created.type !== 'table') throw new Error('no table');
    const tableId = created.table.id;
    await dora.request({ type: 'table.bot.add', tableId, seat: 1, level: 'random' });
    await dora.request({ type: 'table.start', tableId });
    await dora.request({ type: 'table.leave', tableId, seat: 0 }); // the bots finish it at once
    await dora.next((m) => m.type === 'game' && m.tableId === tableId && m.outcome !== null, 20_000);
    expect(code(await call('DELETE', '/api/accounts', { token: made.token, body: { password: 'wrong one!' } }))).toBe('BAD_CREDENTIALS');
    expect((await call('DELETE', '/api/accounts', { token: made.token, body: { password: 'second password' } })).status).toBe(204);
    expect(code(await call('GET', '/api/me', { token: made.token }))).toBe('UNAUTHORIZED');
    expect(code(await call('GET', '/api/players/Dora'))).toBe('UNKNOWN_PLAYER');
    const exported = (await call('GET', `/api/games/${tableId}/1`)).json as GameExport;
    expect(exported.seats[0]!.name).toBe('deleted player');
    // The name is free again.
    expect((await call('POST', '/api/accounts', { body: { name: 'Dora', password: 'a new person' } })).status).toBe(201);
  });

  it('never sends a password back or writes it to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    adopt(await startServer({
      ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath: join(mkdtempSync(join(tmpdir(), 'parlor-log-')), 'p.db'), logLevel: 'trace',
    }, { logger: { stream } }));
    const secret = 'my very secret passphrase';
    const made = await call('POST', '/api/accounts', { body: { name: 'Eve', password: secret } });
    expect(JSON.stringify(made.json)).not.toContain(secret);
    const wrong = await call('POST', '/api/sessions', { body: { name: 'Eve', password: `${secret}!` } });
    expect(JSON.stringify(wrong.json)).not.toContain(secret);
    expect(lines.length).toBeGreaterThan(0); // the requests were logged…
    expect(lines.join('\n')).not.toContain(secret); // …without the password
  });
});

describe('rated tables and ratings', () => {
  it('only accounts create or sit at rated tables; a rated game changes the account\'s rating, shown on its profile and the leaderboard', async () => {
    await start();
    const guest = await connect('Gus');
    expect(await guest.request({ type: 'table.create', game: 'flip-7', seats: 2, rated: true })).toMatchObject({ type: 'error', code: 'ACCOUNT_REQUIRED' });
    const made = (await call('POST', '/api/accounts', { body: { name: 'Rita', password: 'rated player pw' } })).json as SessionReply;
    const rita = await anonymous();
    await rita.request({ type: 'hello', token: made.token });
    const created = await rita.request({ type: 'table.create', game: 'flip-7', seats: 3, rated: true });
    if (created.type !== 'table') throw new Error(JSON.stringify(created));
    expect(created.table.rated).toBe(true);
    const tableId = created.table.id;
    expect(await guest.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'error', code: 'ACCOUNT_REQUIRED' });
    await rita.request({ type: 'table.bot.add', tableId, seat: 1, level: 'random' });
    await rita.request({ type: 'table.bot.add', tableId, seat: 2, level: 'basic' });
    await rita.request({ type: 'table.start', tableId });
    // Rita leaves: the bots finish at once, and leaving counts as finishing last.
    await rita.request({ type: 'table.leave', tableId, seat: 0 });
    const end = await rita.next((m) => m.type === 'game' && m.tableId === tableId && m.outcome !== null, 20_000) as Extract<ServerMessage, { type: 'game' }>;
    expect(end.outcome).not.toBeNull();
    const profile = (await call('GET', '/api/players/RITA')).json as PlayerProfile;
    const r = profile.ratings['flip-7']!;
    expect(r.games).toBe(1);
    expect(r.wins).toBe(0);
    expect(r.rating).toBeCloseTo(r.mu - 3 * r.sigma, 1);
    expect(r.mu).toBeLessThan(25); // last place against bots: below the prior
    expect(r.history).toHaveLength(1);
    expect(profile.games['flip-7']).toMatchObject({ played: 1, wins: 0 });
    expect(profile.recent[0]).toMatchObject({ tableId, gameNo: 1, rated: true });
    const board = (await call('GET', '/api/leaderboard/flip-7')).json as Leaderboard;
    expect(board.players[0]).toMatchObject({ rank: 1, name: 'Rita', games: 1 });
    expect(code(await call('GET', '/api/leaderboard/chess'))).toBe('UNKNOWN_GAME');
  });
});

describe('the public read API', () => {
  it('pages a player\'s games with a cursor, hides private tables\' games from others, caches and answers unknowns with 404 codes', async () => {
    await start();
    const made = (await call('POST', '/api/accounts', { body: { name: 'Paula', password: 'reads all day' } })).json as SessionReply;
    const paula = await anonymous();
    await paula.request({ type: 'hello', token: made.token });
    const tableIds: string[] = [];
    for (const priv of [false, false, true]) {
      const created = await paula.request({ type: 'table.create', game: 'flip-7', seats: 2, private: priv });
      if (created.type !== 'table') throw new Error('no table');
      const tableId = created.table.id;
      tableIds.push(tableId);
      await paula.request({ type: 'table.bot.add', tableId, seat: 1, level: 'random' });
      await paula.request({ type: 'table.start', tableId });
      await paula.request({ type: 'table.leave', tableId, seat: 0 });
      await paula.next((m) => m.type === 'game' && m.tableId === tableId && m.outcome !== null, 20_000);
    }
    // Others see the two public games, a page at a time.
    const first = await call('GET', '/api/players/paula/games?limit=1');
    expect(first.headers.get('cache-control')).toMatch(/private|public/);
    const p1 = first.json as GamesPage;
    expect(p1.games).toHaveLength(1);
    const p2 = (await call('GET', `/api/players/paula/games?limit=1&cursor=${encodeURIComponent(p1.next!)}`)).json as GamesPage;
    expect(p2.games).toHaveLength(1);
    expect(p2.next).toBeNull();
    expect(new Set([...p1.games, ...p2.games].map((g) => g.tableId))).toEqual(new Set(tableIds.slice(0, 2)));
    // Paula sees all three in her own history.
    expect(((await call('GET', '/api/me/games', { token: made.token })).json as GamesPage).games).toHaveLength(3);
    // The private game's export: only with the invite or her token.
    const privateId = tableIds[2]!;
    expect(code(await call('GET', `/api/games/${privateId}/1`))).toBe('UNKNOWN_TABLE');
    expect((await call('GET', `/api/games/${privateId}/1`, { token: made.token })).status).toBe(200);
    const publicGame = await call('GET', `/api/games/${tableIds[0]}/1`);
    expect(publicGame.status).toBe(200);
    expect((publicGame.json as GameExport).format).toBe('parlor-game');
    // Unknowns and malformed requests.
    expect(code(await call('GET', '/api/players/nobody-here'))).toBe('UNKNOWN_PLAYER');
    expect(code(await call('GET', '/api/players/nobody-here/games'))).toBe('UNKNOWN_PLAYER');
    expect(code(await call('GET', '/api/games/nope/1'))).toBe('UNKNOWN_TABLE');
    expect(code(await call('GET', `/api/games/${tableIds[0]}/9`))).toBe('NO_GAME');
    expect(code(await call('GET', `/api/games/${tableIds[0]}/01`))).toBe('BAD_GAME');
    expect(code(await call('GET', '/api/players/paula/games?limit=0'))).toBe('BAD_REQUEST');
    expect(code(await call('GET', '/api/leaderboard/flip-7?cursor=x'))).toBe('BAD_CURSOR');
    const board = await call('GET', '/api/leaderboard/flip-7');
    expect(board.headers.get('cache-control')).toBe('public, max-age=10');
  });

  it('is rate-limited per address', async () => {
    await start();
    // A burst of 60, then 10 a second: 200 requests at once run out of it however slow the machine.
    const replies = await Promise.all(Array.from({ length: 200 }, () => call('GET', '/api/leaderboard/flip-7')));
    const codes = replies.map(code);
    expect(codes.filter((c) => c === undefined).length).toBeGreaterThanOrEqual(60);
    expect(codes).toContain('RATE_LIMITED');
  });
});
