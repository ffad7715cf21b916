import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import { SESSION_ENDED_CLOSE } from '../src/live-sessions.js';
import { TestClient } from './support/client.js';
import { inProcessCluster } from './support/in-process-cluster.js';
import { skipCluster } from './support/cluster.js';
import { call } from './support/moderation.js';
import type { TestServer } from './support/server.js';
import { until } from './support/until.js';

// Moderation in a cluster (docs/api.md, "Reports and moderation"): two processes in this test's
// own process, on one PostgreSQL schema and one Redis. A mute given through one process holds at a
// table hosted by the other (which had read the player's sanctions before, and reads them again on
// the bus's word), and a ban through one closes the player's socket on the other. A rename through
// one shows at once at the seat of a table the other hosts, before the player says anything.

const skip = await skipCluster('cluster-moderation.test.ts');
const { clients, twoProcesses } = inProcessCluster();

async function account(s: TestServer, name: string): Promise<{ client: TestClient; token: string; id: string }> {
  const made = await call(s, 'POST', '/api/accounts', { body: { name, password: 'a long password' } });
  const client = await TestClient.anonymous(s.url);
  clients.push(client);
  const w = await client.request({ type: 'hello', token: made.json.token as string });
  if (w.type !== 'welcome') throw new Error(JSON.stringify(w));
  return { client, token: made.json.token as string, id: w.player.id };
}

describe.skipIf(skip)('moderation in a cluster', () => {
  it('a mute through one process holds at a table the other hosts; a ban through one closes the socket on the other', async () => {
    const clock = new TestClock();
    const [a, b] = await twoProcesses({ clock });
    const ann = await account(a, 'Ann');
    const bob = await account(b, 'Bob');
    const mo = await account(b, 'Mo');
    expect(await b.hub.store.moderation.grantModerator(mo.id, 'operator', 0)).toBe(true);
    const t = await ann.client.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    const tableId = t.table.id;
    expect(a.hub.tables.has(tableId)).toBe(true);
    expect(await bob.client.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    // Bob's line at a's table: a has read his sanctions (none) and keeps them.
    const heard = ann.client.waitFor((m) => m.type === 'chat' && m.text === 'hello');
    expect(await bob.client.request({ type: 'chat.send', tableId, text: 'hello' })).toMatchObject({ type: 'ok' });
    await heard;

    const muted = await call(b, 'POST', '/api/mod/actions', { token: mo.token, body: { playerId: bob.id, kind: 'mute', reason: 'insults', hours: 1 } });
    expect(muted.status).toBe(201);
    await until('process a has heard of the mute', async () => (await a.hub.moderation.sanctions.of(bob.id)).length === 1, 10_000);
    expect(await bob.client.request({ type: 'chat.send', tableId, text: 'still here' })).toMatchObject({ type: 'error', code: 'CHAT_MUTED' });
    expect(ann.client.received.some((m) => m.type === 'chat' && m.text === 'still here')).toBe(false);

    const closed = new Promise<number>((resolve) => bob.client.ws.once('close', (code) => resolve(code)));
    expect((await call(a, 'POST', '/api/mod/actions', { token: mo.token, body: { playerId: bob.id, kind: 'ban', reason: 'again' } })).status).toBe(201);
    expect(await closed).toBe(SESSION_ENDED_CLOSE);
    const again = await TestClient.anonymous(b.url);
    clients.push(again);
    expect(await again.request({ type: 'hello', token: bob.token })).toMatchObject({ type: 'error', code: 'BANNED' });
  });

  it('a rename through one process shows at once at a seat of a table the other hosts', async () => {
    const [a, b] = await twoProcesses();
    const ann = await account(a, 'Ann');
    const bob = await account(b, 'Bob');
    const mo = await account(b, 'Mo');
    expect(await b.hub.store.moderation.grantModerator(mo.id, 'operator', 0)).toBe(true);
    const t = await ann.client.request({ type: 'table.create', game: 'flip-7', seats: 3 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    const tableId = t.table.id;
    expect(a.hub.tables.has(tableId)).toBe(true);
    expect(await bob.client.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    const named = (name: string) => (m: { type: string }) => m.type === 'table' && 'table' in m
      && JSON.stringify((m as Extract<typeof m, { table: unknown }>).table).includes(`"name":"${name}"`);
    await ann.client.next(named('Bob'));
    const renamed = ann.client.next(named('Robert'));
    expect((await call(b, 'POST', '/api/mod/actions', { token: mo.token, body: { playerId: bob.id, kind: 'rename', reason: 'offensive name', name: 'Robert' } })).status).toBe(201);
    await renamed;
    expect(a.hub.playerName(bob.id)).toBe('Robert');
  });
});
