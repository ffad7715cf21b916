import type Database from 'better-sqlite3';
import type { ActionRow, DueTable, Fence, GameRecords, GameRow, TableRow } from '../store.js';
import type { SqliteLeases } from './leases.js';
import type { SqliteRecords } from './records.js';

/**
 * The tables due by a time (`?` 1), running and not leased by a live process (`?` 2: now), soonest
 * first (`?` 3: at most). `+t.status` keeps SQLite's planner off the status index, by which it read
 * every running table at each look (some 7 ms, the event loop stalled, with 100,000 tables waiting);
 * the due index reads only those coming due.
 */
export const DUE_TABLES = `SELECT t.id, t.due_at AS dueAt FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
  WHERE t.due_at <= ? AND +t.status = 'running' AND (l.table_id IS NULL OR l.expires_at <= ?) ORDER BY t.due_at, t.id LIMIT ?`;

/** Tables, their games and each game's append-only action log in SQLite; writes behind the table's fence. */
export class SqliteTables {
  private readonly s;
  /** Runs its function in one transaction (made once: better-sqlite3 builds a wrapper per call of `transaction`). */
  private readonly inTransaction: (fn: () => unknown) => unknown;

  constructor(private readonly db: Database.Database, private readonly leases: SqliteLeases, private readonly records: SqliteRecords) {
    this.s = {
      saveTable: db.prepare('INSERT INTO tables (id, body, status, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body, status = excluded.status'),
      tables: db.prepare("SELECT body FROM tables WHERE status = 'open' OR (status = 'running' AND due_at IS NULL) ORDER BY created_at"),
      setDue: db.prepare('UPDATE tables SET due_at = ? WHERE id = ?'),
      due: db.prepare(DUE_TABLES),
      table: db.prepare('SELECT body FROM tables WHERE id = ?'),
      // A game row left by a crash between storing it and its table (the game never began) is replaced.
      addGame: db.prepare('INSERT OR REPLACE INTO games (table_id, game_no, body, finished_at) VALUES (?, ?, ?, NULL)'),
      game: db.prepare('SELECT body FROM games WHERE table_id = ? AND game_no = ?'),
      finish: db.prepare('UPDATE games SET body = ?, finished_at = ? WHERE table_id = ? AND game_no = ?'),
      append: db.prepare('INSERT OR IGNORE INTO actions (table_id, game_no, seq, seat, action, at, by) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      actions: db.prepare('SELECT seq, seat, action, at, by FROM actions WHERE table_id = ? AND game_no = ? ORDER BY seq'),
    };
    this.inTransaction = db.transaction((fn: () => unknown) => fn());
  }

  saveTable(t: TableRow, fence: Fence): void {
    this.fencedWrite(t.id, fence, () => this.s.saveTable.run(t.id, JSON.stringify(t), t.status, t.createdAt));
  }
  tables(): TableRow[] {
    return (this.s.tables.all() as { body: string }[]).map((r) => JSON.parse(r.body) as TableRow);
  }
  setTableDue(tableId: string, dueAt: number | null, fence: Fence): void {
    this.fencedWrite(tableId, fence, () => this.s.setDue.run(dueAt, tableId));
  }
  dueTables(by: number, limit: number): DueTable[] {
    return (this.s.due.all(by, Date.now(), limit) as { id: string; dueAt: number }[]).map((r) => ({ id: r.id, dueAt: Number(r.dueAt) }));
  }
  table(id: string): TableRow | null {
    const r = this.s.table.get(id) as { body: string } | undefined;
    return r === undefined ? null : (JSON.parse(r.body) as TableRow);
  }
  addGame(g: GameRow, fence: Fence): void {
    this.fencedWrite(g.tableId, fence, () => this.s.addGame.run(g.tableId, g.gameNo, JSON.stringify(g)));
  }
  game(tableId: string, gameNo: number): GameRow | null {
    const r = this.s.game.get(tableId, gameNo) as { body: string } | undefined;
    return r === undefined ? null : (JSON.parse(r.body) as GameRow);
  }
  appendAction(tableId: string, gameNo: number, a: ActionRow, fence: Fence): boolean {
    return this.fencedWrite(tableId, fence, () => this.s.append.run(tableId, gameNo, a.seq, a.seat, JSON.stringify(a.action), a.at, a.by ?? null).changes === 1);
  }
  actions(tableId: string, gameNo: number): ActionRow[] {
    return (this.s.actions.all(tableId, gameNo) as { seq: number; seat: number; action: string; at: string; by: string | null }[])
      .map((r) => ({ seq: r.seq, seat: r.seat, action: JSON.parse(r.action) as unknown, at: r.at, by: r.by as ActionRow['by'] }));
  }
  finishGame(tableId: string, gameNo: number, result: unknown, finishedAt: string, stats: unknown[] | null, records: GameRecords | undefined,
    fence: Fence): void {
    this.inTransaction(() => {
      this.leases.fenced(tableId, fence);
      const r = this.s.game.get(tableId, gameNo) as { body: string } | undefined;
      if (r === undefined) return;
      const g = JSON.parse(r.body) as GameRow;
      if (g.finishedAt !== null) return; // recorded already (a retried finish)
      this.s.finish.run(JSON.stringify({ ...g, result, stats, finishedAt }), finishedAt, tableId, gameNo);
      this.records.add(tableId, gameNo, records);
    });
  }

  /**
   * One write of a table: alone when unfenced (a lone server: one statement is atomic by itself);
   * behind its fence, checked in the same transaction, when fenced.
   */
  private fencedWrite<T>(tableId: string, fence: Fence, write: () => T): T {
    if (fence === undefined) return write();
    return this.inTransaction(() => {
      this.leases.fenced(tableId, fence);
      return write();
    }) as T;
  }
}
