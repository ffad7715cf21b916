import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Rng, stirFryEighteen, playGame } from '@parlor/rules';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type ParlorServer, SqliteStore, configFromEnv, startServer } from '../src/index.js';
import { hashToken } from '../src/identity.js';
import { TestClient } from './support/client.js';

// Issue 12, item 6: schema migrations are numbered and forward-only and run at start; a database
// made by the first schema (as Parlor shipped it), with games in it, upgrades and loses nothing.

/** The first schema, exactly as it was created by the first release (schema version 1). */
const SCHEMA_1 = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY, body TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  table_id TEXT NOT NULL, game_no INTEGER NOT NULL, body TEXT NOT NULL, finished_at TEXT,
  PRIMARY KEY (table_id, game_no));
CREATE TABLE IF NOT EXISTS actions (
  table_id TEXT NOT NULL, game_no INTEGER NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL,
  action TEXT NOT NULL, at TEXT NOT NULL,
  PRIMARY KEY (table_id, game_no, seq));
`;

let server: ParlorServer | null = null;
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = null;
});

/** A finished 2-player game of random play: its seed, actions and result. */
async function finishedGame(seed: string) {
  const log: { seat: number; action: unknown }[] = [];
  const agents = [0, 1].map(() => ({ blind: true, decide: (_v: unknown, legal: readonly unknown[], r: Rng) => r.pick(legal) }));
  const r = await playGame({ game: stirFryEighteen, seed, start: { players: 2, seed }, agents, onAction: ({ seat, action }) => { log.push({ seat, action }); } });
  return { log, outcome: r.outcome! };
}

describe('migrations', () => {
  it('upgrade a database of the first schema with finished and running games, losing nothing', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'parlor-v1-')), 'parlor.db');
    const db = new Database(dbPath);
    db.exec(SCHEMA_1);
    db.prepare("INSERT INTO meta (key, value) VALUES ('schema', '1')").run();
    const at = '2026-11-29T12:00:00.000Z';
    db.prepare('INSERT INTO players VALUES (?, ?, ?, ?)').run('ann', 'Ann', hashToken('ann-token'), at);
    db.prepare('INSERT INTO players VALUES (?, ?, ?, ?)').run('bob', 'Bob', hashToken('bob-token'), at);
    const seed = 'a'.repeat(64);
    const { log, outcome } = await finishedGame(seed);
    const seats = [{ kind: 'player', playerId: 'ann' }, { kind: 'player', playerId: 'bob' }];
    // A table as the first release stored it: the window length under "tasteWindow".
    const table = { id: 'T1', game: 'stir-fry-eighteen', options: { target: 50, closingTime: false, meticulousChef: false, emptyPantry: 'off', tofu: false },
      seats, status: 'finished', private: false, invite: 'inv', moveTimer: 0, tasteWindow: 12, creatorId: 'ann', gameNo: 1, createdAt: at };
    db.prepare('INSERT INTO tables VALUES (?, ?, ?, ?)').run('T1', JSON.stringify(table), 'finished', at);
    // Closed tables of the first release: one of a game without response windows (which stored
    // "tasteWindow" all the same), one with windows and no length stored.
    const closed = { options: {}, seats, status: 'closed', private: false, invite: 'inv', moveTimer: 0, creatorId: 'ann', gameNo: 0, createdAt: at };
    db.prepare('INSERT INTO tables VALUES (?, ?, ?, ?)').run('T2', JSON.stringify({ ...closed, id: 'T2', game: 'flip-7', tasteWindow: 8 }), 'closed', at);
    db.prepare('INSERT INTO tables VALUES (?, ?, ?, ?)').run('T3', JSON.stringify({ ...closed, id: 'T3', game: 'stir-fry-eighteen' }), 'closed', at);
    const stats = stirFryEighteen.stats([], 2);
    const game = { tableId: 'T1', gameNo: 1, seed, commitment: 'c', options: table.options,
      seats: [{ kind: 'player', name: 'Ann', playerId: 'ann' }, { kind: 'player', name: 'Bob', playerId: 'bob' }],
      startedAt: at, finishedAt: at, result: outcome, stats };
    db.prepare('INSERT INTO games VALUES (?, ?, ?, ?)').run('T1', 1, JSON.stringify(game), at);
    log.forEach((a, seq) => db.prepare('INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)').run('T1', 1, seq, a.seat, JSON.stringify(a.action), at));
    db.close();

    // Opening it runs migrations 2, 3 and 4, each once.
    const store = new SqliteStore(dbPath);
    const t = await store.table('T1');
    expect(t).toMatchObject({ id: 'T1', status: 'finished', responseWindow: 12 });
    expect(t).not.toHaveProperty('tasteWindow');
    // Migration 2 by the games of its time: no windows in Flip 7, 8 seconds by default in Stir Fry Eighteen.
    expect(await store.table('T2')).toMatchObject({ game: 'flip-7', responseWindow: null });
    expect(await store.table('T3')).toMatchObject({ game: 'stir-fry-eighteen', responseWindow: 8 });
    expect(await store.table('T3')).not.toHaveProperty('tasteWindow');
    expect((await store.actions('T1', 1)).map((a) => ({ seat: a.seat, action: a.action }))).toEqual(log);
    expect((await store.game('T1', 1))!.result).toEqual(outcome);
    // Both players' histories hold the game; their old tokens are sessions now.
    const annGames = await store.allPlayerGames('ann');
    expect(annGames).toHaveLength(1);
    expect(annGames[0]).toMatchObject({ tableId: 'T1', gameNo: 1, game: 'stir-fry-eighteen', seat: 0, place: outcome.places[0], score: outcome.scores[0], rated: false });
    expect((await store.playerByTokenHash(hashToken('bob-token')))?.id).toBe('bob');
    await store.close();
    const schema = new Database(dbPath).prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string };
    expect(Number(schema.value)).toBeGreaterThanOrEqual(4);

    // The server starts on it: the old token still says hello, and the game still exports and verifies.
    server = await startServer({ ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath, logLevel: 'silent' }, { logger: false });
    const ann = await TestClient.connect(server.url, 'Ann');
    clients.push(ann);
    ann.token = 'ann-token';
    await ann.reconnect();
    expect(ann.received.some((m) => m.type === 'welcome' && m.player.id === 'ann')).toBe(true);
    const exported = await (await fetch(`${server.url}/tables/T1/export`)).json() as { actions: unknown[]; outcome: unknown };
    expect(exported.actions).toHaveLength(log.length);
    expect(exported.outcome).toEqual(outcome);
  });

  it('refuse a database newer than the code, changing nothing', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'parlor-future-')), 'parlor.db');
    const db = new Database(dbPath);
    db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    db.prepare("INSERT INTO meta (key, value) VALUES ('schema', '999')").run();
    db.close();
    expect(() => new SqliteStore(dbPath)).toThrow(/newer than this Parlor/);
    const after = new Database(dbPath);
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([{ name: 'meta' }]);
    after.close();
  });
});
