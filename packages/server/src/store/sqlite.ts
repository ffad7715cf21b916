import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { GAMES, isGameId } from '@parlor/rules';
import Database from 'better-sqlite3';
import {
  type AccountRow, type ActionRow, type Fence, type GameRecords, type GameRow, LeaseLost, type LeaseRow, type PlayerGameRow, type PlayerRow,
  type RatingPoint, type RatingRow, type Store, StoreUnavailable, type TableRow,
} from './store.js';

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
        const row = JSON.parse(body) as Record<string, unknown>;
        const window = isGameId(row.game) ? GAMES[row.game].responseWindow : null;
        const { [window?.setting ?? '']: seconds, ...rest } = row;
        const responseWindow = window === null ? null : typeof seconds === 'number' ? seconds : window.seconds.default;
        update.run(JSON.stringify({ ...rest, responseWindow }), id);
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
      const insert = db.prepare(INSERT_PLAYER_GAME);
      for (const { body } of db.prepare('SELECT body FROM games WHERE finished_at IS NOT NULL').all() as { body: string }[]) {
        const g = JSON.parse(body) as GameRow & { result: { scores: number[]; places: number[]; winners: number[] } | null };
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
];
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

const INSERT_PLAYER_GAME = `INSERT OR IGNORE INTO player_games
  (player_id, table_id, game_no, game, finished_at, seat, players, place, score, won, rated, private, stats)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

type PlayerGameSql = { player_id: string; table_id: string; game_no: number; game: string; finished_at: string; seat: number; players: number;
  place: number; score: number; won: number; rated: number; private: number; stats: string | null };
const playerGame = (r: PlayerGameSql): PlayerGameRow => ({
  playerId: r.player_id, tableId: r.table_id, gameNo: r.game_no, game: r.game as PlayerGameRow['game'], finishedAt: r.finished_at, seat: r.seat,
  players: r.players, place: r.place, score: r.score, won: r.won === 1, rated: r.rated === 1, private: r.private === 1,
  stats: r.stats === null ? null : JSON.parse(r.stats) as unknown,
});
type RatingSql = { player_id: string; game: string; mu: number; sigma: number; games: number; wins: number; updated_at: string };
const rating = (r: RatingSql): RatingRow => ({
  playerId: r.player_id, game: r.game as RatingRow['game'], mu: r.mu, sigma: r.sigma, games: r.games, wins: r.wins, updatedAt: r.updated_at,
});

/** A failure of the database itself (full disk, I/O error, locked, closed) as StoreUnavailable; anything else as it is. */
function storeError(e: unknown): unknown {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('SQLITE_') && !code.startsWith('SQLITE_CONSTRAINT')) return new StoreUnavailable(code, { cause: e });
  if (e instanceof TypeError && /database connection is not open/i.test(e.message)) return new StoreUnavailable('closed', { cause: e });
  return e;
}

/**
 * The default store: one SQLite file (WAL mode), created on first start. Writes are synchronous and
 * durable on return (WAL with synchronous=NORMAL survives a process crash; FULL also survives power
 * loss: set PARLOR_DB_SYNC=full).
 */
export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly stmts;

  constructor(path: string, opts: { synchronous?: 'normal' | 'full' } = {}) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${opts.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    this.db.pragma('foreign_keys = ON');
    this.migrate();
    this.stmts = {
      addPlayer: this.db.prepare('INSERT INTO players (id, name, token_hash, created_at, last_seen) VALUES (?, ?, ?, ?, ?)'),
      byToken: this.db.prepare(`SELECT p.id, p.name, p.token_hash AS tokenHash, p.created_at AS createdAt, p.account_since AS accountSince
        FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = ?`),
      byId: this.db.prepare('SELECT id, name, token_hash AS tokenHash, created_at AS createdAt, account_since AS accountSince FROM players WHERE id = ?'),
      addSession: this.db.prepare('INSERT INTO sessions (token_hash, player_id, created_at) VALUES (?, ?, ?)'),
      deleteSession: this.db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
      deleteSessions: this.db.prepare('DELETE FROM sessions WHERE player_id = ? AND token_hash != ?'),
      accountByKey: this.db.prepare('SELECT id AS playerId, name, name_key AS nameKey, password FROM players WHERE name_key = ?'),
      accountOf: this.db.prepare('SELECT id AS playerId, name, name_key AS nameKey, password FROM players WHERE id = ? AND name_key IS NOT NULL'),
      claim: this.db.prepare('UPDATE players SET name = ?, name_key = ?, password = ?, account_since = ? WHERE id = ? AND name_key IS NULL'),
      setPassword: this.db.prepare('UPDATE players SET password = ? WHERE id = ? AND name_key IS NOT NULL'),
      deleteAccount: this.db.prepare('UPDATE players SET name = ?, name_key = NULL, password = NULL, deleted_at = ? WHERE id = ?'),
      gamesOf: this.db.prepare("SELECT g.table_id, g.game_no, g.body FROM games g, json_each(g.body, '$.seats') s WHERE json_extract(s.value, '$.playerId') = ?"),
      saveGameBody: this.db.prepare('UPDATE games SET body = ? WHERE table_id = ? AND game_no = ?'),
      ratingsOf: this.db.prepare('SELECT * FROM ratings WHERE player_id = ? ORDER BY game'),
      ratingHistory: this.db.prepare('SELECT table_id AS tableId, game_no AS gameNo, mu, sigma, at FROM rating_history WHERE player_id = ? AND game = ? ORDER BY at, table_id, game_no'),
      saveRating: this.db.prepare(`INSERT INTO ratings (player_id, game, mu, sigma, games, wins, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (player_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, updated_at = excluded.updated_at`),
      addRatingPoint: this.db.prepare('INSERT OR IGNORE INTO rating_history (player_id, game, table_id, game_no, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      addPlayerGame: this.db.prepare(INSERT_PLAYER_GAME),
      playerGames: this.db.prepare(`SELECT * FROM player_games WHERE player_id = ? AND (finished_at || '|' || table_id || '|' || printf('%09d', game_no)) < ?
        ORDER BY finished_at DESC, table_id DESC, game_no DESC LIMIT ?`),
      allPlayerGames: this.db.prepare('SELECT * FROM player_games WHERE player_id = ? ORDER BY finished_at'),
      leaderboard: this.db.prepare(`SELECT r.*, p.name FROM ratings r JOIN players p ON p.id = r.player_id
        WHERE r.game = ? AND p.name_key IS NOT NULL ORDER BY r.mu - 3 * r.sigma DESC, r.player_id LIMIT ? OFFSET ?`),
      finishedAt: this.db.prepare('SELECT finished_at FROM games WHERE table_id = ? AND game_no = ?'),
      rename: this.db.prepare('UPDATE players SET name = ? WHERE id = ?'),
      saveTable: this.db.prepare('INSERT INTO tables (id, body, status, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body, status = excluded.status'),
      tables: this.db.prepare("SELECT body FROM tables WHERE status IN ('open', 'running') ORDER BY created_at"),
      leaseToken: this.db.prepare('SELECT token FROM table_leases WHERE table_id = ?'),
      lease: this.db.prepare('SELECT table_id AS tableId, owner, token, expires_at AS expiresAt FROM table_leases WHERE table_id = ?'),
      takeLease: this.db.prepare(`INSERT INTO table_leases (table_id, owner, token, expires_at) VALUES (?, ?, 1, ?)
        ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, token = table_leases.token + 1, expires_at = excluded.expires_at
        WHERE table_leases.expires_at <= ? OR table_leases.owner = excluded.owner RETURNING token`),
      renewLease: this.db.prepare('UPDATE table_leases SET expires_at = ? WHERE table_id = ? AND owner = ? AND token = ?'),
      releaseLease: this.db.prepare('UPDATE table_leases SET expires_at = 0 WHERE table_id = ? AND owner = ? AND token = ?'),
      orphans: this.db.prepare(`SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
        WHERE t.status IN ('open', 'running') AND (l.table_id IS NULL OR l.expires_at <= ?) ORDER BY t.created_at LIMIT ?`),
      table: this.db.prepare('SELECT body FROM tables WHERE id = ?'),
      touch: this.db.prepare('UPDATE players SET last_seen = ? WHERE id = ?'),
      // Each "still in use" set is gathered once (not per player): finished games through
      // player_games, unfinished ones and unclosed tables from their bodies. Accounts are never pruned.
      prune: this.db.prepare(`
        DELETE FROM players WHERE COALESCE(last_seen, created_at) < ? AND account_since IS NULL
          AND NOT EXISTS (SELECT 1 FROM player_games pg WHERE pg.player_id = players.id)
          AND id NOT IN (SELECT json_extract(t.body, '$.creatorId') FROM tables t WHERE t.status != 'closed' AND json_extract(t.body, '$.creatorId') IS NOT NULL)
          AND id NOT IN (SELECT json_extract(s.value, '$.playerId') FROM tables t, json_each(t.body, '$.seats') s
                         WHERE t.status != 'closed' AND json_extract(s.value, '$.playerId') IS NOT NULL)
          AND id NOT IN (SELECT json_extract(s.value, '$.playerId') FROM games g, json_each(g.body, '$.seats') s
                         WHERE g.finished_at IS NULL AND json_extract(s.value, '$.playerId') IS NOT NULL)`),
      // A game row left by a crash between storing it and its table (the game never began) is replaced.
      addGame: this.db.prepare('INSERT OR REPLACE INTO games (table_id, game_no, body, finished_at) VALUES (?, ?, ?, NULL)'),
      game: this.db.prepare('SELECT body FROM games WHERE table_id = ? AND game_no = ?'),
      finish: this.db.prepare('UPDATE games SET body = ?, finished_at = ? WHERE table_id = ? AND game_no = ?'),
      append: this.db.prepare('INSERT OR IGNORE INTO actions (table_id, game_no, seq, seat, action, at, by) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      actions: this.db.prepare('SELECT seq, seat, action, at, by FROM actions WHERE table_id = ? AND game_no = ? ORDER BY seq'),
    };
  }

  /** Runs the migrations this database has not run yet; refuses a database newer than this code. */
  private migrate(): void {
    this.db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get('schema') as { value: string } | undefined;
    const at = row === undefined ? 0 : Number(row.value);
    if (!Number.isInteger(at) || at > SCHEMA_VERSION) {
      throw new Error(`the database's schema is ${row?.value}, newer than this Parlor's (${SCHEMA_VERSION}); see docs/operations.md (upgrading)`);
    }
    for (const m of MIGRATIONS) {
      if (m.version <= at) continue;
      this.db.transaction(() => {
        m.up(this.db);
        this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run('schema', String(m.version));
      })();
    }
  }

  /** Runs a statement; a failure of the database itself becomes StoreUnavailable. */
  private guard<T>(fn: () => T): Promise<T> {
    try {
      return Promise.resolve(fn());
    } catch (e) {
      return Promise.reject(storeError(e));
    }
  }

  addPlayer(p: PlayerRow): Promise<void> {
    return this.guard(() => this.db.transaction(() => {
      this.stmts.addPlayer.run(p.id, p.name, p.tokenHash, p.createdAt, p.createdAt);
      this.stmts.addSession.run(p.tokenHash, p.id, p.createdAt);
    })());
  }
  addSession(tokenHash: string, playerId: string, at: string): Promise<void> {
    return this.guard(() => { this.stmts.addSession.run(tokenHash, playerId, at); });
  }
  deleteSession(tokenHash: string): Promise<void> {
    return this.guard(() => { this.stmts.deleteSession.run(tokenHash); });
  }
  deleteSessions(playerId: string, keep = ''): Promise<void> {
    return this.guard(() => { this.stmts.deleteSessions.run(playerId, keep); });
  }
  accountByKey(nameKey: string): Promise<AccountRow | null> {
    return this.guard(() => (this.stmts.accountByKey.get(nameKey) as AccountRow | undefined) ?? null);
  }
  accountOf(playerId: string): Promise<AccountRow | null> {
    return this.guard(() => (this.stmts.accountOf.get(playerId) as AccountRow | undefined) ?? null);
  }
  claimAccount(playerId: string, name: string, nameKey: string, password: string, at: string): Promise<boolean> {
    return this.guard(() => {
      try {
        return this.stmts.claim.run(name, nameKey, password, at, playerId).changes === 1;
      } catch (e) {
        if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
        throw e;
      }
    });
  }
  setPassword(playerId: string, password: string): Promise<void> {
    return this.guard(() => { this.stmts.setPassword.run(password, playerId); });
  }
  deleteAccount(playerId: string, shownAs: string, at: string): Promise<void> {
    return this.guard(() => this.db.transaction(() => {
      this.stmts.deleteAccount.run(shownAs, at, playerId);
      this.stmts.deleteSessions.run(playerId, '');
      for (const r of this.stmts.gamesOf.all(playerId) as { table_id: string; game_no: number; body: string }[]) {
        const g = JSON.parse(r.body) as GameRow;
        const seats = g.seats.map((s) => (s.playerId === playerId ? { ...s, name: shownAs } : s));
        this.stmts.saveGameBody.run(JSON.stringify({ ...g, seats }), r.table_id, r.game_no);
      }
    })());
  }
  ratingsOf(playerId: string): Promise<RatingRow[]> {
    return this.guard(() => (this.stmts.ratingsOf.all(playerId) as RatingSql[]).map(rating));
  }
  ratingHistory(playerId: string, game: string): Promise<RatingPoint[]> {
    return this.guard(() => this.stmts.ratingHistory.all(playerId, game) as RatingPoint[]);
  }
  playerGames(playerId: string, limit: number, before = '\uffff'): Promise<PlayerGameRow[]> {
    return this.guard(() => (this.stmts.playerGames.all(playerId, before, limit) as PlayerGameSql[]).map(playerGame));
  }
  allPlayerGames(playerId: string): Promise<PlayerGameRow[]> {
    return this.guard(() => (this.stmts.allPlayerGames.all(playerId) as PlayerGameSql[]).map(playerGame));
  }
  leaderboard(game: string, limit: number, offset: number): Promise<(RatingRow & { name: string })[]> {
    return this.guard(() => (this.stmts.leaderboard.all(game, limit, offset) as (RatingSql & { name: string })[]).map((r) => ({ ...rating(r), name: r.name })));
  }
  playerByTokenHash(tokenHash: string): Promise<PlayerRow | null> {
    return this.guard(() => (this.stmts.byToken.get(tokenHash) as PlayerRow | undefined) ?? null);
  }
  playerById(id: string): Promise<PlayerRow | null> {
    return this.guard(() => (this.stmts.byId.get(id) as PlayerRow | undefined) ?? null);
  }
  renamePlayer(id: string, name: string): Promise<void> {
    return this.guard(() => { this.stmts.rename.run(name, id); });
  }
  touchPlayer(id: string, at: string): Promise<void> {
    return this.guard(() => { this.stmts.touch.run(at, id); });
  }
  pruneGuests(before: string): Promise<number> {
    return this.guard(() => this.stmts.prune.run(before).changes);
  }
  /** A fenced write goes ahead only while the table's lease still has `fence` as its token. */
  private fenced(tableId: string, fence: Fence): void {
    if (fence === undefined) return;
    const r = this.stmts.leaseToken.get(tableId) as { token: number } | undefined;
    if (r?.token !== fence) throw new LeaseLost(tableId);
  }

  saveTable(t: TableRow, fence?: Fence): Promise<void> {
    return this.guard(() => this.db.transaction(() => {
      this.fenced(t.id, fence);
      this.stmts.saveTable.run(t.id, JSON.stringify(t), t.status, t.createdAt);
    })());
  }
  acquireLease(tableId: string, owner: string, ttlMs: number): Promise<number | null> {
    return this.guard(() => {
      const now = Date.now();
      const r = this.stmts.takeLease.get(tableId, owner, now + ttlMs, now) as { token: number } | undefined;
      return r?.token ?? null;
    });
  }
  renewLease(tableId: string, owner: string, token: number, ttlMs: number): Promise<boolean> {
    return this.guard(() => this.stmts.renewLease.run(Date.now() + ttlMs, tableId, owner, token).changes === 1);
  }
  renewLeases(owner: string, leases: readonly { readonly tableId: string; readonly token: number }[], ttlMs: number): Promise<string[]> {
    return this.guard(() => this.db.transaction(() => {
      const until = Date.now() + ttlMs;
      return leases.filter((l) => this.stmts.renewLease.run(until, l.tableId, owner, l.token).changes === 1).map((l) => l.tableId);
    })());
  }
  releaseLease(tableId: string, owner: string, token: number): Promise<void> {
    return this.guard(() => { this.stmts.releaseLease.run(tableId, owner, token); });
  }
  leaseOf(tableId: string): Promise<LeaseRow | null> {
    return this.guard(() => (this.stmts.lease.get(tableId) as LeaseRow | undefined) ?? null);
  }
  orphanTables(limit: number): Promise<string[]> {
    return this.guard(() => (this.stmts.orphans.all(Date.now(), limit) as { id: string }[]).map((r) => r.id));
  }
  tables(): Promise<TableRow[]> {
    return this.guard(() => (this.stmts.tables.all() as { body: string }[]).map((r) => JSON.parse(r.body) as TableRow));
  }
  table(id: string): Promise<TableRow | null> {
    return this.guard(() => {
      const r = this.stmts.table.get(id) as { body: string } | undefined;
      return r === undefined ? null : (JSON.parse(r.body) as TableRow);
    });
  }
  addGame(g: GameRow, fence?: Fence): Promise<void> {
    return this.guard(() => this.db.transaction(() => {
      this.fenced(g.tableId, fence);
      this.stmts.addGame.run(g.tableId, g.gameNo, JSON.stringify(g));
    })());
  }
  game(tableId: string, gameNo: number): Promise<GameRow | null> {
    return this.guard(() => {
      const r = this.stmts.game.get(tableId, gameNo) as { body: string } | undefined;
      return r === undefined ? null : (JSON.parse(r.body) as GameRow);
    });
  }
  appendAction(tableId: string, gameNo: number, a: ActionRow, fence?: Fence): Promise<boolean> {
    return this.guard(() => this.db.transaction(() => {
      this.fenced(tableId, fence);
      return this.stmts.append.run(tableId, gameNo, a.seq, a.seat, JSON.stringify(a.action), a.at, a.by ?? null).changes === 1;
    })());
  }
  actions(tableId: string, gameNo: number): Promise<ActionRow[]> {
    return this.guard(() => (this.stmts.actions.all(tableId, gameNo) as { seq: number; seat: number; action: string; at: string; by: string | null }[])
      .map((r) => ({ seq: r.seq, seat: r.seat, action: JSON.parse(r.action) as unknown, at: r.at, by: r.by as ActionRow['by'] })));
  }
  finishGame(tableId: string, gameNo: number, result: unknown, finishedAt: string, stats: unknown[] | null, records?: GameRecords, fence?: Fence): Promise<void> {
    return this.guard(() => this.db.transaction(() => {
      this.fenced(tableId, fence);
      const r = this.stmts.game.get(tableId, gameNo) as { body: string } | undefined;
      if (r === undefined) return;
      const g = JSON.parse(r.body) as GameRow;
      if (g.finishedAt !== null) return; // recorded already (a retried finish)
      this.stmts.finish.run(JSON.stringify({ ...g, result, stats, finishedAt }), finishedAt, tableId, gameNo);
      for (const p of records?.players ?? []) {
        this.stmts.addPlayerGame.run(p.playerId, p.tableId, p.gameNo, p.game, p.finishedAt, p.seat, p.players, p.place, p.score,
          p.won ? 1 : 0, p.rated ? 1 : 0, p.private ? 1 : 0, JSON.stringify(p.stats ?? null));
      }
      for (const x of records?.ratings ?? []) {
        this.stmts.saveRating.run(x.playerId, x.game, x.mu, x.sigma, x.games, x.wins, x.updatedAt);
        this.stmts.addRatingPoint.run(x.playerId, x.game, tableId, gameNo, x.mu, x.sigma, x.updatedAt);
      }
    })());
  }
  async close(): Promise<void> {
    this.db.close();
  }
}
