import { type ActionRow, type DueTable, type Fence, type GameRecords, type GameRow, LeaseLost, type TableRow } from '../store.js';
import type { PostgresConnection } from './connection.js';
import { NOW_MS, fenced, fencedWrite } from './leases.js';
import type { PostgresRecords } from './records.js';

/** Tables, their games and each game's append-only action log in PostgreSQL; writes behind the table's fence. */
export class PostgresTables {
  constructor(private readonly db: PostgresConnection, private readonly records: PostgresRecords) {}

  async saveTable(t: TableRow, fence: Fence): Promise<void> {
    await fencedWrite(this.db, t.id, fence, (db) => db.query(`INSERT INTO tables (id, body, status, created_at) VALUES ($1, $2, $3, $4)
      ON CONFLICT (id) DO UPDATE SET body = excluded.body, status = excluded.status`, [t.id, JSON.stringify(t), t.status, t.createdAt]));
  }
  async tables(): Promise<TableRow[]> {
    return (await this.db.q<{ body: string }>("SELECT body FROM tables WHERE status = 'open' OR (status = 'running' AND due_at IS NULL) ORDER BY created_at, id")).rows
      .map((r) => JSON.parse(r.body) as TableRow);
  }
  async setTableDue(tableId: string, dueAt: number | null, fence: Fence): Promise<void> {
    await fencedWrite(this.db, tableId, fence, (db) => db.query('UPDATE tables SET due_at = $1 WHERE id = $2', [dueAt, tableId]));
  }
  async dueTables(by: number, limit: number): Promise<DueTable[]> {
    return (await this.db.q<{ id: string; due_at: string }>(`SELECT t.id, t.due_at FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
      WHERE t.due_at <= $1 AND t.status = 'running' AND (l.table_id IS NULL OR l.expires_at <= ${NOW_MS}) ORDER BY t.due_at, t.id LIMIT $2`, [by, limit])).rows
      .map((r) => ({ id: r.id, dueAt: Number(r.due_at) }));
  }
  async table(id: string): Promise<TableRow | null> {
    const r = (await this.db.q<{ body: string }>('SELECT body FROM tables WHERE id = $1', [id])).rows[0];
    return r === undefined ? null : (JSON.parse(r.body) as TableRow);
  }
  async addGame(g: GameRow, fence: Fence): Promise<void> {
    // A game row left by a crash between storing it and its table (the game never began) is replaced.
    await fencedWrite(this.db, g.tableId, fence, (db) => db.query(`INSERT INTO games (table_id, game_no, body, finished_at) VALUES ($1, $2, $3, NULL)
      ON CONFLICT (table_id, game_no) DO UPDATE SET body = excluded.body, finished_at = NULL`, [g.tableId, g.gameNo, JSON.stringify(g)]));
  }
  async game(tableId: string, gameNo: number): Promise<GameRow | null> {
    const r = (await this.db.q<{ body: string }>('SELECT body FROM games WHERE table_id = $1 AND game_no = $2', [tableId, gameNo])).rows[0];
    return r === undefined ? null : (JSON.parse(r.body) as GameRow);
  }
  async appendAction(tableId: string, gameNo: number, a: ActionRow, fence: Fence): Promise<boolean> {
    const values = [tableId, gameNo, a.seq, a.seat, JSON.stringify(a.action), a.at, a.by ?? null];
    if (fence === undefined) {
      const r = await this.db.q(`INSERT INTO actions (table_id, game_no, seq, seat, action, at, "by")
        VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (table_id, game_no, seq) DO NOTHING`, values);
      return r.rowCount === 1;
    }
    // The move, behind its fence, in one statement (one round trip: every move of a cluster takes
    // this path). The lease row is locked (shared) by the statement, so a takeover waits for it to
    // commit, and a takeover committed before it leaves no row to insert from.
    const r = await this.db.q(`WITH lease AS (SELECT 1 FROM table_leases WHERE table_id = $1 AND token = $8 FOR SHARE)
      INSERT INTO actions (table_id, game_no, seq, seat, action, at, "by")
      SELECT $1, $2, $3, $4, $5, $6, $7 FROM lease ON CONFLICT (table_id, game_no, seq) DO NOTHING`, [...values, fence]);
    if (r.rowCount === 1) return true;
    // Nothing inserted: another process holds the table now, or this seq is taken.
    const lease = (await this.db.q<{ token: number }>('SELECT token FROM table_leases WHERE table_id = $1', [tableId])).rows[0];
    if (lease === undefined || lease.token !== fence) throw new LeaseLost(tableId);
    return false;
  }
  async actions(tableId: string, gameNo: number): Promise<ActionRow[]> {
    const r = await this.db.q<{ seq: number; seat: number; action: string; at: string; by: string | null }>(
      'SELECT seq, seat, action, at, "by" FROM actions WHERE table_id = $1 AND game_no = $2 ORDER BY seq', [tableId, gameNo]);
    return r.rows.map((x) => ({ seq: x.seq, seat: x.seat, action: JSON.parse(x.action) as unknown, at: x.at, by: x.by as ActionRow['by'] }));
  }
  async finishGame(tableId: string, gameNo: number, result: unknown, finishedAt: string, stats: unknown[] | null, records: GameRecords | undefined,
    fence: Fence): Promise<void> {
    await this.db.tx(async (db) => {
      await fenced(db, tableId, fence);
      const r = (await db.query<{ body: string }>('SELECT body FROM games WHERE table_id = $1 AND game_no = $2 FOR UPDATE', [tableId, gameNo])).rows[0];
      if (r === undefined) return;
      const g = JSON.parse(r.body) as GameRow;
      if (g.finishedAt !== null) return; // recorded already (a retried finish)
      await db.query('UPDATE games SET body = $1, finished_at = $2 WHERE table_id = $3 AND game_no = $4',
        [JSON.stringify({ ...g, result, stats, finishedAt }), finishedAt, tableId, gameNo]);
      await this.records.add(db, tableId, gameNo, records);
    });
  }
}
