import type Database from 'better-sqlite3';
import { reputationMigration } from '../reputation-migration.js';
import { friendsMigration } from '../friends-migration.js';
import { moderationMigration } from '../moderation-migration.js';
import { withResponseWindow } from '../response-window-migration.js';

const SCHEMA_1 = `
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
 * Forward-only migrations, numbered from 1; a database records the last one it ran (meta
 * `schema`) and runs the rest in order, each in a transaction, when it is opened.
 */
const MIGRATIONS: readonly { readonly version: number; up(db: Database.Database): void }[] = [
  { version: 1, up: (db) => db.exec(SCHEMA_1) },
  {
    // A table's response-window length moves from the game's own name for it to `responseWindow`
    // (null for a game without windows).
    version: 2,
    up: (db) => {
      const update = db.prepare('UPDATE tables SET body = ? WHERE id = ?');
      for (const { id, body } of db.prepare('SELECT id, body FROM tables').all() as { id: string; body: string }[]) {
        update.run(JSON.stringify(withResponseWindow(JSON.parse(body) as Record<string, unknown>)), id);
      }
    },
  },
  {
    // Who made each move (for the game log's "bot for …"), and when a player was last seen (for
    // pruning idle guests).
    version: 3,
    up: (db) => db.exec(`
      ALTER TABLE actions ADD COLUMN by TEXT;
      ALTER TABLE players ADD COLUMN last_seen TEXT;
      UPDATE players SET last_seen = created_at;
      CREATE INDEX IF NOT EXISTS tables_status ON tables (status);
    `),
  },
  {
    // Accounts and sessions (a player may be signed in on several devices), each player's part in
    // every finished game, and ratings. Every existing token becomes a session, and the finished
    // games already stored fill the players' histories.
    version: 4,
    up: (db) => {
      db.exec(`
        CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, player_id TEXT NOT NULL, created_at TEXT NOT NULL);
        CREATE INDEX sessions_player ON sessions (player_id);
        INSERT INTO sessions (token_hash, player_id, created_at) SELECT token_hash, id, created_at FROM players;
        ALTER TABLE players ADD COLUMN name_key TEXT;
        ALTER TABLE players ADD COLUMN password TEXT;
        ALTER TABLE players ADD COLUMN account_since TEXT;
        ALTER TABLE players ADD COLUMN deleted_at TEXT;
        CREATE UNIQUE INDEX players_name_key ON players (name_key);
        CREATE TABLE player_games (
          player_id TEXT NOT NULL, table_id TEXT NOT NULL, game_no INTEGER NOT NULL, game TEXT NOT NULL,
          finished_at TEXT NOT NULL, seat INTEGER NOT NULL, players INTEGER NOT NULL, place INTEGER NOT NULL,
          score REAL NOT NULL, won INTEGER NOT NULL, rated INTEGER NOT NULL, private INTEGER NOT NULL, stats TEXT,
          PRIMARY KEY (player_id, table_id, game_no, seat));
        CREATE INDEX player_games_recent ON player_games (player_id, finished_at DESC, table_id DESC, game_no DESC);
        CREATE TABLE ratings (
          player_id TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL,
          wins INTEGER NOT NULL, updated_at TEXT NOT NULL, PRIMARY KEY (player_id, game));
        CREATE INDEX ratings_board ON ratings (game, mu - 3 * sigma DESC);
        CREATE TABLE rating_history (
          player_id TEXT NOT NULL, game TEXT NOT NULL, table_id TEXT NOT NULL, game_no INTEGER NOT NULL,
          mu REAL NOT NULL, sigma REAL NOT NULL, at TEXT NOT NULL, PRIMARY KEY (player_id, game, table_id, game_no));
      `);
      const privateTables = new Set((db.prepare("SELECT id FROM tables WHERE json_extract(body, '$.private') = 1").all() as { id: string }[]).map((r) => r.id));
      const insert = db.prepare(`INSERT OR IGNORE INTO player_games
        (player_id, table_id, game_no, game, finished_at, seat, players, place, score, won, rated, private, stats)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (const { body } of db.prepare('SELECT body FROM games WHERE finished_at IS NOT NULL').all() as { body: string }[]) {
        const g = JSON.parse(body) as StoredGame;
        const game = (db.prepare('SELECT json_extract(body, \'$.game\') AS game FROM tables WHERE id = ?').get(g.tableId) as { game: string } | undefined)?.game;
        if (g.result === null || g.finishedAt === null || game === undefined) continue;
        g.seats.forEach((seat, i) => {
          if (seat.kind !== 'player' || seat.playerId === undefined) return;
          insert.run(seat.playerId, g.tableId, g.gameNo, game, g.finishedAt, i, g.seats.length, g.result!.places[i] ?? g.seats.length,
            g.result!.scores[i] ?? 0, g.result!.winners.includes(i) ? 1 : 0, 0, privateTables.has(g.tableId) ? 1 : 0, JSON.stringify(g.stats?.[i] ?? null));
        });
      }
    },
  },
  {
    // Tables' leases, for several processes sharing one database (a lone server never takes one).
    version: 5,
    up: (db) => db.exec(`
      CREATE TABLE table_leases (table_id TEXT PRIMARY KEY, owner TEXT NOT NULL, token INTEGER NOT NULL, expires_at INTEGER NOT NULL);
    `),
  },
  {
    // When each session was last used, so that an account's session unused too long expires. A
    // session made before has its player's last hello as its last use (the closest that was kept).
    version: 6,
    up: (db) => db.exec(`
      ALTER TABLE sessions ADD COLUMN last_used TEXT;
      UPDATE sessions SET last_used = COALESCE((SELECT p.last_seen FROM players p WHERE p.id = sessions.player_id), created_at);
    `),
  },
  {
    // Accounts' name skeletons, the keys under which names are lookalikes (accounts/names.ts). They
    // are computed by the store when it opens (they depend on Unicode's confusables table, which a
    // migration must not read), not here.
    version: 7,
    up: (db) => db.exec(`
      CREATE TABLE name_skeletons (skeleton TEXT NOT NULL, player_id TEXT NOT NULL, PRIMARY KEY (skeleton, player_id));
      CREATE INDEX name_skeletons_player ON name_skeletons (player_id);
    `),
  },
  {
    // The avatar an account chose (one of the protocol's AVATARS); null: none, a pattern is shown.
    version: 8,
    up: (db) => db.exec(`
      ALTER TABLE players ADD COLUMN avatar TEXT;
    `),
  },
  {
    // Tournaments (tournament/director.ts): the director's state and the lists' summary, with a
    // version for compare-and-set writes; and the account setting that says it is a bot (1).
    version: 9,
    up: (db) => db.exec(`
      CREATE TABLE tournaments (id TEXT PRIMARY KEY, status TEXT NOT NULL, starts_at TEXT NOT NULL, private INTEGER NOT NULL,
        version INTEGER NOT NULL, summary TEXT NOT NULL, body TEXT NOT NULL);
      CREATE INDEX tournaments_status ON tournaments (status, starts_at, id);
      ALTER TABLE players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
    `),
  },
  {
    // Notifications (notify/, docs/notifications.md): an account's address (one confirmed address
    // belongs to one account), language and channel per kind; devices' push subscriptions;
    // one-time tokens (an address's confirmation, a password reset; SHA-256 only); the last move
    // mailed per player and table; notices waiting for a daily digest; the server's VAPID keys.
    version: 10,
    up: (db) => db.exec(`
      CREATE TABLE notify_accounts (player_id TEXT PRIMARY KEY, email TEXT, email_confirmed INTEGER NOT NULL DEFAULT 0,
        language TEXT NOT NULL, kinds TEXT NOT NULL, digest INTEGER NOT NULL DEFAULT 0);
      CREATE UNIQUE INDEX notify_accounts_email ON notify_accounts (email) WHERE email_confirmed = 1;
      CREATE TABLE push_subscriptions (endpoint TEXT PRIMARY KEY, player_id TEXT NOT NULL, p256dh TEXT NOT NULL, auth TEXT NOT NULL, created_at TEXT NOT NULL);
      CREATE INDEX push_subscriptions_player ON push_subscriptions (player_id);
      CREATE TABLE notify_tokens (token_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, player_id TEXT NOT NULL, detail TEXT NOT NULL, expires_at INTEGER NOT NULL);
      CREATE INDEX notify_tokens_player ON notify_tokens (player_id);
      CREATE TABLE mail_marks (player_id TEXT NOT NULL, table_id TEXT NOT NULL, move_key TEXT NOT NULL, PRIMARY KEY (player_id, table_id));
      CREATE TABLE digest_items (id TEXT PRIMARY KEY, player_id TEXT NOT NULL, at INTEGER NOT NULL, notice TEXT NOT NULL);
      CREATE INDEX digest_items_player ON digest_items (player_id, at);
      CREATE TABLE notify_keys (name TEXT PRIMARY KEY, body TEXT NOT NULL);
    `),
  },
  {
    // A tournament's entrants and games in rows of their own (tournament-host/stored.ts), so a
    // write carries only what changed; a state written before stays whole in its body until its
    // next write.
    version: 11,
    up: (db) => db.exec(`
      CREATE TABLE tournament_parts (tournament_id TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL,
        PRIMARY KEY (tournament_id, kind, key));
    `),
  },
  {
    // A waiting table's next due moment (ms), so that a turn-based table can leave memory and be
    // woken when its clock is due (Store.setTableDue, dueTables).
    version: 12,
    up: (db) => db.exec(`
      ALTER TABLE tables ADD COLUMN due_at INTEGER;
      CREATE INDEX tables_due ON tables (due_at) WHERE due_at IS NOT NULL;
    `),
  },
  {
    // Running turn-based tables listed for their players without loading them (store/turns.ts):
    // each one's summary as a spectator sees it, and its seats by player, with whether the game
    // waits for each.
    version: 13,
    up: (db) => db.exec(`
      CREATE TABLE turn_tables (table_id TEXT PRIMARY KEY, body TEXT NOT NULL);
      CREATE TABLE turn_seats (player_id TEXT NOT NULL, table_id TEXT NOT NULL, seat INTEGER NOT NULL, to_move INTEGER NOT NULL,
        PRIMARY KEY (player_id, table_id, seat));
      CREATE INDEX turn_seats_table ON turn_seats (table_id);
    `),
  },
  {
    // Accounts' days off (store/vacations.ts): each period from and to (ms), which stop the
    // player's clocks at the turn-based tables that allow it.
    version: 14,
    up: (db) => db.exec(`
      CREATE TABLE vacations (player_id TEXT NOT NULL, starts_at INTEGER NOT NULL, ends_at INTEGER NOT NULL, PRIMARY KEY (player_id, starts_at));
    `),
  },
  {
    // Each session's rough device (browser and system, from its User-Agent) and rough place (its
    // address cut to a network), for the account's list of signed-in devices (api/sessions-api.ts).
    version: 15,
    up: (db) => db.exec(`
      ALTER TABLE sessions ADD COLUMN device TEXT;
      ALTER TABLE sessions ADD COLUMN place TEXT;
    `),
  },
  // Whether each player left each game, and how many people played it (reputation-migration.ts).
  { version: 16, up: (db) => { for (const sql of reputationMigration('INTEGER')) db.exec(sql); } },
  // Friends, requests, blocks and chat mutes (friends-migration.ts).
  { version: 17, up: (db) => { for (const sql of friendsMigration('TEXT')) db.exec(sql); } },
  // Chat lines, reports, moderators and their actions (moderation-migration.ts).
  { version: 18, up: (db) => { for (const sql of moderationMigration('TEXT')) db.exec(sql); } },
];
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Runs the migrations this database has not run yet; refuses a database newer than this code. */
export function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get('schema') as { value: string } | undefined;
  const at = row === undefined ? 0 : Number(row.value);
  if (!Number.isInteger(at) || at > SCHEMA_VERSION) {
    throw new Error(`the database's schema is ${row?.value}, newer than this Parlor's (${SCHEMA_VERSION}); see docs/operations.md (upgrading)`);
  }
  for (const m of MIGRATIONS) {
    if (m.version <= at) continue;
    db.transaction(() => {
      m.up(db);
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run('schema', String(m.version));
    })();
  }
}
