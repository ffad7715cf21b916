import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { GAMES, isGameId } from '@parlor/rules';
import Database from 'better-sqlite3';
import type { ActionRow, GameRow, PlayerRow, Store, TableRow } from './store.js';

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
];
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

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
      addPlayer: this.db.prepare('INSERT INTO players (id, name, token_hash, created_at) VALUES (?, ?, ?, ?)'),
      byToken: this.db.prepare('SELECT id, name, token_hash AS tokenHash, created_at AS createdAt FROM players WHERE token_hash = ?'),
      byId: this.db.prepare('SELECT id, name, token_hash AS tokenHash, created_at AS createdAt FROM players WHERE id = ?'),
      rename: this.db.prepare('UPDATE players SET name = ? WHERE id = ?'),
      saveTable: this.db.prepare('INSERT INTO tables (id, body, status, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body, status = excluded.status'),
      tables: this.db.prepare("SELECT body FROM tables ORDER BY created_at"),
      // A game row left by a crash between storing it and its table (the game never began) is replaced.
      addGame: this.db.prepare('INSERT OR REPLACE INTO games (table_id, game_no, body, finished_at) VALUES (?, ?, ?, NULL)'),
      game: this.db.prepare('SELECT body FROM games WHERE table_id = ? AND game_no = ?'),
      finish: this.db.prepare('UPDATE games SET body = ?, finished_at = ? WHERE table_id = ? AND game_no = ?'),
      append: this.db.prepare('INSERT OR IGNORE INTO actions (table_id, game_no, seq, seat, action, at) VALUES (?, ?, ?, ?, ?, ?)'),
      actions: this.db.prepare('SELECT seq, seat, action, at FROM actions WHERE table_id = ? AND game_no = ? ORDER BY seq'),
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

  async addPlayer(p: PlayerRow): Promise<void> {
    this.stmts.addPlayer.run(p.id, p.name, p.tokenHash, p.createdAt);
  }
  async playerByTokenHash(tokenHash: string): Promise<PlayerRow | null> {
    return (this.stmts.byToken.get(tokenHash) as PlayerRow | undefined) ?? null;
  }
  async playerById(id: string): Promise<PlayerRow | null> {
    return (this.stmts.byId.get(id) as PlayerRow | undefined) ?? null;
  }
  async renamePlayer(id: string, name: string): Promise<void> {
    this.stmts.rename.run(name, id);
  }
  async saveTable(t: TableRow): Promise<void> {
    this.stmts.saveTable.run(t.id, JSON.stringify(t), t.status, t.createdAt);
  }
  async tables(): Promise<TableRow[]> {
    return (this.stmts.tables.all() as { body: string }[]).map((r) => JSON.parse(r.body) as TableRow);
  }
  async addGame(g: GameRow): Promise<void> {
    this.stmts.addGame.run(g.tableId, g.gameNo, JSON.stringify(g));
  }
  async game(tableId: string, gameNo: number): Promise<GameRow | null> {
    const r = this.stmts.game.get(tableId, gameNo) as { body: string } | undefined;
    return r === undefined ? null : (JSON.parse(r.body) as GameRow);
  }
  async appendAction(tableId: string, gameNo: number, a: ActionRow): Promise<boolean> {
    return this.stmts.append.run(tableId, gameNo, a.seq, a.seat, JSON.stringify(a.action), a.at).changes === 1;
  }
  async actions(tableId: string, gameNo: number): Promise<ActionRow[]> {
    return (this.stmts.actions.all(tableId, gameNo) as { seq: number; seat: number; action: string; at: string }[])
      .map((r) => ({ seq: r.seq, seat: r.seat, action: JSON.parse(r.action) as unknown, at: r.at }));
  }
  async finishGame(tableId: string, gameNo: number, result: unknown, finishedAt: string, stats: unknown[] | null): Promise<void> {
    const g = await this.game(tableId, gameNo);
    if (g === null) return;
    this.stmts.finish.run(JSON.stringify({ ...g, result, stats, finishedAt }), finishedAt, tableId, gameNo);
  }
  async close(): Promise<void> {
    this.db.close();
  }
}
