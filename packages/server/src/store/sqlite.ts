import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { GAMES, isGameId } from '@parlor/rules';
import Database from 'better-sqlite3';
import { type ActionRow, type GameRow, type PlayerRow, type Store, StoreUnavailable, type TableRow } from './store.js';

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
];
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

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
      byToken: this.db.prepare('SELECT id, name, token_hash AS tokenHash, created_at AS createdAt FROM players WHERE token_hash = ?'),
      byId: this.db.prepare('SELECT id, name, token_hash AS tokenHash, created_at AS createdAt FROM players WHERE id = ?'),
      rename: this.db.prepare('UPDATE players SET name = ? WHERE id = ?'),
      saveTable: this.db.prepare('INSERT INTO tables (id, body, status, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body, status = excluded.status'),
      tables: this.db.prepare("SELECT body FROM tables WHERE status != 'closed' ORDER BY created_at"),
      table: this.db.prepare('SELECT body FROM tables WHERE id = ?'),
      touch: this.db.prepare('UPDATE players SET last_seen = ? WHERE id = ?'),
      prune: this.db.prepare(`
        DELETE FROM players WHERE COALESCE(last_seen, created_at) < ?
          AND NOT EXISTS (SELECT 1 FROM tables t WHERE t.status != 'closed' AND json_extract(t.body, '$.creatorId') = players.id)
          AND NOT EXISTS (SELECT 1 FROM tables t, json_each(t.body, '$.seats') s
                          WHERE t.status != 'closed' AND json_extract(s.value, '$.playerId') = players.id)
          AND NOT EXISTS (SELECT 1 FROM games g, json_each(g.body, '$.seats') s WHERE json_extract(s.value, '$.playerId') = players.id)`),
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
    return this.guard(() => { this.stmts.addPlayer.run(p.id, p.name, p.tokenHash, p.createdAt, p.createdAt); });
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
  saveTable(t: TableRow): Promise<void> {
    return this.guard(() => { this.stmts.saveTable.run(t.id, JSON.stringify(t), t.status, t.createdAt); });
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
  addGame(g: GameRow): Promise<void> {
    return this.guard(() => { this.stmts.addGame.run(g.tableId, g.gameNo, JSON.stringify(g)); });
  }
  game(tableId: string, gameNo: number): Promise<GameRow | null> {
    return this.guard(() => {
      const r = this.stmts.game.get(tableId, gameNo) as { body: string } | undefined;
      return r === undefined ? null : (JSON.parse(r.body) as GameRow);
    });
  }
  appendAction(tableId: string, gameNo: number, a: ActionRow): Promise<boolean> {
    return this.guard(() => this.stmts.append.run(tableId, gameNo, a.seq, a.seat, JSON.stringify(a.action), a.at, a.by ?? null).changes === 1);
  }
  actions(tableId: string, gameNo: number): Promise<ActionRow[]> {
    return this.guard(() => (this.stmts.actions.all(tableId, gameNo) as { seq: number; seat: number; action: string; at: string; by: string | null }[])
      .map((r) => ({ seq: r.seq, seat: r.seat, action: JSON.parse(r.action) as unknown, at: r.at, by: r.by as ActionRow['by'] })));
  }
  finishGame(tableId: string, gameNo: number, result: unknown, finishedAt: string, stats: unknown[] | null): Promise<void> {
    return this.guard(() => {
      const r = this.stmts.game.get(tableId, gameNo) as { body: string } | undefined;
      if (r === undefined) return;
      const g = JSON.parse(r.body) as GameRow;
      this.stmts.finish.run(JSON.stringify({ ...g, result, stats, finishedAt }), finishedAt, tableId, gameNo);
    });
  }
  async close(): Promise<void> {
    this.db.close();
  }
}
