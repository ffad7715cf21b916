import type { Me, PlayerProfile, SeatInfo, ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from './support/per-test.js';

// Bot accounts: a program playing through the protocol with an account's token says so
// (PUT /api/accounts/bot). /api/me and the profile show it, and so do the seats where it sits and
// its chat lines (PlayerInfo.bot, present only for a bot account); it can be turned off again.
// Only an account may set it; a refusal changes nothing.

const { start, server, connect, anonymous } = serverPerTest();

async function call(method: string, path: string, opts: { body?: unknown; token?: string; raw?: string } = {}) {
  const res = await fetch(`${server().url}${path}`, {
    method,
    headers: {
      ...(opts.body === undefined && opts.raw === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
    },
    ...(opts.raw !== undefined ? { body: opts.raw } : opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? null : JSON.parse(text) as unknown };
}

/** A new account named `name`: its token. */
async function account(name: string): Promise<string> {
  const made = await call('POST', '/api/accounts', { body: { name, password: 'long enough pw' } });
  expect(made.status).toBe(201);
  return (made.json as { token: string }).token;
}

const setBot = (token: string | undefined, bot: unknown) => call('PUT', '/api/accounts/bot', { token, body: { bot } });
const profile = async (name: string) => (await call('GET', `/api/players/${name}`)).json as PlayerProfile;
const me = async (token: string) => (await call('GET', '/api/me', { token })).json as Me;

type TableMessage = Extract<ServerMessage, { type: 'table' }>;
const playerAt = (m: ServerMessage, seat: number) => {
  const s: SeatInfo | undefined = m.type === 'table' ? m.table.seats[seat] : undefined;
  return s?.kind === 'player' ? s.player : undefined;
};

describe('saying an account is a bot', () => {
  it('an account turns it on and off; /api/me and the profile say so', async () => {
    await start();
    const token = await account('Robo');
    expect(await me(token)).toMatchObject({ name: 'Robo', account: true, bot: false });
    expect(await profile('Robo')).toMatchObject({ name: 'Robo', bot: false });
    expect(await setBot(token, true)).toEqual({ status: 204, json: null });
    expect((await me(token)).bot).toBe(true);
    expect((await profile('Robo')).bot).toBe(true);
    // Saying it twice is the same.
    expect((await setBot(token, true)).status).toBe(204);
    expect((await me(token)).bot).toBe(true);
    expect((await setBot(token, false)).status).toBe(204);
    expect((await me(token)).bot).toBe(false);
    expect((await profile('Robo')).bot).toBe(false);
  });

  it('a guest, no token or a wrong body is refused with a reason, and nothing changes', async () => {
    await start();
    const token = await account('Robo');
    expect((await setBot(token, true)).status).toBe(204);
    const guest = await connect('Bob');
    const refused = await setBot(guest.token!, true);
    expect(refused).toMatchObject({ status: 403, json: { error: 'UNAUTHORIZED' } });
    expect((refused.json as { message: string }).message).toMatch(/Only an account/);
    expect(await me(guest.token!)).toMatchObject({ name: 'Bob', account: false, bot: false });
    expect(await setBot(undefined, false)).toMatchObject({ status: 401, json: { error: 'UNAUTHORIZED' } });
    expect(await setBot(token, 'no')).toMatchObject({ status: 400, json: { error: 'BAD_REQUEST' } });
    expect(await setBot(token, 0)).toMatchObject({ status: 400, json: { error: 'BAD_REQUEST' } });
    expect(await setBot(token, null)).toMatchObject({ status: 400, json: { error: 'BAD_REQUEST' } });
    expect(await call('PUT', '/api/accounts/bot', { token, body: {} })).toMatchObject({ status: 400, json: { error: 'BAD_REQUEST' } });
    expect(await call('PUT', '/api/accounts/bot', { token, body: { bot: false, extra: 1 } })).toMatchObject({ status: 400, json: { error: 'BAD_REQUEST' } });
    expect(await call('PUT', '/api/accounts/bot', { token, raw: '{"bot":' })).toMatchObject({ status: 400, json: { error: 'BAD_JSON' } });
    expect((await me(token)).bot).toBe(true);
    // A guest seated at a table carries no flag.
    const t = await guest.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    expect('bot' in playerAt(t, 0)!).toBe(false);
  });
});

describe('others see it', () => {
  it('at the bot account\'s seat and in its chat lines, at once when it changes; another setting keeps it', async () => {
    await start();
    const token = await account('Robo');
    expect((await setBot(token, true)).status).toBe(204);
    const robo = await anonymous();
    expect(await robo.request({ type: 'hello', token })).toMatchObject({ type: 'welcome', player: { name: 'Robo', bot: true } });
    const bob = await connect('Bob');
    const t = await bob.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    const tableId = t.table.id;
    expect(await robo.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    const seated = bob.waitFor((m) => playerAt(m, 1) !== undefined);
    expect(await robo.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    const seats = (await seated as TableMessage).table.seats;
    expect(seats[1]).toMatchObject({ kind: 'player', player: { name: 'Robo', account: true, bot: true } });
    expect('bot' in playerAt(await seated, 0)!).toBe(false);

    // A spectator who comes later sees it too.
    const carol = await connect('Carol');
    const watched = await carol.request({ type: 'table.watch', tableId });
    expect(playerAt(watched, 1)).toMatchObject({ name: 'Robo', bot: true });

    const line = bob.waitFor((m) => m.type === 'chat' && m.from.name === 'Robo');
    expect(await robo.request({ type: 'chat.send', tableId, text: 'beep' })).toMatchObject({ type: 'ok' });
    expect(await line).toMatchObject({ type: 'chat', from: { name: 'Robo', bot: true } });

    // Choosing an avatar leaves the flag as it was.
    const avatar = bob.waitFor((m) => playerAt(m, 1)?.avatar === 'owl');
    expect((await call('PUT', '/api/accounts/avatar', { token, body: { avatar: 'owl' } })).status).toBe(204);
    expect(playerAt(await avatar, 1)).toMatchObject({ avatar: 'owl', bot: true });

    // Turned off: the seat carries no flag, at once.
    const off = bob.waitFor((m) => { const p = playerAt(m, 1); return p !== undefined && !('bot' in p); });
    expect((await setBot(token, false)).status).toBe(204);
    expect(playerAt(await off, 1)).toMatchObject({ name: 'Robo', account: true, avatar: 'owl' });
    const plain = bob.waitFor((m) => m.type === 'chat' && m.text === 'still here');
    expect(await robo.request({ type: 'chat.send', tableId, text: 'still here' })).toMatchObject({ type: 'ok' });
    expect('bot' in (await plain as Extract<ServerMessage, { type: 'chat' }>).from).toBe(false);

    // And on again.
    const on = bob.waitFor((m) => playerAt(m, 1)?.bot === true);
    expect((await setBot(token, true)).status).toBe(204);
    await on;
  });

  it('across a restart: the profile, the welcome and the seats of a table loaded again', async () => {
    const first = await start();
    const token = await account('Robo');
    expect((await setBot(token, true)).status).toBe(204);
    const robo = await anonymous();
    await robo.request({ type: 'hello', token });
    const t = await robo.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    expect(playerAt(t, 0)).toMatchObject({ name: 'Robo', bot: true });
    robo.close();
    await first.close();

    await start({ dbPath: first.dbPath });
    expect((await profile('Robo')).bot).toBe(true);
    const bob = await connect('Bob');
    expect(playerAt(await bob.request({ type: 'table.watch', tableId: t.table.id }), 0)).toMatchObject({ name: 'Robo', bot: true });
    const again = await anonymous();
    expect(await again.request({ type: 'hello', token })).toMatchObject({ type: 'welcome', player: { bot: true } });
  });
});
