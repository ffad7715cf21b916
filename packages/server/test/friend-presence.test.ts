import type { ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.js';
import { call } from './support/notify-server.js';
import { serverPerTest } from './support/per-test.js';

// Friends' presence over real WebSockets (docs/protocol.md, `friend.presence`): an account's pages
// hear a friend come online (their first connection) and go offline (their last one closed), once
// per change however many pages either has; nobody else's presence is told. And a friend at a
// private table shows in the friends list of those invited to it (docs/api.md, `GET /api/friends`).

const t = serverPerTest();
type Presence = Extract<ServerMessage, { type: 'friend.presence' }>;
const presences = (c: TestClient): Presence[] => c.received.filter((m): m is Presence => m.type === 'friend.presence');

async function befriend(url: string, a: { token: string }, bName: string, b: { token: string }, aName: string): Promise<void> {
  expect((await call(url, 'POST', '/api/friends/requests', { token: a.token, body: { name: bName } })).body).toEqual({ status: 'sent' });
  expect((await call(url, 'POST', `/api/friends/requests/${aName}/accept`, { token: b.token })).body).toEqual({ status: 'friends' });
}

describe('friends online', () => {
  it("a friend's first page and last page are told once to each of your pages; no one else's are", async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    const cy = await t.account('Cy');
    await befriend(s.url, ann, 'Bob', bob, 'Ann');
    const annAgain = await TestClient.anonymous(s.url);
    expect((await annAgain.request({ type: 'hello', token: ann.token })).type).toBe('welcome');
    // Everything heard so far is told before a ping's pong: the change is settled, then a round trip.
    const settle = async (...pages: TestClient[]) => {
      await s.hub.friends.settled();
      for (const p of pages) expect((await p.request({ type: 'ping' })).type).toBe('pong');
    };
    await settle(ann.client, annAgain, bob.client);
    const before = presences(ann.client).length;

    bob.client.close();
    for (const page of [ann.client, annAgain]) {
      expect(await page.next((m) => m.type === 'friend.presence')).toEqual({ type: 'friend.presence', name: 'Bob', online: false });
    }
    const bob1 = await TestClient.anonymous(s.url);
    const bob2 = await TestClient.anonymous(s.url);
    expect((await bob1.request({ type: 'hello', token: bob.token })).type).toBe('welcome');
    expect((await bob2.request({ type: 'hello', token: bob.token })).type).toBe('welcome');
    expect(await ann.client.next((m) => m.type === 'friend.presence')).toEqual({ type: 'friend.presence', name: 'Bob', online: true });
    bob1.close(); // Bob still has bob2 open: nothing changes

    cy.client.close();
    const cyAgain = await TestClient.anonymous(s.url);
    expect((await cyAgain.request({ type: 'hello', token: cy.token })).type).toBe('welcome');
    await settle(ann.client, annAgain, bob2);
    expect(presences(ann.client).slice(before)).toEqual([
      { type: 'friend.presence', name: 'Bob', online: false },
      { type: 'friend.presence', name: 'Bob', online: true },
    ]);
    expect(presences(annAgain).slice(-2).map((p) => p.online)).toEqual([false, true]);
    // Ann's second page came and Cy came and went: Bob hears of neither Cy nor his friend's second page.
    expect(presences(bob2)).toEqual([]);
    for (const c of [annAgain, bob2, cyAgain]) c.close();
  });

  it('a friend at a private table is shown to a friend invited to it, and not to another friend', async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    const cy = await t.account('Cy');
    await befriend(s.url, ann, 'Bob', bob, 'Ann');
    await befriend(s.url, cy, 'Bob', bob, 'Cy');
    const made = await bob.client.request({ type: 'table.create', game: 'flip-7', seats: 3, private: true });
    if (made.type !== 'table') throw new Error(JSON.stringify(made));
    const where = async (token: string) => ((await call(s.url, 'GET', '/api/friends', { token })).body.friends as { name: string; table?: unknown }[])[0];
    expect(await where(ann.token)).not.toHaveProperty('table');
    expect(await bob.client.request({ type: 'table.invite', tableId: made.table.id, name: 'Ann' })).toMatchObject({ type: 'ok' });
    // With the invite to open it: Ann may, being invited.
    expect(await where(ann.token)).toEqual({ name: 'Bob', since: expect.any(Number), online: true, table: { id: made.table.id, game: 'flip-7', invite: made.invite } });
    expect(JSON.stringify(await where(cy.token))).not.toContain(made.table.id);
  });
});
