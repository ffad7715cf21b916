import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../src/app.js';
import { configFromEnv } from '../src/config.js';
import { hashToken } from '../src/identity.js';
import { describeDb, isPostgresUrl, openStore } from '../src/store/open.js';
import { POSTGRES_SCHEMA_VERSION, PostgresStore } from '../src/store/postgres.js';
import { SCHEMA_VERSION, SqliteStore } from '../src/store/sqlite.js';
import { type GameRecords, type GameRow, LeaseLost, type Store, StoreUnavailable } from '../src/store/store.js';
import { TestClient } from './support/client.js';
import {
  CuttableLink, TEST_POSTGRES, type TestSchema, addGuest, at, freshSchema, inSchema, playAndStore, populate, replayOutcome, skipPostgres, tableRow,
} from './support/stores.js';

// Issue 13, item 1: PARLOR_DB names a SQLite file or a PostgreSQL database; both stores behave the
// same, and this one suite runs against each. The PostgreSQL half needs a server (TEST_POSTGRES):
// without one it is skipped with the reason, except under CI=true, where it must run.

/** One kind of store, on a database of its own for each test. */
interface Database_ {
  /** The database as PARLOR_DB would name it. */
  readonly db: string;
  open(): Promise<Store>;
  /** SQL straight on the database (`?` placeholders), for what no Store method shows or for setting up old schemas. */
  sql(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  tableNames(): Promise<string[]>;
  drop(): Promise<void>;
}
interface Kind {
  readonly name: string;
  readonly skip: boolean;
  fresh(): Promise<Database_>;
}

const sqlite: Kind = {
  name: 'SQLite',
  skip: false,
  fresh: async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'parlor-store-')), 'parlor.db');
    const sql = async (text: string, params: unknown[] = []) => {
      const d = new Database(db);
      try {
        const st = d.prepare(text);
        return st.reader ? (st.all(...params) as Record<string, unknown>[]) : (st.run(...params), []);
      } finally {
        d.close();
      }
    };
    return {
      db,
      open: async () => new SqliteStore(db),
      sql,
      tableNames: async () => (await sql("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).map((r) => String(r.name)),
      drop: async () => {},
    };
  },
};

const postgres: Kind = {
  name: 'PostgreSQL',
  skip: await skipPostgres('store.test.ts'),
  fresh: async () => {
    const schema: TestSchema = await freshSchema();
    const sql = async (text: string, params: unknown[] = []) => {
      let n = 0;
      return schema.query(text.replace(/\?/g, () => `$${++n}`), params);
    };
    return {
      db: schema.url,
      open: () => PostgresStore.open(schema.url, { max: 4 }),
      sql,
      tableNames: async () => (await sql('SELECT tablename AS name FROM pg_tables WHERE schemaname = ? ORDER BY tablename', [schema.name])).map((r) => String(r.name)),
      drop: () => schema.drop(),
    };
  },
};

/** Closed after each test. */
const open: { stores: Store[]; dbs: Database_[]; after: (() => Promise<void>)[] } = { stores: [], dbs: [], after: [] };
afterEach(async () => {
  for (const f of open.after.splice(0)) await f();
  for (const s of open.stores.splice(0)) await s.close().catch(() => {});
  for (const d of open.dbs.splice(0)) await d.drop();
});

const LATEST_TABLES = [
  'actions', 'blocks', 'chat_lines', 'chat_mutes', 'digest_items', 'friend_refusals', 'friend_requests', 'friends', 'games', 'mail_marks', 'meta',
  'mod_actions', 'moderators', 'name_skeletons', 'notify_accounts', 'notify_keys', 'notify_tokens', 'player_games', 'players',
  'push_subscriptions', 'rating_history', 'ratings', 'reports', 'sessions', 'table_leases', 'tables', 'tournament_parts', 'tournaments', 'turn_seats',
  'turn_tables', 'vacations',
];

/** A game row as a server stores one at the start. */
const gameRow = (tableId: string, gameNo: number, seats: string[] = ['ann', 'bob']): GameRow => ({
  tableId, gameNo, seed: `seed-${tableId}-${gameNo}`, commitment: 'c', options: {}, startedAt: at(1), finishedAt: null, result: null,
  seats: seats.map((p) => ({ kind: 'player', name: p, playerId: p })),
});
const result = { scores: [10, 5], places: [1, 2], winners: [0] };
const partOf = (playerId: string, tableId: string, gameNo: number, finishedAt: string, seat: number, over: object = {}) => ({
  playerId, tableId, gameNo, game: 'flip-7' as const, finishedAt, seat, players: 2, place: seat + 1, score: 10 - seat * 5, won: seat === 0,
  rated: true, private: false, stats: { rounds: 3, seat }, ...over,
});

