import type { ServerMessage } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { type ParlorServer, configFromEnv, startServer } from '../src/index.js';
import { TestClient } from './support/client.js';
import { testServer } from './support/server.js';

// Issue 10, item 8: after a restart an open response window keeps the end it had (its clock runs
// from the stored move that opened it), and the game has waited since its last stored move.

type Game = Extract<ServerMessage, { type: 'game' }>;

let server: ParlorServer | null = null;
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = null;
});

describe('a restart', () => {
  it('keeps an open taste-test window\'s deadline and the time the game has waited', async () => {
    const first = await testServer();
    server = first;
    const ann = await TestClient.connect(first.url, 'Ann');
    const bob = await TestClient.connect(first.url, 'Bob');
    clients.push(ann, bob);
    const created = await ann.request({ type: 'table.create', game: 'stir-fry-eighteen', seats: 2, responseWindow: 30, options: { firstPlayer: 0 } });
    if (created.type !== 'table') throw new Error(JSON.stringify(created));
    const tableId = created.table.id;
    expect((await bob.request({ type: 'table.sit', tableId, seat: 1 })).type).toBe('ok');
    expect((await ann.request({ type: 'table.start', tableId })).type).toBe('ok');
    const turn = await ann.next((m) => m.type === 'game' && m.tableId === tableId && m.seat === 0 && m.legal.length > 0) as Game;
    const discard = turn.legal.find((a) => a.type === 'discard-pair' || a.type === 'discard-protein');
    if (discard === undefined) throw new Error('no discard to declare');
    expect((await ann.request({ type: 'action', tableId, seat: 0, seq: turn.seq, action: discard })).type).toBe('ok');
    const asked = await bob.next((m) => m.type === 'game' && m.tableId === tableId && m.seat === 1 && m.legal.some((a) => a.type === 'trust')) as Game;
    expect(asked.deadline).toEqual(expect.any(Number));
    expect(asked.waitingSince).toEqual(expect.any(Number));
    expect(asked.deadline! - asked.waitingSince!).toBe(30_000);

    // The server stops and starts again on the same database.
    ann.close();
    bob.close();
    clients.length = 0;
    await first.close();
    server = await startServer({ ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath: first.dbPath, botDelayMs: [0, 0], logLevel: 'silent' }, { logger: false });
    const bob2 = await TestClient.connect(server.url, 'Bob');
    clients.push(bob2);
    bob2.token = bob.token;
    await bob2.reconnect();
    await bob2.request({ type: 'table.watch', tableId });
    const again = await bob2.next((m) => m.type === 'game' && m.tableId === tableId && m.seat === 1) as Game;
    expect(again.seq).toBe(asked.seq);
    expect(again.legal.some((a) => a.type === 'trust')).toBe(true);
    expect(again.deadline).toBe(asked.deadline);
    expect(again.waitingSince).toBe(asked.waitingSince);
  });
});
