import { AVATARS, type Me, type PlayerProfile, type ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from './support/per-test.js';

// Avatars: an account chooses one of the set (PUT /api/accounts/avatar); the others at its tables,
// in the chat and in the read API see it; a bad choice is refused and changes nothing; it is kept
// across a restart. A guest has none (clients draw a pattern from the player id).

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

const setAvatar = (token: string | undefined, avatar: unknown) => call('PUT', '/api/accounts/avatar', { token, body: { avatar } });
const profile = async (name: string) => (await call('GET', `/api/players/${name}`)).json as PlayerProfile;
const me = async (token: string) => (await call('GET', '/api/me', { token })).json as Me;

describe('choosing an avatar', () => {
  it('an account sets one of the set, sees it in /api/me and its profile, and clears it with null', async () => {
    await start();
    const token = await account('Alice');
    expect(await me(token)).toMatchObject({ name: 'Alice', avatar: null });
    expect(await profile('Alice')).toMatchObject({ name: 'Alice', avatar: null, id: (await me(token)).id });
    expect((await setAvatar(token, 'fox')).status).toBe(204);
    expect((await me(token)).avatar).toBe('fox');
    expect((await profile('Alice')).avatar).toBe('fox');
    expect((await setAvatar(token, null)).status).toBe(204);
    expect((await me(token)).avatar).toBeNull();
  });

  it('every avatar of the set is accepted', async () => {
    await start();
    const token = await account('Alice');
    for (const a of AVATARS) {
      expect((await setAvatar(token, a)).status).toBe(204);
      expect((await me(token)).avatar).toBe(a);
    }
  });

  it('an unknown avatar, a wrong shape, a guest or no token is refused with a reason, and nothing changes', async () => {
    await start();
    const token = await account('Alice');
    expect((await setAvatar(token, 'owl')).status).toBe(204);
    const unknown = await setAvatar(token, 'dragon');
    expect(unknown).toMatchObject({ status: 400, json: { error: 'BAD_AVATAR' } });
    expect((unknown.json as { message: string }).message).toContain('"dragon"');
    expect(await setAvatar(token, 'FOX')).toMatchObject({ status: 400, json: { error: 'BAD_AVATAR' } });
    expect(await setAvatar(token, 7)).toMatchObject({ status: 400, json: { error: 'BAD_REQUEST' } });
    expect(await call('PUT', '/api/accounts/avatar', { token, body: { avatar: 'fox', extra: 1 } })).toMatchObject({ status: 400, json: { error: 'BAD_REQUEST' } });
    expect(await call('PUT', '/api/accounts/avatar', { token, raw: '{"avatar":' })).toMatchObject({ status: 400, json: { error: 'BAD_JSON' } });
    expect(await setAvatar(undefined, 'fox')).toMatchObject({ status: 401, json: { error: 'UNAUTHORIZED' } });
    const guest = await connect('Bob');
    expect(await setAvatar(guest.token!, 'fox')).toMatchObject({ status: 403, json: { error: 'UNAUTHORIZED' } });
    expect((await me(guest.token!)).avatar).toBeNull();
    expect((await me(token)).avatar).toBe('owl');
  });
});

describe('others see it', () => {
  it('at a table (seats, at once when it changes) and in the chat; a guest has none', async () => {
    await start();
    const token = await account('Alice');
    expect((await setAvatar(token, 'panda')).status).toBe(204);
    const bob = await connect('Bob');
    const alice = await anonymous();
    expect(await alice.request({ type: 'hello', token })).toMatchObject({ type: 'welcome', player: { name: 'Alice', avatar: 'panda' } });
    const t = await bob.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    expect(await alice.request({ type: 'table.watch', tableId: t.table.id })).toMatchObject({ type: 'table' });
    const seated = bob.waitFor((m) => m.type === 'table' && m.table.seats[1]?.kind === 'player');
    expect(await alice.request({ type: 'table.sit', tableId: t.table.id, seat: 1 })).toMatchObject({ type: 'ok' });
    const seats = (await seated as Extract<ServerMessage, { type: 'table' }>).table.seats;
    expect(seats[1]).toMatchObject({ kind: 'player', player: { name: 'Alice', avatar: 'panda' } });
    expect(seats[0]).toMatchObject({ kind: 'player', player: { name: 'Bob' } });
    const bobSeat = seats[0]!;
    expect(bobSeat.kind === 'player' && 'avatar' in bobSeat.player).toBe(false);

    const line = bob.waitFor((m) => m.type === 'chat' && m.from.name === 'Alice');
    expect(await alice.request({ type: 'chat.send', tableId: t.table.id, text: 'hello' })).toMatchObject({ type: 'ok' });
    expect(await line).toMatchObject({ type: 'chat', from: { name: 'Alice', avatar: 'panda' } });

    // A new choice reaches the table's watchers at once.
    const changed = bob.waitFor((m) => m.type === 'table' && m.table.seats[1]?.kind === 'player' && m.table.seats[1].player.avatar === 'star');
    expect((await setAvatar(token, 'star')).status).toBe(204);
    await changed;
    // Cleared: the seat carries no avatar.
    const cleared = bob.waitFor((m) => m.type === 'table' && m.table.seats[1]?.kind === 'player' && !('avatar' in m.table.seats[1].player));
    expect((await setAvatar(token, null)).status).toBe(204);
    await cleared;
  });

  it('a refused choice tells the table nothing', async () => {
    await start();
    const token = await account('Alice');
    expect((await setAvatar(token, 'cat')).status).toBe(204);
    const alice = await anonymous();
    await alice.request({ type: 'hello', token });
    const t = await alice.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    expect(t.table.seats[0]).toMatchObject({ player: { avatar: 'cat' } });
    expect((await setAvatar(token, 'dragon')).status).toBe(400);
    // The next table message (from a chat-free change: a bot sits) still shows the old avatar.
    const next = alice.waitFor((m) => m.type === 'table' && m.table.seats[1]?.kind === 'bot');
    expect(await alice.request({ type: 'table.bot.add', tableId: t.table.id, seat: 1, level: 'basic' })).toMatchObject({ type: 'ok' });
    expect((await next as Extract<ServerMessage, { type: 'table' }>).table.seats[0]).toMatchObject({ player: { avatar: 'cat' } });
  });
});

describe('kept', () => {
  it('across a restart: the welcome, the seats of a table loaded again and the profile still show it', async () => {
    const first = await start();
    const token = await account('Alice');
    expect((await setAvatar(token, 'teapot')).status).toBe(204);
    const alice = await anonymous();
    await alice.request({ type: 'hello', token });
    const t = await alice.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    alice.close();
    await first.close();

    await start({ dbPath: first.dbPath });
    expect((await profile('Alice')).avatar).toBe('teapot');
    const bob = await connect('Bob');
    const watched = await bob.request({ type: 'table.watch', tableId: t.table.id });
    expect(watched).toMatchObject({ type: 'table', table: { seats: [{ kind: 'player', player: { name: 'Alice', avatar: 'teapot' } }, { kind: 'empty' }] } });
    const again = await anonymous();
    expect(await again.request({ type: 'hello', token })).toMatchObject({ type: 'welcome', player: { avatar: 'teapot' } });
  });
});