describe.each([sqlite, postgres])('$name', (kind) => {
  /** A new empty database of this kind and a store on it. */
  async function fresh(): Promise<{ store: Store; db: Database_ }> {
    const db = await kind.fresh();
    open.dbs.push(db);
    const store = await db.open();
    open.stores.push(store);
    return { store, db };
  }

  describe.skipIf(kind.skip)('store', () => {
    describe('migrations', () => {
      it('give a new database the latest schema, once: opening it again changes nothing and keeps every row', async () => {
        expect(POSTGRES_SCHEMA_VERSION).toBe(SCHEMA_VERSION); // a migration added to one store must be added to the other
        const { store, db } = await fresh();
        expect(await db.sql("SELECT value FROM meta WHERE key = 'schema'")).toEqual([{ value: String(SCHEMA_VERSION) }]);
        expect(await db.tableNames()).toEqual(LATEST_TABLES);
        await addGuest(store, 'ann', 'Ann');
        await store.close();
        const again = await db.open();
        open.stores.push(again);
        expect((await again.playerById('ann'))?.name).toBe('Ann');
        expect(await db.sql("SELECT value FROM meta WHERE key = 'schema'")).toEqual([{ value: String(SCHEMA_VERSION) }]);
      });

      it('upgrade a database of the first schema with a finished game: response windows, sessions and histories filled in', async () => {
        const db = await kind.fresh();
        open.dbs.push(db);
        // The first schema as both stores created it (column types are each database's own; the SQL is common to both).
        const text = kind === sqlite ? 'TEXT' : 'TEXT COLLATE "C"';
        for (const ddl of [
          `CREATE TABLE meta (key ${text} PRIMARY KEY, value ${text} NOT NULL)`,
          `CREATE TABLE players (id ${text} PRIMARY KEY, name ${text} NOT NULL, token_hash ${text} NOT NULL UNIQUE, created_at ${text} NOT NULL)`,
          `CREATE TABLE tables (id ${text} PRIMARY KEY, body ${text} NOT NULL, status ${text} NOT NULL, created_at ${text} NOT NULL)`,
          `CREATE TABLE games (table_id ${text} NOT NULL, game_no INTEGER NOT NULL, body ${text} NOT NULL, finished_at ${text}, PRIMARY KEY (table_id, game_no))`,
          `CREATE TABLE actions (table_id ${text} NOT NULL, game_no INTEGER NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL,
            action ${text} NOT NULL, at ${text} NOT NULL, PRIMARY KEY (table_id, game_no, seq))`,
        ]) await db.sql(ddl);
        await db.sql("INSERT INTO meta (key, value) VALUES ('schema', '1')");
        for (const p of ['ann', 'bob']) await db.sql('INSERT INTO players VALUES (?, ?, ?, ?)', [p, p.toUpperCase(), hashToken(`${p}-token`), at(0)]);
        // A table as the first release stored it: the window length under "tasteWindow"; private.
        const options = { target: 50, closingTime: false, meticulousChef: false, emptyPantry: 'off', tofu: false };
        const table = { id: 'T1', game: 'stir-fry-eighteen', options, seats: [{ kind: 'player', playerId: 'ann' }, { kind: 'player', playerId: 'bob' }],
          status: 'finished', private: true, invite: 'inv', moveTimer: 0, tasteWindow: 12, creatorId: 'ann', gameNo: 1, createdAt: at(0) };
        await db.sql('INSERT INTO tables VALUES (?, ?, ?, ?)', ['T1', JSON.stringify(table), 'finished', at(0)]);
        const game = { ...gameRow('T1', 1), options, finishedAt: at(5), result: { scores: [7, 9], places: [2, 1], winners: [1] }, stats: [{ a: 1 }, { a: 2 }] };
        await db.sql('INSERT INTO games VALUES (?, ?, ?, ?)', ['T1', 1, JSON.stringify(game), at(5)]);
        await db.sql('INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)', ['T1', 1, 0, 0, JSON.stringify({ type: 'pass' }), at(2)]);

        const store = await db.open();
        open.stores.push(store);
        expect(await db.sql("SELECT value FROM meta WHERE key = 'schema'")).toEqual([{ value: String(SCHEMA_VERSION) }]);
        const t = await store.table('T1');
        expect(t).toMatchObject({ id: 'T1', responseWindow: 12, private: true });
        expect(t).not.toHaveProperty('tasteWindow');
        expect(await store.actions('T1', 1)).toEqual([{ seq: 0, seat: 0, action: { type: 'pass' }, at: at(2), by: null }]);
        expect((await store.playerByTokenHash(hashToken('bob-token')))?.id).toBe('bob');
        expect(await store.allPlayerGames('bob')).toEqual([{
          playerId: 'bob', tableId: 'T1', gameNo: 1, game: 'stir-fry-eighteen', finishedAt: at(5), seat: 1, players: 2, place: 1, score: 9,
          won: true, rated: false, private: true, stats: { a: 2 },
        }]);
      });

      it('refuse a database newer than the code, changing nothing', async () => {
        const db = await kind.fresh();
        open.dbs.push(db);
        await db.sql(kind === sqlite ? 'CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)' : 'CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
        await db.sql("INSERT INTO meta (key, value) VALUES ('schema', '999')");
        await expect(db.open()).rejects.toThrow(/the database's schema is 999, newer than this Parlor's/);
        expect(await db.tableNames()).toEqual(['meta']);
      });
    });

    it('players and sessions: a token finds its player; sessions end one by one or all but one', async () => {
      const { store } = await fresh();
      await addGuest(store, 'ann', 'Ann');
      expect(await store.playerByTokenHash('token-ann')).toEqual({ id: 'ann', name: 'Ann', tokenHash: 'token-ann', createdAt: at(0), accountSince: null, avatar: null, bot: false });
      expect(await store.playerById('ann')).toEqual(await store.playerByTokenHash('token-ann'));
      expect(await store.playerById('nobody')).toBeNull();
      expect(await store.playerByTokenHash('nobody')).toBeNull();
      await store.renamePlayer('ann', 'Annie');
      await store.addSession('phone', 'ann', at(1));
      await store.addSession('laptop', 'ann', at(2));
      expect((await store.playerByTokenHash('phone'))?.name).toBe('Annie');
      await store.deleteSession('phone');
      expect(await store.playerByTokenHash('phone')).toBeNull();
      await store.deleteSessions('ann', 'laptop');
      expect(await store.playerByTokenHash('token-ann')).toBeNull();
      expect((await store.playerByTokenHash('laptop'))?.id).toBe('ann');
      await store.deleteSessions('ann');
      expect(await store.playerByTokenHash('laptop')).toBeNull();
      // A second player with the same token hash is refused (the hash is unique), as a constraint error, not StoreUnavailable.
      const dup = store.addPlayer({ id: 'bob', name: 'Bob', tokenHash: 'token-ann', createdAt: at(3) });
      await expect(dup).rejects.toThrow();
      await expect(dup).rejects.not.toBeInstanceOf(StoreUnavailable);
      expect(await store.playerById('bob')).toBeNull();
    });

    it('sessions: last use read and touched (never back in time); pruneSessions deletes accounts\' sessions unused since the cutoff, never a guest\'s', async () => {
      const { store } = await fresh();
      for (const id of ['ann', 'gus']) await addGuest(store, id);
      expect(await store.claimAccount('ann', 'Ann', 'ann', 'hash1', at(1))).toBe(true);
      await store.addSession('old', 'ann', at(2));
      await store.addSession('used', 'ann', at(2));
      await store.touchSession('used', at(6));
      await store.touchSession('used', at(4)); // an earlier use than the one kept changes nothing
      expect((await store.session('used'))?.lastUsed).toBe(at(6));
      expect((await store.session('old'))?.player.id).toBe('ann');
      // 'old', and the token Ann was a guest with (now a session of her account, unused since at(0)).
      expect(await store.pruneSessions(at(5))).toBe(2);
      expect(await store.session('old')).toBeNull();
      expect(await store.session('token-ann')).toBeNull();
      expect((await store.session('used'))?.lastUsed).toBe(at(6));
      // A guest's token is the guest: never pruned as a session (idle guests go by pruneGuests).
      expect((await store.session('token-gus'))?.player.id).toBe('gus');
    });

    it('accounts: a name key is one player\'s alone; a deleted account frees it and leaves its games under another name', async () => {
      const { store } = await fresh();
      for (const id of ['ann', 'bob']) await addGuest(store, id);
      expect(await store.claimAccount('ann', 'Ann', 'ann', 'hash1', at(5))).toBe(true);
      expect(await store.accountByKey('ann')).toEqual({ playerId: 'ann', name: 'Ann', nameKey: 'ann', password: 'hash1' });
      expect(await store.accountOf('ann')).toEqual(await store.accountByKey('ann'));
      expect((await store.playerById('ann'))?.accountSince).toBe(at(5));
      // Taken: refused, nothing written.
      expect(await store.claimAccount('bob', 'ANN', 'ann', 'hash2', at(6))).toBe(false);
      expect(await store.playerById('bob')).toMatchObject({ name: 'bob', accountSince: null });
      expect(await store.accountOf('bob')).toBeNull();
      // An account claims no second name.
      expect(await store.claimAccount('ann', 'Other', 'other', 'hash3', at(7))).toBe(false);
      await store.setPassword('ann', 'hash4');
      await store.setPassword('bob', 'hash5'); // a guest has no password to change
      expect((await store.accountOf('ann'))?.password).toBe('hash4');
      expect(await store.accountOf('bob')).toBeNull();

      await store.saveTable(tableRow('T1', 'flip-7', ['ann', 'bob']));
      await store.addGame(gameRow('T1', 1));
      await store.addSession('phone', 'ann', at(8));
      await store.deleteAccount('ann', 'deleted player', at(9));
      expect(await store.accountByKey('ann')).toBeNull();
      expect(await store.playerByTokenHash('phone')).toBeNull();
      expect(await store.playerByTokenHash('token-ann')).toBeNull();
      expect((await store.game('T1', 1))?.seats.map((s) => s.name)).toEqual(['deleted player', 'bob']);
      expect(await store.claimAccount('bob', 'Ann', 'ann', 'hash6', at(10))).toBe(true);
    });

    it('avatars: an account\'s choice is read with its player and its sessions, cleared with null, and gone with the account', async () => {
      const { store } = await fresh();
      await addGuest(store, 'ann');
      expect(await store.claimAccount('ann', 'Ann', 'ann', 'hash1', at(5))).toBe(true);
      expect((await store.playerById('ann'))?.avatar ?? null).toBeNull();
      await store.setAvatar('ann', 'fox');
      expect((await store.playerById('ann'))?.avatar).toBe('fox');
      expect((await store.playerByTokenHash('token-ann'))?.avatar).toBe('fox');
      expect((await store.session('token-ann'))?.player.avatar).toBe('fox');
      await store.setAvatar('ann', null);
      expect((await store.playerById('ann'))?.avatar).toBeNull();
      await store.setAvatar('ann', 'owl');
      await store.deleteAccount('ann', 'deleted player', at(9));
      expect((await store.playerById('ann'))?.avatar).toBeNull();
    });

    it('bot accounts: the flag is read with its player and its sessions, turned off again, and gone with the account', async () => {
      const { store } = await fresh();
      await addGuest(store, 'ann');
      expect(await store.claimAccount('ann', 'Ann', 'ann', 'hash1', at(5))).toBe(true);
      expect((await store.playerById('ann'))?.bot).toBe(false);
      await store.setBot('ann', true);
      expect((await store.playerById('ann'))?.bot).toBe(true);
      expect((await store.playerByTokenHash('token-ann'))?.bot).toBe(true);
      expect((await store.session('token-ann'))?.player.bot).toBe(true);
      await store.setBot('ann', false);
      expect((await store.playerById('ann'))?.bot).toBe(false);
      expect((await store.session('token-ann'))?.player.bot).toBe(false);
      await store.setBot('ann', true);
      await store.deleteAccount('ann', 'deleted player', at(9));
      expect((await store.playerById('ann'))?.bot).toBe(false);
    });

    it('tables: saved and replaced; tables() gives the open and running ones in order of creation, table(id) any', async () => {
      const { store } = await fresh();
      await store.saveTable(tableRow('B', 'flip-7', ['ann'], { createdAt: at(2) }));
      await store.saveTable(tableRow('A', 'flip-7', ['ann'], { createdAt: at(1), status: 'running' }));
      await store.saveTable(tableRow('C', 'flip-7', ['ann'], { createdAt: at(3), status: 'finished' }));
      await store.saveTable(tableRow('D', 'stir-fry-eighteen', ['ann'], { createdAt: at(4), status: 'closed', options: { target: 50 } }));
      expect((await store.tables()).map((t) => t.id)).toEqual(['A', 'B']);
      expect(await store.table('D')).toEqual(tableRow('D', 'stir-fry-eighteen', ['ann'], { createdAt: at(4), status: 'closed', options: { target: 50 } }));
      expect(await store.table('C')).toMatchObject({ status: 'finished' });
      expect(await store.table('nope')).toBeNull();
      await store.saveTable(tableRow('B', 'flip-7', ['ann', 'bob'], { createdAt: at(2), status: 'closed' }));
      expect((await store.tables()).map((t) => t.id)).toEqual(['A']);
      expect((await store.table('B'))?.seats).toHaveLength(2);
    });

    it('games and actions: each seq is appended once (a duplicate resolves false and changes nothing), read back in order', async () => {
      const { store } = await fresh();
      await store.addGame(gameRow('T', 1));
      expect(await store.game('T', 1)).toEqual(gameRow('T', 1));
      expect(await store.game('T', 2)).toBeNull();
      expect(await store.appendAction('T', 1, { seq: 1, seat: 1, action: { type: 'stay' }, at: at(3), by: 'bot' })).toBe(true);
      expect(await store.appendAction('T', 1, { seq: 0, seat: 0, action: { type: 'hit' }, at: at(2) })).toBe(true);
      expect(await store.appendAction('T', 1, { seq: 1, seat: 0, action: { type: 'other' }, at: at(4), by: 'player' })).toBe(false);
      expect(await store.appendAction('T', 2, { seq: 1, seat: 0, action: { type: 'elsewhere' }, at: at(4) })).toBe(true);
      expect(await store.actions('T', 1)).toEqual([
        { seq: 0, seat: 0, action: { type: 'hit' }, at: at(2), by: null },
        { seq: 1, seat: 1, action: { type: 'stay' }, at: at(3), by: 'bot' },
      ]);
      // Two appends of one seq at once: exactly one is stored.
      const raced = await Promise.all([0, 1, 2, 3].map((seat) => store.appendAction('T', 1, { seq: 2, seat, action: { seat }, at: at(5) })));
      expect(raced.filter(Boolean)).toHaveLength(1);
      expect((await store.actions('T', 1)).at(-1)!.seat).toBe(raced.indexOf(true));
      // A game row that never began (left by a crash) is replaced by the next start.
      await store.addGame({ ...gameRow('T', 1), seed: 'another' });
      expect((await store.game('T', 1))?.seed).toBe('another');
    });

    it('a played game reads back as it was stored and replays to its result', async () => {
      const { store } = await fresh();
      await addGuest(store, 'ann');
      await addGuest(store, 'bob');
      for (const [i, game] of (['flip-7', 'stir-fry-eighteen'] as const).entries()) {
        const g = await playAndStore(store, { tableId: `T${i}`, gameNo: 1, game, seats: ['ann', 'bob', 'bot'], seed: `seed${i}`, finishedAt: at(10 + i) });
        expect((await store.actions(g.tableId, 1))).toHaveLength(g.actions);
        expect((await store.game(g.tableId, 1))?.result).toEqual(g.outcome);
        expect(await replayOutcome(store, game, g.tableId, 1)).toEqual(JSON.parse(JSON.stringify(g.outcome)));
      }
    });

    it('finishGame: the result, each player\'s part and the ratings all or nothing; a second finish changes nothing', async () => {
      const { store } = await fresh();
      for (const id of ['ann', 'bob']) await addGuest(store, id);
      await store.addGame(gameRow('T', 1));
      const good: GameRecords = {
        players: [partOf('ann', 'T', 1, at(9), 0), partOf('bob', 'T', 1, at(9), 1)],
        ratings: [{ playerId: 'ann', game: 'flip-7', mu: 27, sigma: 8, games: 1, wins: 1, updatedAt: at(9) },
          { playerId: 'bob', game: 'flip-7', mu: 23, sigma: 8, games: 1, wins: 0, updatedAt: at(9) }],
      };
      // A rating that cannot be written (no μ) fails the whole finish: nothing of it is stored.
      const broken = { ...good, ratings: [good.ratings[0]!, { ...good.ratings[1]!, mu: null as unknown as number }] };
      await expect(store.finishGame('T', 1, result, at(9), [{ x: 1 }, { x: 2 }], broken)).rejects.toThrow();
      expect((await store.game('T', 1))?.finishedAt).toBeNull();
      expect(await store.allPlayerGames('ann')).toEqual([]);
      expect(await store.ratingsOf('ann')).toEqual([]);

      await store.finishGame('T', 1, result, at(9), [{ x: 1 }, { x: 2 }], good);
      expect(await store.game('T', 1)).toEqual({ ...gameRow('T', 1), result, stats: [{ x: 1 }, { x: 2 }], finishedAt: at(9) });
      expect(await store.allPlayerGames('bob')).toEqual([good.players[1]]);
      expect(await store.ratingsOf('ann')).toEqual([good.ratings[0]]);
      // Retried (or raced) with something else: the first finish stands, no row doubles.
      await Promise.all([1, 2].map((n) => store.finishGame('T', 1, { ...result, scores: [n, n] }, at(20), null, {
        players: [partOf('ann', 'T', 1, at(20), 0, { score: n })], ratings: [{ ...good.ratings[0]!, mu: 99, updatedAt: at(20) }],
      })));
      expect((await store.game('T', 1))?.result).toEqual(result);
      expect(await store.allPlayerGames('ann')).toEqual([good.players[0]]);
      expect(await store.ratingsOf('ann')).toEqual([good.ratings[0]]);
      expect(await store.ratingHistory('ann', 'flip-7')).toEqual([{ tableId: 'T', gameNo: 1, mu: 27, sigma: 8, at: at(9) }]);
      // A game that is not there: nothing happens.
      await store.finishGame('T', 7, result, at(9), null, good);
      expect(await store.game('T', 7)).toBeNull();
    });

    it('ratings: the latest per game, the history in time order', async () => {
      const { store } = await fresh();
      await addGuest(store, 'ann');
      const rated = async (tableId: string, game: 'flip-7' | 'stir-fry-eighteen', mu: number, seconds: number) => {
        await store.addGame(gameRow(tableId, 1, ['ann']));
        await store.finishGame(tableId, 1, result, at(seconds), null, {
          players: [], ratings: [{ playerId: 'ann', game, mu, sigma: 8 - seconds / 10, games: seconds, wins: 0, updatedAt: at(seconds) }],
        });
      };
      await rated('T3', 'stir-fry-eighteen', 30, 3);
      await rated('T1', 'flip-7', 25, 1);
      await rated('T2', 'flip-7', 26.5, 2);
      expect((await store.ratingsOf('ann')).map((r) => [r.game, r.mu, r.games])).toEqual([['flip-7', 26.5, 2], ['stir-fry-eighteen', 30, 3]]);
      expect(await store.ratingHistory('ann', 'flip-7')).toEqual([
        { tableId: 'T1', gameNo: 1, mu: 25, sigma: 7.9, at: at(1) },
        { tableId: 'T2', gameNo: 1, mu: 26.5, sigma: 7.8, at: at(2) },
      ]);
      expect(await store.ratingHistory('bob', 'flip-7')).toEqual([]);
    });

    it('playerGames: newest first, a page at a time after a cursor (finishedAt|tableId|gameNo)', async () => {
      const { store } = await fresh();
      await addGuest(store, 'ann');
      // Two games finished at the same moment are ordered by table, then by game number.
      const finished = [[at(1), 'A', 1], [at(2), 'A', 2], [at(2), 'B', 1], [at(3), 'A', 10], [at(3), 'A', 9]] as const;
      for (const [when, tableId, gameNo] of finished) {
        await store.addGame(gameRow(tableId, gameNo, ['ann']));
        await store.finishGame(tableId, gameNo, result, when, null, { players: [partOf('ann', tableId, gameNo, when, 0)], ratings: [] });
      }
      const key = (g: { finishedAt: string; tableId: string; gameNo: number }) => `${g.finishedAt}|${g.tableId}|${String(g.gameNo).padStart(9, '0')}`;
      const pages: string[][] = [];
      let before: string | undefined;
      for (;;) {
        const page = await store.playerGames('ann', 2, before);
        if (page.length === 0) break;
        pages.push(page.map((g) => `${g.tableId}${g.gameNo}`));
        before = key(page.at(-1)!);
      }
      expect(pages).toEqual([['A10', 'A9'], ['B1', 'A2'], ['A1']]);
      expect((await store.allPlayerGames('ann')).map((g) => g.finishedAt)).toEqual([at(1), at(2), at(2), at(3), at(3)]);
      expect(await store.playerGames('bob', 10)).toEqual([]);
    });

    it('leaderboard: accounts only, by μ − 3σ best first (ties by player id), a page at an offset', async () => {
      const { store } = await fresh();
      const players = { a: [30, 5], b: [25, 1], c: [40, 10], d: [22, 0], e: [50, 1], g: [25, 1] } as const; // conservative 15, 22, 10, 22, 47, 22
      for (const id of Object.keys(players)) {
        await addGuest(store, id, id.toUpperCase());
        if (id !== 'e') await store.claimAccount(id, id.toUpperCase(), id, 'x', at(1)); // e stays a guest
      }
      await store.addGame(gameRow('T', 1, Object.keys(players)));
      await store.finishGame('T', 1, result, at(2), null, {
        players: [],
        ratings: [...Object.entries(players).map(([playerId, [mu, sigma]]) => ({ playerId, game: 'flip-7' as const, mu, sigma, games: 1, wins: 0, updatedAt: at(2) })),
          { playerId: 'a', game: 'stir-fry-eighteen', mu: 99, sigma: 1, games: 1, wins: 1, updatedAt: at(2) }],
      });
      const board = await store.leaderboard('flip-7', 10, 0);
      expect(board.map((r) => r.playerId)).toEqual(['b', 'd', 'g', 'a', 'c']);
      expect(board[0]).toEqual({ playerId: 'b', game: 'flip-7', mu: 25, sigma: 1, games: 1, wins: 0, updatedAt: at(2), name: 'B' });
      expect((await store.leaderboard('flip-7', 2, 2)).map((r) => r.playerId)).toEqual(['g', 'a']);
      expect((await store.leaderboard('stir-fry-eighteen', 10, 0)).map((r) => r.name)).toEqual(['A']);
    });

    it('pruneGuests: only guests unseen since the cutoff with no seat, open table or stored game go; accounts stay', async () => {
      const { store } = await fresh();
      for (const id of ['idle', 'seen', 'seated', 'creator', 'played', 'finished', 'closedOnly', 'account']) await addGuest(store, id);
      await store.touchPlayer('seen', at(100));
      await store.saveTable(tableRow('Open', 'flip-7', ['seated'], { creatorId: 'creator' }));
      await store.saveTable(tableRow('Shut', 'flip-7', ['closedOnly'], { status: 'closed', creatorId: 'closedOnly' }));
      await store.addGame(gameRow('Old', 1, ['played']));
      await store.saveTable(tableRow('Done', 'flip-7', ['finished'], { status: 'closed', creatorId: 'finished' }));
      await store.addGame(gameRow('Done', 1, ['finished']));
      await store.finishGame('Done', 1, { winners: [0] }, at(3), null, {
        players: [{ playerId: 'finished', tableId: 'Done', gameNo: 1, game: 'flip-7', finishedAt: at(3), seat: 0, players: 1, place: 1, won: true, score: 200, rated: false, private: false, stats: null }],
        ratings: [],
      });
      expect(await store.claimAccount('account', 'Account', 'account', 'scrypt$x', at(4))).toBe(true);
      expect(await store.pruneGuests(at(50))).toBe(2);
      expect(await store.playerById('idle')).toBeNull();
      expect(await store.playerById('closedOnly')).toBeNull();
      for (const id of ['seen', 'seated', 'creator', 'played', 'finished', 'account']) expect(await store.playerById(id), id).not.toBeNull();
      expect(await store.pruneGuests(at(50))).toBe(0);
    });

    describe('leases', () => {
      it('a lease is one owner\'s while live; its token grows with every taking; renew and release by owner and token', async () => {
        const { store } = await fresh();
        const a = (await store.acquireLease('T', 'A', 60_000))!;
        expect(a).toBeGreaterThan(0);
        expect(await store.acquireLease('T', 'B', 60_000)).toBeNull();
        expect(await store.leaseOf('T')).toMatchObject({ tableId: 'T', owner: 'A', token: a });
        expect((await store.leaseOf('T'))!.expiresAt).toBeGreaterThan(Date.now() + 30_000);
        expect(await store.leaseOf('other')).toBeNull();
        // The owner may take it again: a new token.
        const a2 = (await store.acquireLease('T', 'A', 60_000))!;
        expect(a2).toBeGreaterThan(a);
        expect(await store.renewLease('T', 'A', a, 60_000)).toBe(false); // the old token is spent
        expect(await store.renewLease('T', 'B', a2, 60_000)).toBe(false);
        expect(await store.renewLease('T', 'A', a2, 120_000)).toBe(true);
        await store.releaseLease('T', 'B', a2); // not B's: nothing happens
        expect(await store.acquireLease('T', 'B', 60_000)).toBeNull();
        await store.releaseLease('T', 'A', a2);
        const b = (await store.acquireLease('T', 'B', 60_000))!;
        expect(b).toBeGreaterThan(a2);
        expect(await store.leaseOf('T')).toMatchObject({ owner: 'B', token: b });
      });

      it('renewLeases renews many leases in one call, and gives back only those still the owner\'s', async () => {
        const { store } = await fresh();
        const ids = Array.from({ length: 1203 }, (_, i) => `T${i}`);
        const tokens = new Map<string, number>();
        for (const id of ids) tokens.set(id, (await store.acquireLease(id, 'A', 0))!); // all expired at once
        const stolen = (await store.acquireLease('T7', 'B', 60_000))!; // another owner took one
        const held = await store.renewLeases('A', [...ids, 'unknown'].map((tableId) => ({ tableId, token: tokens.get(tableId) ?? 1 })), 60_000);
        expect(new Set(held)).toEqual(new Set(ids.filter((id) => id !== 'T7')));
        expect((await store.leaseOf('T1202'))!.expiresAt).toBeGreaterThan(Date.now() + 30_000);
        expect(await store.leaseOf('T7')).toMatchObject({ owner: 'B', token: stolen });
        expect(await store.renewLeases('B', [{ tableId: 'T7', token: stolen - 1 }], 60_000)).toEqual([]); // a spent token
        expect(await store.renewLeases('A', [], 60_000)).toEqual([]);
      });

      it('an expired lease is taken by another owner; of owners racing for a free table, one wins', async () => {
        const { store } = await fresh();
        const a = (await store.acquireLease('T', 'A', 0))!; // expires at once
        const b = (await store.acquireLease('T', 'B', 60_000))!;
        expect(b).toBeGreaterThan(a);
        expect(await store.renewLease('T', 'A', a, 60_000)).toBe(false);
        const raced = await Promise.all(['P', 'Q', 'R', 'S'].map((owner) => store.acquireLease('U', owner, 60_000)));
        expect(raced.filter((t) => t !== null)).toHaveLength(1);
      });

      it('orphanTables: open and running tables with no live lease, oldest first', async () => {
        const { store } = await fresh();
        const tables = [['free', 'open'], ['held', 'running'], ['lapsed', 'running'], ['released', 'open'], ['done', 'finished'], ['shut', 'closed']] as const;
        for (const [i, [id, status]] of tables.entries()) await store.saveTable(tableRow(id, 'flip-7', ['ann'], { status, createdAt: at(i) }));
        await store.acquireLease('held', 'A', 60_000);
        await store.acquireLease('lapsed', 'A', 0);
        await store.releaseLease('released', 'A', (await store.acquireLease('released', 'A', 60_000))!);
        expect(await store.orphanTables(10)).toEqual(['free', 'lapsed', 'released']);
        expect(await store.orphanTables(1)).toEqual(['free']);
      });

      it('fenced writes: refused with LeaseLost once another owner took the table, and nothing of them is written', async () => {
        const { store } = await fresh();
        await addGuest(store, 'ann');
        await addGuest(store, 'bob');
        const t = tableRow('T', 'flip-7', ['ann', 'bob'], { status: 'running', gameNo: 1 });
        const a = (await store.acquireLease('T', 'A', 0))!;
        await store.saveTable(t, a);
        await store.addGame(gameRow('T', 1), a);
        expect(await store.appendAction('T', 1, { seq: 0, seat: 0, action: 'first', at: at(1) }, a)).toBe(true);
        // B takes the lapsed lease; everything A writes from now on is refused.
        const b = (await store.acquireLease('T', 'B', 60_000))!;
        await expect(store.saveTable({ ...t, status: 'closed' }, a)).rejects.toBeInstanceOf(LeaseLost);
        await expect(store.addGame(gameRow('T', 2), a)).rejects.toBeInstanceOf(LeaseLost);
        await expect(store.appendAction('T', 1, { seq: 1, seat: 1, action: 'late', at: at(2) }, a)).rejects.toBeInstanceOf(LeaseLost);
        await expect(store.finishGame('T', 1, result, at(3), null, { players: [partOf('ann', 'T', 1, at(3), 0)], ratings: [] }, a))
          .rejects.toBeInstanceOf(LeaseLost);
        expect((await store.table('T'))?.status).toBe('running');
        expect(await store.game('T', 2)).toBeNull();
        expect((await store.actions('T', 1)).map((x) => x.action)).toEqual(['first']);
        expect((await store.game('T', 1))?.finishedAt).toBeNull();
        expect(await store.allPlayerGames('ann')).toEqual([]);
        // B's writes go through; a fence for a table with no lease at all is refused too.
        expect(await store.appendAction('T', 1, { seq: 1, seat: 1, action: 'b', at: at(2) }, b)).toBe(true);
        // A seq already taken, behind a good fence: false, as unfenced (not a lost lease).
        expect(await store.appendAction('T', 1, { seq: 1, seat: 0, action: 'again', at: at(2) }, b)).toBe(false);
        await store.finishGame('T', 1, result, at(3), null, undefined, b);
        expect((await store.game('T', 1))?.finishedAt).toBe(at(3));
        await expect(store.saveTable(tableRow('Other', 'flip-7', ['ann']), 1)).rejects.toBeInstanceOf(LeaseLost);
        expect(await store.table('Other')).toBeNull();
      });
    });

    it('StoreUnavailable once closed, for reads and writes alike', async () => {
      const { store } = await fresh();
      await addGuest(store, 'ann');
      await store.close();
      await expect(store.playerById('ann')).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.appendAction('T', 1, { seq: 0, seat: 0, action: 'x', at: at(1) })).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.finishGame('T', 1, result, at(1), null)).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.acquireLease('T', 'A', 1000)).rejects.toBeInstanceOf(StoreUnavailable);
    });

    it('a whole store of games reads back the same (every method over populated data)', async () => {
      const { store } = await fresh();
      const games = await populate(store);
      for (const g of games) expect(await replayOutcome(store, g.game, g.tableId, g.gameNo)).toEqual(JSON.parse(JSON.stringify(g.outcome)));
      expect((await store.tables()).map((t) => t.id)).toEqual(['T4']);
      expect((await store.playerByTokenHash('token-ann-phone'))?.id).toBe('ann');
      expect((await store.leaderboard('flip-7', 10, 0)).map((r) => r.playerId)).toEqual(['ann', 'bob']);
      expect(await store.allPlayerGames('ann')).toHaveLength(4);
    });
  });
});

