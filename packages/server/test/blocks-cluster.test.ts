import { describe, expect, it } from 'vitest';
import { socialOf } from '../src/social/social.js';
import { TestClient } from './support/client.js';
import { inProcessCluster } from './support/in-process-cluster.js';
import { skipCluster } from './support/cluster.js';
import { call, newAccount } from './support/notify-server.js';
import type { TestServer } from './support/server.js';
import { until } from './support/until.js';

// Friends and blocks in a cluster: two processes in this test's own process, on one PostgreSQL
// schema and one Redis. A block made on one process holds on the other at once (docs/api.md,
// "Blocking and muting"): the table is hosted on `a`, the block is made over `b`'s HTTP, and the
// blocked player's chat at the table never reaches the blocker. A friend's coming and going on one
// process is told to their friend's page on the other (docs/protocol.md, `friend.presence`).

const skip = await skipCluster('blocks-cluster.test.ts');
const { clients, twoProcesses } = inProcessCluster();

/** An account made over `s`'s HTTP, and a page of it said hello to `s`. */
async function page(s: TestServer, name: string) {
  const acc = await newAccount(s.url, name);
  return { c: await open(s, acc.token), ...acc };
}
async function open(s: TestServer, token: string): Promise<TestClient> {
  const c = await TestClient.anonymous(s.url);
  clients.push(c);
  expect((await c.request({ type: 'hello', token })).type).toBe('welcome');
  return c;
}

describe.skipIf(skip)('friends and blocks in a cluster', () => {
  it("made on one process, keeps the blocked player's chat from the blocker at a table hosted on the other", async () => {
    const [a, b] = await twoProcesses();
    const ann = await page(a, 'Ann');
    const bob = await page(b, 'Bob');
    const made = await ann.c.request({ type: 'table.create', game: 'flip-7', seats: 3 });
    if (made.type !== 'table') throw new Error(JSON.stringify(made));
    const tableId = made.table.id;
    expect(a.hub.tables.has(tableId)).toBe(true);
    expect((await bob.c.request({ type: 'table.watch', tableId })).type).toBe('table');

    expect((await call(b.url, 'PUT', '/api/blocks/Bob', { token: ann.token })).status).toBe(204);
    await until("a to hear of Ann's block", () => socialOf(a.hub.store).blocks(ann.id, bob.id), 5000);
    expect((await bob.c.request({ type: 'chat.send', tableId, text: 'across-the-cluster' })).type).toBe('ok');
    expect((await ann.c.request({ type: 'chat.send', tableId, text: 'ann-after' })).type).toBe('ok');
    await until('Ann hears herself', () => ann.c.received.some((m) => m.type === 'chat' && m.text === 'ann-after'), 5000);
    expect(JSON.stringify(ann.c.received)).not.toContain('across-the-cluster');
  });

  it("a friend's page opened and closed on one process is told to their friend's page on the other, once", async () => {
    const [a, b] = await twoProcesses();
    const ann = await page(a, 'Ann');
    const bob = await page(b, 'Bob');
    expect((await call(a.url, 'POST', '/api/friends/requests', { token: ann.token, body: { name: 'Bob' } })).body).toEqual({ status: 'sent' });
    expect((await call(b.url, 'POST', '/api/friends/requests/Ann/accept', { token: bob.token })).body).toEqual({ status: 'friends' });
    const told = () => ann.c.received.filter((m) => m.type === 'friend.presence');

    bob.c.close();
    expect(await ann.c.next((m) => m.type === 'friend.presence')).toEqual({ type: 'friend.presence', name: 'Bob', online: false });
    // Bob comes back on both processes: his first page anywhere is told, his second is not.
    const onB = await open(b, bob.token);
    expect(await ann.c.next((m) => m.type === 'friend.presence')).toEqual({ type: 'friend.presence', name: 'Bob', online: true });
    const onA = await open(a, bob.token);
    await a.hub.friends.settled();
    await b.hub.friends.settled();
    expect((await ann.c.request({ type: 'ping' })).type).toBe('pong');
    expect(told().map((m) => m.type === 'friend.presence' && m.online)).toEqual([false, true]);
    onB.close();
    onA.close();
    expect(await ann.c.next((m) => m.type === 'friend.presence')).toEqual({ type: 'friend.presence', name: 'Bob', online: false });
  });
});
