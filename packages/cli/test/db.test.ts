import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParlorServer, SqliteStore, configFromEnv, startServer } from '@parlor/server';
import { COPIED_TABLES, PostgresStore, type Store } from '@parlor/server/store';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../../server/test/support/client.js';
import { type TestSchema, freshSchema, populate, replayOutcome, skipPostgres } from '../../server/test/support/stores.js';
import { dbCopyCommand } from '../src/commands/db.js';
import { verifyCommand } from '../src/commands/verify.js';
import { main } from '../src/index.js';

// Issue 13, item 7: moving from one SQLite server to PostgreSQL. `parlor db copy` copies every row
// of a stopped server's SQLite database into an empty PostgreSQL database, in one transaction, and
// the server started on the copy carries on: its games replay, its sessions and accounts work.
// Needs PostgreSQL (support/stores.ts): skipped with the reason without it, except under CI=true.

const skip = await skipPostgres('db.test.ts');

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  vi.restoreAllMocks();
});

async function schema(): Promise<TestSchema> {
  const s = await freshSchema();
  cleanup.push(() => s.drop());
  return s;
}
const tempDb = () => join(mkdtempSync(join(tmpdir(), 'parlor-copy-')), 'parlor.db');
const PASSWORD = 'correct horse battery';

/** Runs `parlor …` as the command line would; its status and what it printed. */
async function parlor(...args: string[]): Promise<{ status: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => { out.push(String(line)); });
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => { err.push(String(line)); });
  try {
    return { status: await main(['node', 'parlor', ...args]), out, err };
  } finally {
    vi.restoreAllMocks();
  }
}

async function server(db: string): Promise<ParlorServer> {
  const s = await startServer({ ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath: db, botDelayMs: [0, 0], logLevel: 'silent' }, { logger: false });
  cleanup.push(() => s.close());
  return s;
}
async function post(s: ParlorServer, path: string, body: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(`${s.url}${path}`, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
  });
  return { status: r.status, json: await r.json() as Record<string, unknown> };
}

/**
 * A SQLite database as a server leaves it: an account made through the server (Zoë, signed in on a
 * device), then guests, accounts, rated and unrated finished games of both kinds, open and closed
 * tables (support/stores.ts, populate).
 */
async function sqliteWithGames(): Promise<{ file: string; zoeToken: string; games: Awaited<ReturnType<typeof populate>> }> {
  const file = tempDb();
  const s = await server(file);
  const zoe = await TestClient.connect(s.url, 'Zoë');
  zoe.close();
  expect((await post(s, '/api/accounts', { name: 'Zoë', password: PASSWORD }, zoe.token!)).status).toBe(201);
  await s.close();
  const store = new SqliteStore(file);
  const games = await populate(store);
  await store.close();
  return { file, zoeToken: zoe.token!, games };
}

/** Every row of a copied table, as plain values, in one order (SQLite's 0/1 flags as booleans). */
function rowsOf(rows: Record<string, unknown>[], booleans: readonly string[] = []): string[] {
  return rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, booleans.includes(k) && v !== null ? Boolean(v) : v])))).sort();
}

/** What the Store interface shows of every player, table and game. */
async function everything(store: Store, players: string[], tables: string[]): Promise<unknown> {
  const out: Record<string, unknown> = { open: await store.tables() };
  for (const game of ['flip-7', 'stir-fry-eighteen'] as const) out[`board ${game}`] = await store.leaderboard(game, 100, 0);
  for (const id of players) {
    out[`player ${id}`] = [await store.playerById(id), await store.accountOf(id), await store.ratingsOf(id), await store.allPlayerGames(id),
      await store.playerGames(id, 2), await store.ratingHistory(id, 'flip-7'), await store.ratingHistory(id, 'stir-fry-eighteen')];
  }
  for (const id of tables) {
    const t = await store.table(id);
    out[`table ${id}`] = t;
    for (let n = 1; n <= (t?.gameNo ?? 0); n++) out[`game ${id}/${n}`] = [await store.game(id, n), await store.actions(id, n)];
  }
  return out;
}

