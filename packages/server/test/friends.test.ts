import { describe, expect, it } from 'vitest';
import { FRIEND_REFUSAL_DAYS, FRIEND_REQUESTS_PER_HOUR } from '../src/api/friends.js';
import { TestClock } from '../src/index.js';
import { call } from './support/notify-server.js';
import { serverPerTest } from './support/per-test.js';
import { until } from './support/until.js';

// Friends over real HTTP and WebSockets (docs/api.md, "Friends"): mutual requests, accepted or
// declined; a declined asker waits FRIEND_REFUSAL_DAYS on the server's clock; requests are
// limited an hour; friends are listed online or not, at the table they sit at unless it is
// private; a request or invitation to someone who blocked the sender is answered as if sent and
// never delivered.

const t = serverPerTest();
const DAY = 86_400_000;

describe('friends', () => {
  it('a request accepted makes friends both ways; removed, neither way', async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    expect((await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'bob' } })).body).toEqual({ status: 'sent' });
    expect((await call(s.url, 'GET', '/api/friends', { token: bob.token })).body).toMatchObject({ friends: [], incoming: [{ name: 'Ann' }], outgoing: [] });
    expect((await call(s.url, 'GET', '/api/friends', { token: ann.token })).body).toMatchObject({ friends: [], incoming: [], outgoing: [{ name: 'Bob' }] });
    expect((await call(s.url, 'POST', '/api/friends/requests/Ann/accept', { token: bob.token })).body).toEqual({ status: 'friends' });
    const list = (await call(s.url, 'GET', '/api/friends', { token: ann.token })).body;
    expect(list).toMatchObject({ friends: [{ name: 'Bob', online: true }], incoming: [], outgoing: [] });
    expect((await call(s.url, 'POST', '/api/friends/requests/Ann/accept', { token: bob.token })).body).toMatchObject({ error: 'NOT_FOUND' });
    expect((await call(s.url, 'DELETE', '/api/friends/Ann', { token: bob.token })).status).toBe(204);
    expect((await call(s.url, 'GET', '/api/friends', { token: ann.token })).body.friends).toEqual([]);
  });

  it('asking one who asked first makes friends at once; a request can be withdrawn', async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    await t.account('Cy');
    await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Bob' } });
    expect((await call(s.url, 'POST', '/api/friends/requests', { token: bob.token, body: { name: 'Ann' } })).body).toEqual({ status: 'friends' });
    await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Cy' } });
    expect((await call(s.url, 'DELETE', '/api/friends/requests/Cy', { token: ann.token })).status).toBe(204);
    expect((await call(s.url, 'GET', '/api/friends', { token: ann.token })).body).toMatchObject({ friends: [{ name: 'Bob' }], outgoing: [] });
  });

  it(`a declined asker waits ${FRIEND_REFUSAL_DAYS} days on the clock (FRIEND_WAIT, Retry-After), then may ask again`, async () => {
    const clock = new TestClock({ start: Date.UTC(2026, 11, 2, 12) });
    const s = await t.start({}, { clock });
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Bob' } });
    expect((await call(s.url, 'POST', '/api/friends/requests/Ann/decline', { token: bob.token })).status).toBe(204);
    expect((await call(s.url, 'GET', '/api/friends', { token: bob.token })).body.incoming).toEqual([]);
    clock.advance(FRIEND_REFUSAL_DAYS * DAY - 1000);
    const res = await fetch(`${s.url}/api/friends/requests`, {
      method: 'POST', headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bob' }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'FRIEND_WAIT' });
    expect(res.headers.get('retry-after')).toBe('1');
    expect((await call(s.url, 'GET', '/api/friends', { token: bob.token })).body.incoming).toEqual([]);
    clock.advance(1000);
    expect((await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Bob' } })).body).toEqual({ status: 'sent' });
  });

  it(`at most ${FRIEND_REQUESTS_PER_HOUR} requests an hour; bad asks are refused with a code and change nothing`, async () => {
    const clock = new TestClock({ start: Date.UTC(2026, 11, 2, 12) });
    const s = await t.start({}, { clock });
    const ann = await t.account('Ann');
    await t.account('Bob');
    const gus = await t.connect('Gus');
    expect((await call(s.url, 'POST', '/api/friends/requests', { token: gus.token!, body: { name: 'Ann' } })).body).toMatchObject({ error: 'ACCOUNT_REQUIRED' });
    expect((await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Nobody' } })).body).toMatchObject({ error: 'UNKNOWN_PLAYER' });
    expect((await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Ann' } })).body).toMatchObject({ error: 'BAD_REQUEST' });
    expect((await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { who: 'Bob' } })).body).toMatchObject({ error: 'BAD_REQUEST' });
    // Those refusals counted for nothing; asking Bob again and again counts each time.
    for (let i = 0; i < FRIEND_REQUESTS_PER_HOUR; i++) {
      expect((await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Bob' } })).status).toBe(200);
    }
    expect((await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Bob' } })).body).toMatchObject({ error: 'RATE_LIMITED' });
    clock.advance(3600_000 / FRIEND_REQUESTS_PER_HOUR);
    expect((await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Bob' } })).status).toBe(200);
    expect((await call(s.url, 'GET', '/api/friends', { token: ann.token })).body.outgoing).toHaveLength(1);
  });

  it('friends show online or not, and the table they sit at unless it is private', async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    await t.account('Cy');
    await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Bob' } });
    await call(s.url, 'POST', '/api/friends/requests/Ann/accept', { token: bob.token });
    const open = await bob.client.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (open.type !== 'table') throw new Error(JSON.stringify(open));
    expect((await call(s.url, 'GET', '/api/friends', { token: ann.token })).body.friends)
      .toEqual([{ name: 'Bob', since: expect.any(Number), online: true, table: { id: open.table.id, game: 'flip-7' } }]);
    expect((await bob.client.request({ type: 'table.leave', tableId: open.table.id, seat: 0 })).type).toBe('ok');
    const hidden = await bob.client.request({ type: 'table.create', game: 'flip-7', seats: 2, private: true });
    if (hidden.type !== 'table') throw new Error(JSON.stringify(hidden));
    const seen = (await call(s.url, 'GET', '/api/friends', { token: ann.token })).body.friends[0];
    expect(JSON.stringify(seen)).not.toContain(hidden.table.id);
    bob.client.close();
    await until('Bob to be offline', async () => (await call(s.url, 'GET', '/api/friends', { token: ann.token })).body.friends[0].online === false, 5000);
  });

  it('a request or an invitation to one who blocked the sender is answered as if sent and never delivered', async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    expect((await call(s.url, 'PUT', '/api/blocks/Bob', { token: ann.token })).status).toBe(204);
    expect((await call(s.url, 'POST', '/api/friends/requests', { token: bob.token, body: { name: 'Ann' } })).body).toEqual({ status: 'sent' });
    expect((await call(s.url, 'GET', '/api/friends', { token: ann.token })).body.incoming).toEqual([]);
    const made = await bob.client.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (made.type !== 'table') throw new Error(JSON.stringify(made));
    expect(await bob.client.request({ type: 'table.invite', tableId: made.table.id, name: 'Ann' })).toMatchObject({ type: 'ok' });
    // An invitation is sent before the inviter's `ok`: any would be in Ann's socket before her lobby reply.
    expect((await ann.client.request({ type: 'lobby.watch' })).type).toBe('lobby');
    expect(ann.client.received.some((m) => m.type === 'invited')).toBe(false);
  });

  it('an account deleted leaves no friendship, request or block behind', async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    const cy = await t.account('Cy');
    await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Bob' } });
    await call(s.url, 'POST', '/api/friends/requests/Ann/accept', { token: bob.token });
    await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Cy' } });
    expect((await call(s.url, 'PUT', '/api/blocks/Ann', { token: cy.token })).status).toBe(204);
    await call(s.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Cy' } });
    expect((await call(s.url, 'DELETE', '/api/accounts', { token: ann.token, body: { password: 'a long password' } })).status).toBe(204);
    expect((await call(s.url, 'GET', '/api/friends', { token: bob.token })).body).toEqual({ friends: [], incoming: [], outgoing: [] });
    expect((await call(s.url, 'GET', '/api/blocks', { token: cy.token })).body).toEqual({ blocked: [] });
  });
});
