import type pg from 'pg';
import { withResponseWindow } from '../response-window-migration.js';
import { DEVICES_MIGRATION } from './devices-migration.js';
import { TURNS_MIGRATION } from './turns-migration.js';
import { reputationMigration } from '../reputation-migration.js';
import { friendsMigration } from '../friends-migration.js';
import { moderationMigration } from '../moderation-migration.js';

/** What a migration runs its statements on: the one connection migrating. */
type Sql = Pick<pg.PoolClient, 'query'>;
/** Every text column compares and sorts byte by byte, as SQLite does (cursors, ties, ISO times). */
const T = 'TEXT COLLATE "C"';

/** A finished game's body as migration 4 reads it. */
interface StoredGame {
  readonly tableId: string;
  readonly gameNo: number;
  readonly seats: readonly { readonly kind: string; readonly playerId?: string }[];
  readonly finishedAt: string | null;
  readonly result: { scores: number[]; places: number[]; winners: number[] } | null;
  readonly stats?: unknown[] | null;
}

/**
 * Forward-only migrations, numbered as SQLite's (sqlite/migrations.ts) and with the same effects, in
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
        await db.query('UPDATE tables SET body = $1 WHERE id = $2', [JSON.stringify(withResponseWindow(JSON.parse(body) as Record<string, unknown>)), id]);
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
        const g = JSON.parse(body) as StoredGame;
        const table = tables.get(g.tableId);
        if (g.result === null || g.finishedAt === null || typeof table?.game !== 'string') continue;
        for (const [i, seat] of g.seats.entries()) {
          if (seat.kind !== 'player' || seat.playerId === undefined) continue;
          await db.query(`INSERT INTO player_games
            (player_id, table_id, game_no, game, finished_at, seat, players, place, score, won, rated, private, stats)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING`,
          [seat.playerId, g.tableId, g.gameNo, table.game, g.finishedAt, i, g.seats.length,
            g.result.places[i] ?? g.seats.length, g.result.scores[i] ?? 0, g.result.winners.includes(i), false, table.private === true,
            JSON.stringify(g.stats?.[i] ?? null)]);
        }
      }
    },
  },
  {
    // Tables' leases, for several processes sharing one database (a lone server never takes one).
    version: 5,
    up: async (db) => { await db.query(`CREATE TABLE table_leases (table_id ${T} PRIMARY KEY, owner ${T} NOT NULL, token BIGINT NOT NULL, expires_at BIGINT NOT NULL)`); },
  },
  {
    // When each session was last used, so that an account's session unused too long expires. A
    // session made before has its player's last hello as its last use (the closest that was kept).
    version: 6,
    up: async (db) => {
      await db.query(`
        ALTER TABLE sessions ADD COLUMN last_used ${T};
        UPDATE sessions SET last_used = COALESCE((SELECT p.last_seen FROM players p WHERE p.id = sessions.player_id), created_at);
      `);
    },
  },
  {
    // Accounts' name skeletons, the keys under which names are lookalikes (accounts/names.ts). They
    // are computed by the store when it opens (they depend on Unicode's confusables table, which a
    // migration must not read), not here.
    version: 7,
    up: async (db) => {
      await db.query(`
        CREATE TABLE name_skeletons (skeleton ${T} NOT NULL, player_id ${T} NOT NULL, PRIMARY KEY (skeleton, player_id));
        CREATE INDEX name_skeletons_player ON name_skeletons (player_id);
      `);
    },
  },
  {
    // The avatar an account chose (one of the protocol's AVATARS); null: none, a pattern is shown.
    version: 8,
    up: async (db) => {
      await db.query(`
        ALTER TABLE players ADD COLUMN avatar ${T};
      `);
    },
  },
  {
    // Tournaments (tournament/director.ts): the director's state and the lists' summary, with a
    // version for compare-and-set writes; and the account setting that says it is a bot (1).
    version: 9,
    up: async (db) => {
      await db.query(`
        CREATE TABLE tournaments (id ${T} PRIMARY KEY, status ${T} NOT NULL, starts_at ${T} NOT NULL, private BOOLEAN NOT NULL,
          version INTEGER NOT NULL, summary ${T} NOT NULL, body ${T} NOT NULL);
        CREATE INDEX tournaments_status ON tournaments (status, starts_at, id);
        ALTER TABLE players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
      `);
    },
  },
  {
    // Notifications (notify/, docs/notifications.md): as SQLite's migration 10.
    version: 10,
    up: async (db) => {
      await db.query(`
        CREATE TABLE notify_accounts (player_id ${T} PRIMARY KEY, email ${T}, email_confirmed INTEGER NOT NULL DEFAULT 0,
          language ${T} NOT NULL, kinds ${T} NOT NULL, digest INTEGER NOT NULL DEFAULT 0);
        CREATE UNIQUE INDEX notify_accounts_email ON notify_accounts (email) WHERE email_confirmed = 1;
        CREATE TABLE push_subscriptions (endpoint ${T} PRIMARY KEY, player_id ${T} NOT NULL, p256dh ${T} NOT NULL, auth ${T} NOT NULL, created_at ${T} NOT NULL);
        CREATE INDEX push_subscriptions_player ON push_subscriptions (player_id);
        CREATE TABLE notify_tokens (token_hash ${T} PRIMARY KEY, purpose ${T} NOT NULL, player_id ${T} NOT NULL, detail ${T} NOT NULL, expires_at BIGINT NOT NULL);
        CREATE INDEX notify_tokens_player ON notify_tokens (player_id);
        CREATE TABLE mail_marks (player_id ${T} NOT NULL, table_id ${T} NOT NULL, move_key ${T} NOT NULL, PRIMARY KEY (player_id, table_id));
        CREATE TABLE digest_items (id ${T} PRIMARY KEY, player_id ${T} NOT NULL, at BIGINT NOT NULL, notice ${T} NOT NULL);
        CREATE INDEX digest_items_player ON digest_items (player_id, at);
        CREATE TABLE notify_keys (name ${T} PRIMARY KEY, body ${T} NOT NULL);
      `);
    },
  },
  // A tournament's entrants and games in rows of their own: as SQLite's migration 11.
  {
    version: 11,
    up: async (db) => { await db.query(`CREATE TABLE tournament_parts (tournament_id ${T} NOT NULL, kind ${T} NOT NULL, key ${T} NOT NULL,
      seq INTEGER NOT NULL, body ${T} NOT NULL, PRIMARY KEY (tournament_id, kind, key))`); },
  },
  // A waiting table's next due moment: as SQLite's migration 12.
  {
    version: 12,
    up: async (db) => { await db.query('ALTER TABLE tables ADD COLUMN due_at BIGINT; CREATE INDEX tables_due ON tables (due_at) WHERE due_at IS NOT NULL'); },
  },
  TURNS_MIGRATION, // 13: running turn-based tables' summaries and seats (turns-migration.ts)
  { version: 14, up: async (db) => { await db.query(`CREATE TABLE vacations (player_id ${T} NOT NULL, starts_at BIGINT NOT NULL, ends_at BIGINT NOT NULL, PRIMARY KEY (player_id, starts_at))`); } }, // 14: days off
  DEVICES_MIGRATION, // 15: sessions' rough device and place (devices-migration.ts)
  { version: 16, up: async (db) => { for (const sql of reputationMigration('BOOLEAN')) await db.query(sql); } }, // as SQLite's 16
  { version: 17, up: async (db) => { for (const sql of friendsMigration(T)) await db.query(sql); } }, // as SQLite's 17
  { version: 18, up: async (db) => { for (const sql of moderationMigration(T)) await db.query(sql); } }, // as SQLite's 18
];
/** The schema this code writes; the same number as SQLite's SCHEMA_VERSION (a test checks). */
export const POSTGRES_SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Migrations of several processes starting at once on one database run one after the other. */
const MIGRATION_LOCK = 0x7061726c; // "parl"

/** Runs the migrations this database has not run yet; refuses a database newer than this code. */
export async function migrate(pool: pg.Pool): Promise<void> {
  const c = await pool.connect();
  const onError = () => {}; // a broken connection rejects the query under way
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
