import { GAMES, isGameId } from '@parlor/rules';
import pg from 'pg';
import {
  type AccountRow, type ActionRow, type Fence, type GameRecords, type GameRow, LeaseLost, type LeaseRow, type PlayerGameRow, type PlayerRow,
  type RatingPoint, type RatingRow, type Store, StoreUnavailable, type TableRow,
} from './store.js';

/** Every text column compares and sorts byte by byte, as SQLite does (cursors, ties, ISO times). */
const T = 'TEXT COLLATE "C"';

/** The database's clock in milliseconds since 1970: leases expire by it, so that every process agrees. */
const NOW_MS = 'floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

/** Something that runs a query: the pool, or one connection inside a transaction. */
type Sql = Pick<pg.PoolClient, 'query'>;

/**
 * Forward-only migrations, numbered as SQLite's (sqlite.ts) and with the same effects, in
 * PostgreSQL's SQL. A database records the last one it ran (meta `schema`) and runs the rest in
 * order, each in a transaction, when it is opened.
 */
const MIGRATIONS: readonly { readonly version: number; up(db: Sql): Promise<void> }[] = [
  {
    version: 1,
    up: async (db) => {
      await db.query(`
        CREATE TABLE IF NOT EXISTS players (
          id ${T} PRIMARY KEY, name ${T} NOT NULL, token_hash ${T} NOT NULL UNIQUE, created_at ${T} NOT NULL);
        CREATE TABLE IF NOT EXISTS tables (
          id ${T} PRIMARY KEY, body ${T} NOT NULL, status ${T} NOT NULL, created_at ${T} NOT NULL);
        CREATE TABLE IF NOT EXISTS games (
          table_id ${T} NOT NULL, game_no INTEGER NOT NULL, body ${T} NOT NULL, finished_at ${T},
          PRIMARY KEY (table_id, game_no));
        CREATE TABLE IF NOT EXISTS actions (
          table_id ${T} NOT NULL, game_no INTEGER NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL,
          action ${T} NOT NULL, at ${T} NOT NULL,
          PRIMARY KEY (table_id, game_no, seq));
      `);
    },
  },
  {
    // A table's response-window length moves from the game's own name for it to `responseWindow`
    // (null for a game without windows).
    version: 2,
    up: async (db) => {
      const { rows } = await db.query<{ id: string; body: string }>('SELECT id, body FROM tables');
      for (const { id, body } of rows) {
        const row = JSON.parse(body) as Record<string, unknown>;
        const window = isGameId(row.game) ? GAMES[row.game].responseWindow : null;
        const { [window?.setting ?? '']: seconds, ...rest } = row;
        const responseWindow = window === null ? null : typeof seconds === 'number' ? seconds : window.seconds.default;
        await db.query('UPDATE tables SET body = $1 WHERE id = $2', [JSON.stringify({ ...rest, responseWindow }), id]);
      }
    },
  },
  {
    // Who made each move (for the game log's "bot for …"), and when a player was last seen (for
    // pruning idle guests).
    version: 3,
    up: async (db) => {
      await db.query(`
        ALTER TABLE actions ADD COLUMN "by" ${T};
        ALTER TABLE players ADD COLUMN last_seen ${T};
        UPDATE players SET last_seen = created_at;
        CREATE INDEX IF NOT EXISTS tables_status ON tables (status);
      `);
    },
  },
  {
    // Accounts and sessions (a player may be signed in on several devices), each player's part in
    // every finished game, and ratings. Every existing token becomes a session, and the finished
    // games already stored fill the players' histories.
    version: 4,
    up: async (db) => {
      await db.query(`
        CREATE TABLE sessions (token_hash ${T} PRIMARY KEY, player_id ${T} NOT NULL, created_at ${T} NOT NULL);
        CREATE INDEX sessions_player ON sessions (player_id);
        INSERT INTO sessions (token_hash, player_id, created_at) SELECT token_hash, id, created_at FROM players;
        ALTER TABLE players ADD COLUMN name_key ${T};
        ALTER TABLE players ADD COLUMN password ${T};
        ALTER TABLE players ADD COLUMN account_since ${T};
        ALTER TABLE players ADD COLUMN deleted_at ${T};
        CREATE UNIQUE INDEX players_name_key ON players (name_key);
        CREATE TABLE player_games (
          player_id ${T} NOT NULL, table_id ${T} NOT NULL, game_no INTEGER NOT NULL, game ${T} NOT NULL,
          finished_at ${T} NOT NULL, seat INTEGER NOT NULL, players INTEGER NOT NULL, place INTEGER NOT NULL,
          score DOUBLE PRECISION NOT NULL, won BOOLEAN NOT NULL, rated BOOLEAN NOT NULL, private BOOLEAN NOT NULL, stats ${T},
          PRIMARY KEY (player_id, table_id, game_no, seat));
        CREATE INDEX player_games_recent ON player_games (player_id, finished_at DESC, table_id DESC, game_no DESC);
        CREATE TABLE ratings (
          player_id ${T} NOT NULL, game ${T} NOT NULL, mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL,
          games INTEGER NOT NULL, wins INTEGER NOT NULL, updated_at ${T} NOT NULL, PRIMARY KEY (player_id, game));
        CREATE INDEX ratings_board ON ratings (game, (mu - 3 * sigma) DESC);
        CREATE TABLE rating_history (
          player_id ${T} NOT NULL, game ${T} NOT NULL, table_id ${T} NOT NULL, game_no INTEGER NOT NULL,
          mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL, at ${T} NOT NULL,
          PRIMARY KEY (player_id, game, table_id, game_no));
      `);
      const tables = new Map<string, { game: unknown; private: unknown }>();
      for (const r of (await db.query<{ id: string; body: string }>('SELECT id, body FROM tables')).rows) {
        const t = JSON.parse(r.body) as { game?: unknown; private?: unknown };
        tables.set(r.id, { game: t.game, private: t.private });
      }
      const { rows } = await db.query<{ body: string }>('SELECT body FROM games WHERE finished_at IS NOT NULL');
      for (const { body } of rows) {
        const g = JSON.parse(body) as GameRow & { result: { scores: number[]; places: number[]; winners: number[] } | null };
        const table = tables.get(g.tableId);
        if (g.result === null || g.finishedAt === null || typeof table?.game !== 'string') continue;
        for (const [i, seat] of g.seats.entries()) {
          if (seat.kind !== 'player' || seat.playerId === undefined) continue;
          await db.query(INSERT_PLAYER_GAME, [seat.playerId, g.tableId, g.gameNo, table.game, g.finishedAt, i, g.seats.length,
            g.result.places[i] ?? g.seats.length, g.result.scores[i] ?? 0, g.result.winners.includes(i), false, table.private === true,
            JSON.stringify(g.stats?.[i] ?? null)]);
        }
      }
    },
  },
  {
    // Tables' leases, for several processes sharing one database (a lone server never takes one).
    version: 5,
    up: async (db) => {
      await db.query(`
        CREATE TABLE table_leases (table_id ${T} PRIMARY KEY, owner ${T} NOT NULL, token BIGINT NOT NULL, expires_at BIGINT NOT NULL);
      `);
    },
  },
];
/** The schema this code writes; the same number as SQLite's SCHEMA_VERSION (a test checks). */
export const POSTGRES_SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Migrations of several processes starting at once on one database run one after the other. */
const MIGRATION_LOCK = 0x7061726c; // "parl"

