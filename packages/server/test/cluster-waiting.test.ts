import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import { UNLOAD_AFTER_MS, WAKE_AHEAD_MS, WAKE_EVERY_MS } from '../src/waiting-tables.js';
import { TestClient } from './support/client.js';
import { inProcessCluster } from './support/in-process-cluster.js';
import { TEST_REDIS, leaseOwners, skipCluster } from './support/cluster.js';
import { type TestSchema, freshSchema } from './support/stores.js';
import { type TestServer, testServer } from './support/server.js';
import { isGame, seen } from './support/table-driver.js';
import { startedTurnBased } from './support/turn-based.js';
import { until } from './support/until.js';

// Turn-based tables waiting out of memory in a cluster (docs/operations.md, "A cluster"): two
// processes in this test's own process, on one PostgreSQL schema and one Redis, share a paused
// clock for the tables' timers (the leases keep real time, as the store does). A table nobody
// watches leaves its host's memory and its lease; a watcher on the other process takes it there;
// when due, exactly one process wakes it (the one whose lease claim wins), its stand-in moves once,
// and it leaves memory again.

const skip = await skipCluster('cluster-waiting.test.ts');
const DAY = 86_400_000;
const { servers, clients, schemas } = inProcessCluster();

const actions = async (schema: TestSchema, tableId: string) =>
  schema.query<{ seq: number; by: string; at: string }>('SELECT seq, "by", at FROM actions WHERE table_id = $1 ORDER BY game_no, seq', [tableId]);
const dueAt = async (schema: TestSchema, tableId: string) =>
  Number((await schema.query<{ due_at: string | null }>('SELECT due_at FROM tables WHERE id = $1', [tableId]))[0]!.due_at);