describe.skipIf(skip)('parlor db copy', () => {
  it('copies every row into an empty PostgreSQL database; the server on the copy replays its games and knows its sessions and accounts', async () => {
    const { file, zoeToken, games } = await sqliteWithGames();
    const target = await schema();
    const run = await parlor('db', 'copy', file, target.url);
    expect(run.err).toEqual([]);
    expect(run.status).toBe(0);

    // The counts printed are the rows of each table, and PostgreSQL holds exactly those rows.
    const lite = new Database(file, { readonly: true });
    cleanup.push(async () => { lite.close(); });
    for (const t of COPIED_TABLES) {
      const source = lite.prepare(`SELECT * FROM ${t.name}`).all() as Record<string, unknown>[];
      expect(run.out.find((l) => l.trim().startsWith(`${t.name} `))?.trim().split(/\s+/)).toEqual([t.name, String(source.length)]);
      expect(source.length, t.name).toBeGreaterThan(0);
      // PostgreSQL's BIGINT columns (times in ms) come back as strings: read as the numbers SQLite has.
      const numeric = Object.keys(source[0]!).filter((k) => typeof source[0]![k] === 'number' && !(t.booleans ?? []).includes(k));
      const copied = (await target.query(`SELECT * FROM ${t.name}`)).map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, numeric.includes(k) && typeof v === 'string' ? Number(v) : v])));
      expect(rowsOf(copied)).toEqual(rowsOf(source, t.booleans));
    }
    expect(run.out.at(-1)).toMatch(/^copied \d+ rows \(schema \d+\) in one transaction/);
    expect(await target.query('SELECT count(*)::int AS n FROM table_leases')).toEqual([{ n: 0 }]);

    // Through the Store interface both read the same, and every game replays to its stored result.
    const players = (lite.prepare('SELECT id FROM players').all() as { id: string }[]).map((r) => r.id);
    const tables = (lite.prepare('SELECT id FROM tables').all() as { id: string }[]).map((r) => r.id);
    const [sqliteStore, pgStore] = [new SqliteStore(file), await PostgresStore.open(target.url, { max: 2 })];
    cleanup.push(() => sqliteStore.close(), () => pgStore.close());
    expect(await everything(pgStore, players, tables)).toEqual(await everything(sqliteStore, players, tables));
    for (const g of games) expect(await replayOutcome(pgStore, g.game, g.tableId, g.gameNo)).toEqual(JSON.parse(JSON.stringify(g.outcome)));
    await pgStore.close();
    await sqliteStore.close();

    // A server on the copy: Zoë's device is still signed in, her password signs her in, and a game exports and verifies.
    const s = await server(target.url);
    const device = await TestClient.anonymous(s.url);
    cleanup.push(async () => device.close());
    expect(await device.request({ type: 'hello', token: zoeToken })).toMatchObject({ type: 'welcome', player: { name: 'Zoë' }, account: true });
    const signIn = await post(s, '/api/sessions', { name: 'zoë', password: PASSWORD });
    expect(signIn).toMatchObject({ status: 200, json: { name: 'Zoë' } });
    expect((await post(s, '/api/sessions', { name: 'Ann', password: 'wrong password' })).status).toBe(401);
    const exported = await fetch(`${s.url}/tables/T1/export`);
    expect(exported.status).toBe(200);
    const path = join(mkdtempSync(join(tmpdir(), 'parlor-export-')), 'game.json');
    writeFileSync(path, await exported.text());
    expect(await verifyCommand(path, () => {})).toBe(0);
  });

  it('refuses a target that is not empty, writing nothing', async () => {
    const { file } = await sqliteWithGames();
    const target = await schema();
    expect((await parlor('db', 'copy', file, target.url)).status).toBe(0);
    const before = await target.query('SELECT count(*)::int AS n FROM actions');
    const again = await parlor('db', 'copy', file, target.url);
    expect(again.status).toBe(1);
    expect(again.err.join('\n')).toMatch(/refused: the PostgreSQL database is not empty \(it holds \d+ players, .*\): copy into an empty database/);
    expect(await target.query('SELECT count(*)::int AS n FROM actions')).toEqual(before);
    // Even a lease alone makes it not empty.
    const other = await schema();
    const store = await PostgresStore.open(other.url, { max: 1 });
    await store.acquireLease('T', 'somebody', 60_000);
    await store.close();
    expect((await parlor('db', 'copy', file, other.url)).err.join('\n')).toMatch(/not empty \(it holds 1 table_leases\)/);
  });

  it('is one transaction: a row PostgreSQL refuses part way (the last table) leaves the target empty', async () => {
    const { file } = await sqliteWithGames();
    const db = new Database(file);
    db.prepare('UPDATE rating_history SET at = ? WHERE rowid = (SELECT max(rowid) FROM rating_history)').run('2026\u0000'); // PostgreSQL text holds no NUL
    db.close();
    const target = await schema();
    const run = await parlor('db', 'copy', file, target.url);
    expect(run.status).toBe(1);
    expect(run.err.join('\n')).toMatch(/^parlor db copy: failed: .*Nothing was written\.$/);
    for (const t of COPIED_TABLES) expect(await target.query(`SELECT count(*)::int AS n FROM ${t.name}`)).toEqual([{ n: 0 }]);
  });

  it('refuses a SQLite database of an older schema until it is migrated (opening it with this Parlor does that)', async () => {
    const file = tempDb();
    const old = new Database(file);
    old.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL);
      CREATE TABLE tables (id TEXT PRIMARY KEY, body TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL);
      CREATE TABLE games (table_id TEXT NOT NULL, game_no INTEGER NOT NULL, body TEXT NOT NULL, finished_at TEXT, PRIMARY KEY (table_id, game_no));
      CREATE TABLE actions (table_id TEXT NOT NULL, game_no INTEGER NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
        at TEXT NOT NULL, PRIMARY KEY (table_id, game_no, seq));
      INSERT INTO meta VALUES ('schema', '1');
      INSERT INTO players VALUES ('ann', 'Ann', 'hash-of-ann', '2026-11-29T12:00:00.000Z');`);
    old.close();
    const target = await schema();
    const refused = await parlor('db', 'copy', file, target.url);
    expect(refused.status).toBe(1);
    expect(refused.err.join('\n')).toMatch(/has schema 1, older than this Parlor's \(\d+\): migrate it first — start this version's server on it once/);
    expect(await target.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'players'")).toEqual([{ n: 0 }]);
    await new SqliteStore(file).close(); // migrates
    expect((await parlor('db', 'copy', file, target.url)).status).toBe(0);
    expect(await target.query('SELECT id, name, last_seen FROM players')).toEqual([{ id: 'ann', name: 'Ann', last_seen: '2026-11-29T12:00:00.000Z' }]);
    expect(await target.query('SELECT token_hash, player_id FROM sessions')).toEqual([{ token_hash: 'hash-of-ann', player_id: 'ann' }]);
  });

  it('exit status: 1 for a missing file, a file that is not Parlor\'s or an unreachable database; 2 for a target that is not a PostgreSQL URL', async () => {
    const target = await schema();
    const missing = await parlor('db', 'copy', join(tmpdir(), 'no-such-parlor.db'), target.url);
    expect(missing).toMatchObject({ status: 1, err: [expect.stringMatching(/refused: there is no SQLite database at .*no-such-parlor\.db/)] });
    const notParlor = tempDb();
    new Database(notParlor).close();
    expect((await parlor('db', 'copy', notParlor, target.url)).err.join('\n')).toMatch(/is not a Parlor database/);
    const migrated = tempDb();
    await new SqliteStore(migrated).close();
    const unreachable = await parlor('db', 'copy', migrated, 'postgres://parlor:s3cret@127.0.0.1:1/parlor');
    expect(unreachable.status).toBe(1);
    expect(unreachable.err.join('\n')).toMatch(/the store is unavailable \(PostgreSQL unreachable: ECONNREFUSED\)/);
    expect([...unreachable.out, ...unreachable.err].join('\n')).not.toContain('s3cret');
    await expect(dbCopyCommand(migrated, 'data/other.db', () => {}, () => {})).rejects.toThrow(/must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect((await parlor('db', 'copy', migrated, 'mysql://x@h/db')).status).toBe(2);
    expect((await parlor('db', 'copy', migrated)).status).toBe(2);
    // Nothing was ever written to the target.
    expect(await target.query('SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema()')).toEqual([{ n: 0 }]);
  });
});