describe.skipIf(postgres.skip)('PostgreSQL only', () => {
  it('a database that cannot be reached: StoreUnavailable at open, and while the link is cut; the store works again once it is back', async () => {
    await expect(PostgresStore.open('postgres://postgres@127.0.0.1:1/test', { timeoutMs: 2000 })).rejects.toBeInstanceOf(StoreUnavailable);
    const db = await postgres.fresh();
    open.dbs.push(db);
    const link = new CuttableLink(db.db);
    await link.open();
    open.after.push(() => link.cut());
    const store = await PostgresStore.open(link.url, { max: 2, timeoutMs: 2000 });
    open.stores.push(store);
    await addGuest(store, 'ann');
    await link.cut();
    await expect(store.playerById('ann')).rejects.toBeInstanceOf(StoreUnavailable);
    await expect(store.appendAction('T', 1, { seq: 0, seat: 0, action: 'x', at: at(1) })).rejects.toBeInstanceOf(StoreUnavailable);
    await expect(store.addPlayer({ id: 'bob', name: 'Bob', tokenHash: 'b', createdAt: at(1) })).rejects.toBeInstanceOf(StoreUnavailable);
    await link.open(); // the same port again
    expect((await store.playerById('ann'))?.id).toBe('ann');
    expect(await store.appendAction('T', 1, { seq: 0, seat: 0, action: 'x', at: at(1) })).toBe(true);
    expect(await store.playerById('bob')).toBeNull(); // the refused write left nothing
  });

  it('leases expire by the database\'s clock, in milliseconds', async () => {
    const db = await postgres.fresh();
    open.dbs.push(db);
    const store = await db.open();
    open.stores.push(store);
    const [{ now }] = (await db.sql('SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now')) as [{ now: string }];
    await store.acquireLease('T', 'A', 5000);
    const lease = (await store.leaseOf('T'))!;
    expect(typeof lease.expiresAt).toBe('number');
    expect(lease.expiresAt - Number(now)).toBeGreaterThanOrEqual(5000);
    expect(lease.expiresAt - Number(now)).toBeLessThan(65_000);
  });

  it('openStore picks the store by PARLOR_DB; the server runs on PostgreSQL and a restart resumes from it', async () => {
    expect(isPostgresUrl('postgres://x@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://x@h/db')).toBe(true);
    expect(isPostgresUrl('data/parlor.db')).toBe(false);
    expect(describeDb('postgres://parlor:s3cret@db.example:5432/parlor')).toBe('postgres://parlor:***@db.example:5432/parlor');
    expect(describeDb('data/parlor.db')).toBe('data/parlor.db');
    const lite = await openStore(join(mkdtempSync(join(tmpdir(), 'parlor-open-')), 'p.db'));
    open.stores.push(lite);
    expect(lite).toBeInstanceOf(SqliteStore);

    const db = await postgres.fresh();
    open.dbs.push(db);
    expect(inSchema(TEST_POSTGRES, 'x')).toMatch(/options=/);
    const config = { ...configFromEnv({ PARLOR_DB: db.db, PARLOR_DB_POOL: '3' }), port: 0, host: '127.0.0.1', botDelayMs: [0, 0] as [number, number], logLevel: 'silent' };
    expect(config.dbPool).toBe(3);
    let server = await startServer(config, { logger: false });
    const ann = await TestClient.connect(server.url, 'Ann');
    const created = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (created.type !== 'table') throw new Error(`no table: ${JSON.stringify(created)}`);
    const tableId = created.table.id;
    expect((await ann.request({ type: 'table.bot.add', tableId, seat: 1, level: 'basic' })).type).toBe('ok');
    ann.close();
    await server.close();
    // Stored in PostgreSQL: the table, and Ann's session.
    expect(await db.sql('SELECT id, status FROM tables')).toEqual([{ id: tableId, status: 'open' }]);
    server = await startServer(config, { logger: false });
    open.after.push(() => server.close());
    const again = await TestClient.connect(server.url, 'Ann');
    open.after.push(async () => again.close());
    again.token = ann.token;
    await again.reconnect();
    expect(again.received.some((m) => m.type === 'welcome' && m.player.name === 'Ann')).toBe(true);
    expect(server.hub.tables.has(tableId)).toBe(true);
  });
});