export const INSERT_PLAYER_GAME = `INSERT INTO player_games
  (player_id, table_id, game_no, game, finished_at, seat, players, place, score, won, rated, private, stats)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING`;

type PlayerGameSql = { player_id: string; table_id: string; game_no: number; game: string; finished_at: string; seat: number; players: number;
  place: number; score: number; won: boolean; rated: boolean; private: boolean; stats: string | null };
const playerGame = (r: PlayerGameSql): PlayerGameRow => ({
  playerId: r.player_id, tableId: r.table_id, gameNo: r.game_no, game: r.game as PlayerGameRow['game'], finishedAt: r.finished_at, seat: r.seat,
  players: r.players, place: r.place, score: r.score, won: r.won, rated: r.rated, private: r.private,
  stats: r.stats === null ? null : JSON.parse(r.stats) as unknown,
});
type RatingSql = { player_id: string; game: string; mu: number; sigma: number; games: number; wins: number; updated_at: string };
const rating = (r: RatingSql): RatingRow => ({
  playerId: r.player_id, game: r.game as RatingRow['game'], mu: r.mu, sigma: r.sigma, games: r.games, wins: r.wins, updatedAt: r.updated_at,
});

/** PostgreSQL's error classes and codes that mean "the database cannot serve us now", not "this request is wrong". */
const UNAVAILABLE_STATES: readonly [RegExp, string][] = [
  [/^08/, 'connection failure'],
  [/^53100$/, 'disk full'],
  [/^53200$/, 'out of memory'],
  [/^53300$/, 'too many connections'],
  [/^53/, 'insufficient resources'],
  [/^57P0[1-5]$/, 'server shutting down or starting'],
  [/^57014$/, 'statement cancelled'],
  [/^58/, 'I/O error'],
  [/^XX/, 'internal error'],
  [/^25006$/, 'read-only'],
  [/^40001$/, 'serialization failure'],
  [/^40P01$/, 'deadlock'],
  [/^55P03$/, 'lock not available'],
  [/^3D000$/, 'no such database'],
  [/^28/, 'authentication failed'],
];
/** Node's errors of a connection that failed or broke. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH',
  'ECONNABORTED', 'ENOENT']);
/** pg's own messages when there is no connection to use. */
const CONNECTION_LOST = /connection terminated|timeout exceeded when trying to connect|cannot use a pool after calling end|not queryable|client was closed|connection ended|connection is closed/i;

