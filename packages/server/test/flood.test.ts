import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOBBY_MAX_BYTES, type ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ServerConfig, SqliteStore, type TableRow, configFromEnv, startServer } from '../src/index.js';
import { serverPerTest } from './support/per-test.js';

// Issue 10, item 5: a flood is bounded. The lobby is paged and filtered, and a page is at most 64 KB
// whatever the number of tables; new guests, connections and tables are limited per address and
// open tables in all; idle guests are pruned. (How fast the server stays under a flood is measured by
// `npm run bench:flood`, not here.)

type Lobby = Extract<ServerMessage, { type: 'lobby' }>;

const { start, adopt, connect, anonymous } = serverPerTest();

const generous: Partial<ServerConfig> = {
  maxConnectionsPerAddress: 10_000, guestsPerAddressPerHour: 10_000, maxTablesPerAddress: 10_000, maxOpenTables: 10_000,
};

/** A database holding `n` public tables of 12 seats (every few a running Stir Fry Eighteen one), made directly. */
async function floodedDb(n: number): Promise<string> {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'parlor-flood-')), 'parlor.db');
  const store = new SqliteStore(dbPath);
  const at = Date.now();
  for (let i = 0; i < n; i++) {
    const playerId = `p${i}`;
    await store.addPlayer({ id: playerId, name: `Guest number ${i}`, tokenHash: `hash${i}`, createdAt: new Date(at).toISOString() });
    const sf = i % 10 === 0;
    const row: TableRow = {
      id: `t${String(i).padStart(5, '0')}`, game: sf ? 'stir-fry-eighteen' : 'flip-7', options: sf ? { target: 50 } : { target: 200 },
      seats: Array.from({ length: sf ? 5 : 12 }, (_, s) => (s === 0 ? { kind: 'player' as const, playerId } : { kind: 'empty' as const })),
      status: 'open', private: i % 50 === 1, invite: `inv${i}`, moveTimer: 0, responseWindow: sf ? 8 : null, creatorId: playerId, gameNo: 0,
      createdAt: new Date(at - i * 1000).toISOString(),
    };
    await store.saveTable(row);
  }
  await store.close();
  return dbPath;
}