describe.skipIf(skip)('turn-based tables waiting in a cluster', () => {
  it('leave memory and their lease, are taken by a watcher on another process, and are woken once when due', async () => {
    const schema = await freshSchema();
    schemas.push(schema);
    const clock = new TestClock();
    const config = { dbPath: schema.url, redisUrl: TEST_REDIS, redisPrefix: `test-${randomBytes(4).toString('hex')}` };
    const [a, b] = [await testServer(config, { clock, seed: () => 'cluster-waiting' }), await testServer(config, { clock, seed: () => 'cluster-waiting' })] as const;
    servers.push(a, b);
    const connect = async (s: TestServer, name: string) => { const c = await TestClient.connect(s.url, name); clients.push(c); return c; };
    const ann = await connect(a, 'Ann');
    const bob = await connect(b, 'Bob');
    const cat = await connect(b, 'Cat'); // watches the lobby on the other process

    const startedAt = clock.now();
    const tableId = await startedTurnBased(ann, bob);
    await until("the lobby on b lists the running table", async () => {
      const page = await cat.request({ type: 'lobby.watch', status: 'running' });
      return page.type === 'lobby' && page.tables.some((t) => t.id === tableId);
    }, 10_000);
    const fromLobby = cat.received.length;
    expect(a.hub.tables.has(tableId)).toBe(true);
    expect((await leaseOwners(schema)).has(tableId)).toBe(true);

    // Nobody watching and a day to wait: it leaves a's memory and its lease, with its due moment stored; b's lobby drops it.
    ann.close();
    bob.close();
    await until('the table leaves memory and its lease', async () => !a.hub.tables.has(tableId) && !(await leaseOwners(schema)).has(tableId), 10_000);
    expect(b.hub.tables.has(tableId)).toBe(false);
    expect(await dueAt(schema, tableId)).toBe(startedAt + DAY);
    expect(startedAt + DAY - clock.now()).toBeGreaterThan(UNLOAD_AFTER_MS);
    await cat.waitFor((m) => m.type === 'lobby.removed' && m.tableId === tableId, 10_000);
    expect(cat.received.slice(fromLobby).some((m) => m.type === 'lobby.removed' && m.tableId === tableId)).toBe(true);

    // A watcher on b takes it there, its clock as it was; once they go, it leaves b's memory too.
    expect(await cat.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    expect((await seen(cat, isGame(tableId, (m) => m.history !== undefined))).deadline).toBe(startedAt + DAY);
    expect(b.hub.tables.has(tableId)).toBe(true);
    expect(a.hub.tables.has(tableId)).toBe(false);
    expect(await cat.request({ type: 'table.unwatch', tableId })).toMatchObject({ type: 'ok' });
    await until('the table leaves b', async () => !b.hub.tables.has(tableId) && !(await leaseOwners(schema)).has(tableId), 10_000);

    // Both processes restart (nothing of the table in memory anywhere), on a clock just before it comes due.
    await a.close();
    await b.close();
    servers.splice(0);
    const later = new TestClock({ start: startedAt + DAY - WAKE_AHEAD_MS - WAKE_EVERY_MS });
    const again = [await testServer(config, { clock: later, seed: () => 'cluster-waiting' }), await testServer(config, { clock: later, seed: () => 'cluster-waiting' })];
    servers.push(...again);
    expect(again.filter((s) => s.hub.tables.has(tableId))).toHaveLength(0);

    // Due within WAKE_AHEAD_MS: both look, one takes its lease and wakes it; the stand-in moves once, at the due moment.
    later.advance(WAKE_EVERY_MS);
    await until('one process wakes the table due soon', () => again.some((s) => s.hub.tables.has(tableId)), 10_000);
    const host = again.find((s) => s.hub.tables.has(tableId))!;
    expect(await leaseOwners(schema).then((m) => m.has(tableId))).toBe(true);
    expect(again.filter((s) => s.hub.tables.has(tableId))).toHaveLength(1);
    later.advance(WAKE_AHEAD_MS);
    await until("the clock's running out has been taken", () => Object.values(host.hub.tables.get(tableId)?.state.away ?? {}).includes('timeout'), 10_000);
    later.advance(0); // the stand-in's moment (bots take none in tests)
    await until('the stand-in has moved', async () => (await actions(schema, tableId)).length > 0, 10_000);
    await until('the table leaves memory after the move', async () =>
      again.every((s) => !s.hub.tables.has(tableId)) && !(await leaseOwners(schema)).has(tableId), 10_000);
    const log = await actions(schema, tableId);
    expect(log).toEqual([{ seq: 0, by: 'stand-in', at: new Date(startedAt + DAY).toISOString() }]);
    // The next move's day: stored for whichever process wakes it then.
    expect(await dueAt(schema, tableId)).toBe(startedAt + 2 * DAY);
  });

  it("a player's days off declared through one process move the clock of their table hosted on another", async () => {
    const schema = await freshSchema();
    schemas.push(schema);
    const clock = new TestClock();
    const config = { dbPath: schema.url, redisUrl: TEST_REDIS, redisPrefix: `test-${randomBytes(4).toString('hex')}` };
    const [a, b] = [await testServer(config, { clock, seed: () => 'cluster-vacation' }), await testServer(config, { clock, seed: () => 'cluster-vacation' })] as const;
    servers.push(a, b);
    const made = await fetch(`${a.url}/api/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ann', password: 'a long password' }) });
    const { token } = (await made.json()) as { token: string };
    const ann = await TestClient.anonymous(a.url);
    clients.push(ann);
    expect(await ann.request({ type: 'hello', token })).toMatchObject({ type: 'welcome' });
    const bob = await TestClient.connect(a.url, 'Bob');
    clients.push(bob);
    const tableId = await startedTurnBased(ann, bob, { moveSeconds: 86_400, bankSeconds: 0, vacation: true });
    const first = await seen(ann, isGame(tableId, (m) => m.seq === 0));
    expect(first.waitingFor).toEqual([0]);
    expect(first.deadline).toBe(clock.now() + DAY);
    expect(a.hub.tables.has(tableId)).toBe(true);

    // Declared at b, which does not host the table: a's table hears of it, and Ann's clock stops for two days.
    const from = ann.received.length;
    const put = await fetch(`${b.url}/api/accounts/vacation`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ days: 2 }) });
    expect(put.status).toBe(200);
    const moved = await seen(ann, isGame(tableId, (m) => m.deadline !== first.deadline), from);
    expect(moved.deadline).toBe(clock.now() + 3 * DAY);
    expect(b.hub.tables.has(tableId)).toBe(false);
  });
});