/**
 * A failure of the database itself (unreachable, disk full, read-only, too many clients, shutting
 * down) as StoreUnavailable; anything else — a constraint violation, a bug — as it is.
 */
export function postgresError(e: unknown): unknown {
  if (e instanceof StoreUnavailable || e instanceof LeaseLost) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    const match = UNAVAILABLE_STATES.find(([re]) => re.test(code));
    if (match !== undefined) return new StoreUnavailable(`PostgreSQL ${code}: ${match[1]}`, { cause: e });
    if (NETWORK_CODES.has(code)) return new StoreUnavailable(`PostgreSQL unreachable: ${code}`, { cause: e });
  }
  if (e instanceof Error && CONNECTION_LOST.test(e.message)) return new StoreUnavailable(`PostgreSQL connection lost: ${e.message}`, { cause: e });
  return e;
}

/** pg reads BIGINT (int8) as a string, to lose no digit; Parlor's (tokens, milliseconds) are safe integers. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface PostgresOptions {
  /** Connections in the pool (PARLOR_DB_POOL); default 10. */
  readonly max?: number;
  /** How long to wait for a connection before the store is unavailable; default 10 s. */
  readonly connectionTimeoutMillis?: number;
}

/**
 * The store in a PostgreSQL database (PARLOR_DB=postgres://…), for a cluster of servers or a
 * database run apart from the server. Same rows, rules and migrations as SqliteStore; JSON bodies
 * are kept as text, exactly as written. Open it with `PostgresStore.open`, which runs the migrations.
 */
export class PostgresStore implements Store {
  private closed = false;
  /** Statements sent to PostgreSQL so far, each one round trip (BEGIN and COMMIT included): the load bench's figure. */
  roundTrips = 0;