describe('a flooded lobby', () => {
  it('answers 100 watchers at once with pages under 64 KB, and paging visits every public table once', async () => {
    const dbPath = await floodedDb(2000);
    const server = adopt(await startServer({ ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath, logLevel: 'silent', rateBurst: 10_000, ratePerSecond: 10_000, ...generous }, { logger: false }));
    const watchers = await Promise.all(Array.from({ length: 100 }, (_, i) => connect(`Watcher ${i}`)));
    const pages = await Promise.all(watchers.map((w) => w.request({ type: 'lobby.watch' }))) as Lobby[];
    const publicTables = 2000 - 40; // every 50th table, from the 2nd, is private
    for (const p of pages) {
      expect(p.type).toBe('lobby');
      expect(JSON.stringify(p).length).toBeLessThanOrEqual(LOBBY_MAX_BYTES);
      expect(p.total).toBe(publicTables);
      expect(p.tables.length).toBeGreaterThan(0);
      expect(p.tables.length).toBeLessThanOrEqual(50);
    }
    // Paging through visits each public table exactly once, in the lobby's order.
    const seen: string[] = [];
    let cursor: string | null = null;
    const reader = watchers[0]!;
    do {
      const page = await reader.request({ type: 'lobby.watch', limit: 100, ...(cursor === null ? {} : { cursor }) }) as Lobby;
      expect(JSON.stringify(page).length).toBeLessThanOrEqual(LOBBY_MAX_BYTES);
      seen.push(...page.tables.map((t) => t.id));
      cursor = page.next;
    } while (cursor !== null);
    expect(seen.length).toBe(publicTables);
    expect(new Set(seen).size).toBe(publicTables);
    // Filters: one game, free seats.
    const sf = await reader.request({ type: 'lobby.watch', game: 'stir-fry-eighteen' }) as Lobby;
    expect(sf.total).toBe(200);
    expect(sf.tables.every((t) => t.game === 'stir-fry-eighteen')).toBe(true);
    const running = await reader.request({ type: 'lobby.watch', status: 'running' }) as Lobby;
    expect(running.total).toBe(0);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('sends first-page watchers a new table as a change, not the whole list', async () => {
    await start(generous);
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const first = await bob.request({ type: 'lobby.watch' }) as Lobby;
    expect(first.tables).toEqual([]);
    const created = await ann.request({ type: 'table.create', game: 'flip-7', seats: 4 });
    if (created.type !== 'table') throw new Error('no table');
    const change = await bob.next((m) => m.type === 'lobby.table');
    expect(change.type === 'lobby.table' && change.table.id).toBe(created.table.id);
    expect(bob.received.filter((m) => m.type === 'lobby')).toHaveLength(1);
  });
});

describe('limits per address and in all', () => {
  it('refuses connections, new guests and tables past their limits with clear codes', async () => {
    const server = await start({ maxConnectionsPerAddress: 3, guestsPerAddressPerHour: 2, maxTablesPerAddress: 2, maxOpenTables: 1000 });
    const a = await connect('A');
    const b = await connect('B');
    // A third new guest from the same address this hour is refused; its socket may say hello again with a token.
    const c = await anonymous();
    expect(await c.request({ type: 'hello', name: 'C' })).toMatchObject({ type: 'error', code: 'TOO_MANY_GUESTS' });
    expect((await c.request({ type: 'hello', token: a.token! })).type).toBe('welcome');
    // A fourth connection is refused before the upgrade: HTTP 429 with the code.
    const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws`);
      ws.on('open', () => { ws.close(); reject(new Error('the fourth connection was let in')); });
      ws.on('error', () => {});
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (b: Buffer) => { body += String(b); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
    });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'TOO_MANY_CONNECTIONS' });
    // Tables from one address: two, then TOO_MANY_TABLES (whoever creates them).
    expect((await a.request({ type: 'table.create', game: 'flip-7', seats: 2 })).type).toBe('table');
    expect((await b.request({ type: 'table.create', game: 'flip-7', seats: 2 })).type).toBe('table');
    expect(await b.request({ type: 'table.create', game: 'flip-7', seats: 2 })).toMatchObject({ type: 'error', code: 'TOO_MANY_TABLES' });
  });

  it('refuses a new table with SERVER_FULL once the open tables in all reach their limit', async () => {
    await start({ ...generous, maxOpenTables: 2 });
    const a = await connect('A');
    expect((await a.request({ type: 'table.create', game: 'flip-7', seats: 2 })).type).toBe('table');
    expect((await a.request({ type: 'table.create', game: 'flip-7', seats: 2 })).type).toBe('table');
    expect(await a.request({ type: 'table.create', game: 'flip-7', seats: 2 })).toMatchObject({ type: 'error', code: 'SERVER_FULL' });
  });
});

describe('idle guests', () => {
  it('are pruned when they hold no seat, table or game; players at a table are kept', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'parlor-prune-')), 'parlor.db');
    const store = new SqliteStore(dbPath);
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    for (const id of ['idle', 'seated', 'creator']) await store.addPlayer({ id, name: id, tokenHash: `h-${id}`, createdAt: old });
    await store.saveTable({
      id: 'tbl', game: 'flip-7', options: { target: 200 }, seats: [{ kind: 'player', playerId: 'seated' }, { kind: 'empty' }],
      status: 'open', private: false, invite: 'x', moveTimer: 0, responseWindow: null, creatorId: 'creator', gameNo: 0, createdAt: old,
    });
    expect(await store.pruneGuests(new Date(Date.now() - 30 * 86_400_000).toISOString())).toBe(1);
    expect(await store.playerById('idle')).toBeNull();
    expect(await store.playerById('seated')).not.toBeNull();
    expect(await store.playerById('creator')).not.toBeNull();
    await store.close();
  });
});