  private constructor(private readonly pool: pg.Pool) {
    // Every statement, on the pool or in a transaction, goes through some connection's query():
    // counted there, on each connection as the pool opens it.
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => { this.roundTrips++; return query(...args); };
    });
  }

  /** Connects, runs the migrations this database has not had, and resolves to the store. */
  static async open(url: string, opts: PostgresOptions = {}): Promise<PostgresStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.max ?? 10,
      connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 10_000,
      application_name: 'parlor',
      types: TYPES,
    });
    // An idle connection that breaks (PostgreSQL restarted) is dropped by the pool; the next query
    // opens a new one. Without a listener the error would end the process.
    pool.on('error', () => {});
    const store = new PostgresStore(pool);
    try {
      await store.migrate();
    } catch (e) {
      await pool.end().catch(() => {});
      throw postgresError(e);
    }
    return store;
  }

  /** Runs the migrations this database has not run yet; refuses a database newer than this code. */
  private async migrate(): Promise<void> {
    const c = await this.pool.connect();
    const onError = () => {}; // a broken connection rejects the query under way; see tx()
    c.on('error', onError);
    try {
      await c.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await c.query(`CREATE TABLE IF NOT EXISTS meta (key ${T} PRIMARY KEY, value ${T} NOT NULL)`);
        const row = (await c.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', ['schema'])).rows[0];
        const at = row === undefined ? 0 : Number(row.value);
        if (!Number.isInteger(at) || at > POSTGRES_SCHEMA_VERSION) {
          throw new Error(`the database's schema is ${row?.value}, newer than this Parlor's (${POSTGRES_SCHEMA_VERSION}); see docs/operations.md (upgrading)`);
        }
        for (const m of MIGRATIONS) {
          if (m.version <= at) continue;
          await c.query('BEGIN');
          try {
            await m.up(c);
            await c.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', ['schema', String(m.version)]);
            await c.query('COMMIT');
          } catch (e) {
            await c.query('ROLLBACK').catch(() => {});
            throw e;
          }
        }
      } finally {
        await c.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      }
    } finally {
      c.off('error', onError);
      c.release();
    }
  }

  /** One statement on the pool; a failure of the database becomes StoreUnavailable. */
  private async q<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    if (this.closed) throw new StoreUnavailable('closed');
    try {
      return await this.pool.query<R>(sql, params);
    } catch (e) {
      throw postgresError(e);
    }
  }

  /** `fn` in one transaction on one connection: all of it is written, or none. */
  private async tx<X>(fn: (db: Sql) => Promise<X>): Promise<X> {
    if (this.closed) throw new StoreUnavailable('closed');
    let c: pg.PoolClient;
    try {
      c = await this.pool.connect();
    } catch (e) {
      throw postgresError(e);
    }
    let broken: Error | undefined;
    // A connection that breaks while checked out emits 'error' on its client (the pool listens only
    // to idle ones): without a listener that would end the process. The query under way rejects too.
    const onError = (e: Error) => { broken = e; };
    c.on('error', onError);
    try {
      await c.query('BEGIN');
      const out = await fn(c);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      try {
        await c.query('ROLLBACK');
      } catch (r) {
        broken = r instanceof Error ? r : new Error(String(r)); // the connection is gone: the pool drops it
      }
      throw postgresError(e);
    } finally {
      c.off('error', onError);
      c.release(broken);
    }
  }

  /**
   * A fenced write goes ahead only while the table's lease still has `fence` as its token. The
   * lease row stays locked (shared) until the write commits, so a takeover waits for it and then
   * sees it.
   */
  private async fenced(db: Sql, tableId: string, fence: Fence): Promise<void> {
    if (fence === undefined) return;
    const r = (await db.query<{ token: number }>('SELECT token FROM table_leases WHERE table_id = $1 FOR SHARE', [tableId])).rows[0];
    if (r?.token !== fence) throw new LeaseLost(tableId);
  }

  /** A write of one table's rows: in a transaction behind its fence, or a plain statement when unfenced. */
  private write<X>(tableId: string, fence: Fence, fn: (db: Sql) => Promise<X>): Promise<X> {
    if (fence === undefined) {
      if (this.closed) return Promise.reject(new StoreUnavailable('closed'));
      return fn(this.pool).catch((e: unknown) => { throw postgresError(e); });
    }
    return this.tx(async (db) => {
      await this.fenced(db, tableId, fence);
      return fn(db);
    });
  }

  async addPlayer(p: PlayerRow): Promise<void> {
    await this.tx(async (db) => {
      await db.query('INSERT INTO players (id, name, token_hash, created_at, last_seen) VALUES ($1, $2, $3, $4, $4)', [p.id, p.name, p.tokenHash, p.createdAt]);
      await db.query('INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)', [p.tokenHash, p.id, p.createdAt]);
    });
  }
  async addSession(tokenHash: string, playerId: string, at: string): Promise<void> {
    await this.q('INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)', [tokenHash, playerId, at]);
  }
  async deleteSession(tokenHash: string): Promise<void> {
    await this.q('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }
  async deleteSessions(playerId: string, keep = ''): Promise<void> {
    await this.q('DELETE FROM sessions WHERE player_id = $1 AND token_hash != $2', [playerId, keep]);
  }
  async accountByKey(nameKey: string): Promise<AccountRow | null> {
    return (await this.q<AccountRow>('SELECT id AS "playerId", name, name_key AS "nameKey", password FROM players WHERE name_key = $1', [nameKey])).rows[0] ?? null;
  }
  async accountOf(playerId: string): Promise<AccountRow | null> {
    return (await this.q<AccountRow>('SELECT id AS "playerId", name, name_key AS "nameKey", password FROM players WHERE id = $1 AND name_key IS NOT NULL',
      [playerId])).rows[0] ?? null;
  }
  async claimAccount(playerId: string, name: string, nameKey: string, password: string, at: string): Promise<boolean> {
    try {
      const r = await this.q('UPDATE players SET name = $1, name_key = $2, password = $3, account_since = $4 WHERE id = $5 AND name_key IS NULL',
        [name, nameKey, password, at, playerId]);
      return r.rowCount === 1;
    } catch (e) {
      if ((e as { code?: string }).code === '23505') return false; // unique_violation: the name key is taken
      throw e;
    }
  }
  async setPassword(playerId: string, password: string): Promise<void> {
    await this.q('UPDATE players SET password = $1 WHERE id = $2 AND name_key IS NOT NULL', [password, playerId]);
  }
  async deleteAccount(playerId: string, shownAs: string, at: string): Promise<void> {
    await this.tx(async (db) => {
      await db.query('UPDATE players SET name = $1, name_key = NULL, password = NULL, deleted_at = $2 WHERE id = $3', [shownAs, at, playerId]);
      await db.query('DELETE FROM sessions WHERE player_id = $1', [playerId]);
      const games = await db.query<{ table_id: string; game_no: number; body: string }>(`SELECT g.table_id, g.game_no, g.body FROM games g
        WHERE EXISTS (SELECT 1 FROM json_array_elements(g.body::json -> 'seats') s WHERE s ->> 'playerId' = $1) FOR UPDATE`, [playerId]);
      for (const r of games.rows) {
        const g = JSON.parse(r.body) as GameRow;
        const seats = g.seats.map((s) => (s.playerId === playerId ? { ...s, name: shownAs } : s));
        await db.query('UPDATE games SET body = $1 WHERE table_id = $2 AND game_no = $3', [JSON.stringify({ ...g, seats }), r.table_id, r.game_no]);
      }
    });
  }
  async ratingsOf(playerId: string): Promise<RatingRow[]> {
    return (await this.q<RatingSql>('SELECT * FROM ratings WHERE player_id = $1 ORDER BY game', [playerId])).rows.map(rating);
  }
  async ratingHistory(playerId: string, game: string): Promise<RatingPoint[]> {
    return (await this.q<RatingPoint>(`SELECT table_id AS "tableId", game_no AS "gameNo", mu, sigma, at FROM rating_history
      WHERE player_id = $1 AND game = $2 ORDER BY at, table_id, game_no`, [playerId, game])).rows;
  }
  async playerGames(playerId: string, limit: number, before = '\uffff'): Promise<PlayerGameRow[]> {
    // The cursor is finishedAt|tableId|gameNo with the number in 9 digits (as SQLite's printf('%09d')).
    return (await this.q<PlayerGameSql>(`SELECT * FROM player_games WHERE player_id = $1
        AND (finished_at || '|' || table_id || '|' || lpad(game_no::text, greatest(9, length(game_no::text)), '0')) < $2
        ORDER BY finished_at DESC, table_id DESC, game_no DESC LIMIT $3`, [playerId, before, limit])).rows.map(playerGame);
  }
  async allPlayerGames(playerId: string): Promise<PlayerGameRow[]> {
    return (await this.q<PlayerGameSql>('SELECT * FROM player_games WHERE player_id = $1 ORDER BY finished_at, table_id, game_no', [playerId])).rows.map(playerGame);
  }
  async leaderboard(game: string, limit: number, offset: number): Promise<(RatingRow & { name: string })[]> {
    return (await this.q<RatingSql & { name: string }>(`SELECT r.*, p.name FROM ratings r JOIN players p ON p.id = r.player_id
      WHERE r.game = $1 AND p.name_key IS NOT NULL ORDER BY r.mu - 3 * r.sigma DESC, r.player_id LIMIT $2 OFFSET $3`, [game, limit, offset]))
      .rows.map((r) => ({ ...rating(r), name: r.name }));
  }
  async playerByTokenHash(tokenHash: string): Promise<PlayerRow | null> {
    return (await this.q<PlayerRow>(`SELECT p.id, p.name, p.token_hash AS "tokenHash", p.created_at AS "createdAt", p.account_since AS "accountSince"
      FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = $1`, [tokenHash])).rows[0] ?? null;
  }
  async playerById(id: string): Promise<PlayerRow | null> {
    return (await this.q<PlayerRow>(`SELECT id, name, token_hash AS "tokenHash", created_at AS "createdAt", account_since AS "accountSince"
      FROM players WHERE id = $1`, [id])).rows[0] ?? null;
  }
  async renamePlayer(id: string, name: string): Promise<void> {
    await this.q('UPDATE players SET name = $1 WHERE id = $2', [name, id]);
  }
  async touchPlayer(id: string, at: string): Promise<void> {
    await this.q('UPDATE players SET last_seen = $1 WHERE id = $2', [at, id]);
  }
  async pruneGuests(before: string): Promise<number> {
    // As SQLite's: each "still in use" set gathered once; accounts are never pruned.
    const r = await this.q(`
      DELETE FROM players WHERE COALESCE(last_seen, created_at) < $1 AND account_since IS NULL
        AND NOT EXISTS (SELECT 1 FROM player_games pg WHERE pg.player_id = players.id)
        AND id NOT IN (SELECT t.body::json ->> 'creatorId' FROM tables t WHERE t.status != 'closed' AND t.body::json ->> 'creatorId' IS NOT NULL)
        AND id NOT IN (SELECT s ->> 'playerId' FROM tables t, json_array_elements(t.body::json -> 'seats') s
                       WHERE t.status != 'closed' AND s ->> 'playerId' IS NOT NULL)
        AND id NOT IN (SELECT s ->> 'playerId' FROM games g, json_array_elements(g.body::json -> 'seats') s
                       WHERE g.finished_at IS NULL AND s ->> 'playerId' IS NOT NULL)`, [before]);
    return r.rowCount ?? 0;
  }
  async saveTable(t: TableRow, fence?: Fence): Promise<void> {
    await this.write(t.id, fence, (db) => db.query(`INSERT INTO tables (id, body, status, created_at) VALUES ($1, $2, $3, $4)
      ON CONFLICT (id) DO UPDATE SET body = excluded.body, status = excluded.status`, [t.id, JSON.stringify(t), t.status, t.createdAt]));
  }
  async acquireLease(tableId: string, owner: string, ttlMs: number): Promise<number | null> {
    // The new expiry is now + ttl, so "expired" is expires_at <= (new expiry − ttl), all by the database's clock.
    const r = await this.q<{ token: number }>(`INSERT INTO table_leases (table_id, owner, token, expires_at) VALUES ($1, $2, 1, ${NOW_MS} + $3::bigint)
      ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, token = table_leases.token + 1, expires_at = excluded.expires_at
      WHERE table_leases.expires_at <= excluded.expires_at - $3::bigint OR table_leases.owner = excluded.owner RETURNING token`,
    [tableId, owner, Math.round(ttlMs)]);
    return r.rows[0]?.token ?? null;
  }
  async renewLease(tableId: string, owner: string, token: number, ttlMs: number): Promise<boolean> {
    const r = await this.q(`UPDATE table_leases SET expires_at = ${NOW_MS} + $4::bigint WHERE table_id = $1 AND owner = $2 AND token = $3`,
      [tableId, owner, token, Math.round(ttlMs)]);
    return r.rowCount === 1;
  }
  async renewLeases(owner: string, leases: readonly { readonly tableId: string; readonly token: number }[], ttlMs: number): Promise<string[]> {
    const held: string[] = [];
    for (let i = 0; i < leases.length; i += 1000) {
      const part = leases.slice(i, i + 1000);
      const r = await this.q<{ table_id: string }>(`UPDATE table_leases l SET expires_at = ${NOW_MS} + $2::bigint
        FROM unnest($3::text[], $4::bigint[]) AS x(table_id, token)
        WHERE l.table_id = x.table_id AND l.token = x.token AND l.owner = $1 RETURNING l.table_id`,
      [owner, Math.round(ttlMs), part.map((l) => l.tableId), part.map((l) => l.token)]);
      held.push(...r.rows.map((row) => row.table_id));
    }
    return held;
  }
  async releaseLease(tableId: string, owner: string, token: number): Promise<void> {
    await this.q('UPDATE table_leases SET expires_at = 0 WHERE table_id = $1 AND owner = $2 AND token = $3', [tableId, owner, token]);
  }
  async leaseOf(tableId: string): Promise<LeaseRow | null> {
    return (await this.q<LeaseRow>('SELECT table_id AS "tableId", owner, token, expires_at AS "expiresAt" FROM table_leases WHERE table_id = $1',
      [tableId])).rows[0] ?? null;
  }
  async orphanTables(limit: number): Promise<string[]> {
    return (await this.q<{ id: string }>(`SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
      WHERE t.status IN ('open', 'running') AND (l.table_id IS NULL OR l.expires_at <= ${NOW_MS}) ORDER BY t.created_at, t.id LIMIT $1`, [limit]))
      .rows.map((r) => r.id);
  }
  async tables(): Promise<TableRow[]> {
    return (await this.q<{ body: string }>("SELECT body FROM tables WHERE status IN ('open', 'running') ORDER BY created_at, id")).rows
      .map((r) => JSON.parse(r.body) as TableRow);
  }
  async table(id: string): Promise<TableRow | null> {
    const r = (await this.q<{ body: string }>('SELECT body FROM tables WHERE id = $1', [id])).rows[0];
    return r === undefined ? null : (JSON.parse(r.body) as TableRow);
  }
  async addGame(g: GameRow, fence?: Fence): Promise<void> {
    // A game row left by a crash between storing it and its table (the game never began) is replaced.
    await this.write(g.tableId, fence, (db) => db.query(`INSERT INTO games (table_id, game_no, body, finished_at) VALUES ($1, $2, $3, NULL)
      ON CONFLICT (table_id, game_no) DO UPDATE SET body = excluded.body, finished_at = NULL`, [g.tableId, g.gameNo, JSON.stringify(g)]));
  }
  async game(tableId: string, gameNo: number): Promise<GameRow | null> {
    const r = (await this.q<{ body: string }>('SELECT body FROM games WHERE table_id = $1 AND game_no = $2', [tableId, gameNo])).rows[0];
    return r === undefined ? null : (JSON.parse(r.body) as GameRow);
  }
  async appendAction(tableId: string, gameNo: number, a: ActionRow, fence?: Fence): Promise<boolean> {
    const values = [tableId, gameNo, a.seq, a.seat, JSON.stringify(a.action), a.at, a.by ?? null];
    if (fence === undefined) {
      const r = await this.q(`INSERT INTO actions (table_id, game_no, seq, seat, action, at, "by")
        VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (table_id, game_no, seq) DO NOTHING`, values);
      return r.rowCount === 1;
    }
    // The move, behind its fence, in one statement (one round trip: every move of a cluster takes
    // this path). The lease row is locked (shared) by the statement, so a takeover waits for it to
    // commit, and a takeover committed before it leaves no row to insert from.
    const r = await this.q(`WITH lease AS (SELECT 1 FROM table_leases WHERE table_id = $1 AND token = $8 FOR SHARE)
      INSERT INTO actions (table_id, game_no, seq, seat, action, at, "by")
      SELECT $1, $2, $3, $4, $5, $6, $7 FROM lease ON CONFLICT (table_id, game_no, seq) DO NOTHING`, [...values, fence]);
    if (r.rowCount === 1) return true;
    // Nothing inserted: another process holds the table now, or this seq is taken.
    const lease = (await this.q<{ token: number }>('SELECT token FROM table_leases WHERE table_id = $1', [tableId])).rows[0];
    if (lease === undefined || lease.token !== fence) throw new LeaseLost(tableId);
    return false;
  }
  async actions(tableId: string, gameNo: number): Promise<ActionRow[]> {
    const r = await this.q<{ seq: number; seat: number; action: string; at: string; by: string | null }>(
      'SELECT seq, seat, action, at, "by" FROM actions WHERE table_id = $1 AND game_no = $2 ORDER BY seq', [tableId, gameNo]);
    return r.rows.map((x) => ({ seq: x.seq, seat: x.seat, action: JSON.parse(x.action) as unknown, at: x.at, by: x.by as ActionRow['by'] }));
  }
  async finishGame(tableId: string, gameNo: number, result: unknown, finishedAt: string, stats: unknown[] | null, records?: GameRecords,
    fence?: Fence): Promise<void> {
    await this.tx(async (db) => {
      await this.fenced(db, tableId, fence);
      const r = (await db.query<{ body: string }>('SELECT body FROM games WHERE table_id = $1 AND game_no = $2 FOR UPDATE', [tableId, gameNo])).rows[0];
      if (r === undefined) return;
      const g = JSON.parse(r.body) as GameRow;
      if (g.finishedAt !== null) return; // recorded already (a retried finish)
      await db.query('UPDATE games SET body = $1, finished_at = $2 WHERE table_id = $3 AND game_no = $4',
        [JSON.stringify({ ...g, result, stats, finishedAt }), finishedAt, tableId, gameNo]);
      for (const p of records?.players ?? []) {
        await db.query(INSERT_PLAYER_GAME, [p.playerId, p.tableId, p.gameNo, p.game, p.finishedAt, p.seat, p.players, p.place, p.score,
          p.won, p.rated, p.private, JSON.stringify(p.stats ?? null)]);
      }
      for (const x of records?.ratings ?? []) {
        await db.query(`INSERT INTO ratings (player_id, game, mu, sigma, games, wins, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
          ON CONFLICT (player_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,
          updated_at = excluded.updated_at`, [x.playerId, x.game, x.mu, x.sigma, x.games, x.wins, x.updatedAt]);
        await db.query(`INSERT INTO rating_history (player_id, game, table_id, game_no, mu, sigma, at) VALUES ($1, $2, $3, $4, $5, $6, $7)
          ON CONFLICT DO NOTHING`, [x.playerId, x.game, tableId, gameNo, x.mu, x.sigma, x.updatedAt]);
      }
    });
  }
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}
