import type Database from 'better-sqlite3';
import type { TurnStore, TurnSummaryRow } from '../turns.js';
import type { SqliteLeases } from './leases.js';

/**
 * Running turn-based tables' summaries and their seats by player in SQLite (store/turns.ts). Each
 * call runs behind the store's `guard`; a summary is replaced whole, in one transaction behind the
 * table's fence.
 */
export class SqliteTurns implements TurnStore {
  private readonly s;

  constructor(private readonly db: Database.Database, private readonly leases: SqliteLeases, private readonly guard: <T>(fn: () => T) => Promise<T>) {
    this.s = {
      save: db.prepare('INSERT INTO turn_tables (table_id, body) VALUES (?, ?) ON CONFLICT(table_id) DO UPDATE SET body = excluded.body'),
      drop: db.prepare('DELETE FROM turn_tables WHERE table_id = ?'),
      dropSeats: db.prepare('DELETE FROM turn_seats WHERE table_id = ?'),
      seat: db.prepare('INSERT OR REPLACE INTO turn_seats (player_id, table_id, seat, to_move) VALUES (?, ?, ?, ?)'),
      of: db.prepare(`SELECT t.table_id AS tableId, t.body FROM turn_tables t
        WHERE t.table_id IN (SELECT table_id FROM turn_seats WHERE player_id = ?) ORDER BY t.table_id LIMIT ?`),
    };
  }

  saveTurnSummary(tableId: string, row: TurnSummaryRow | null, fence?: number): Promise<void> {
    return this.guard(() => this.db.transaction(() => {
      this.leases.fenced(tableId, fence);
      this.s.dropSeats.run(tableId);
      if (row === null) {
        this.s.drop.run(tableId);
        return;
      }
      this.s.save.run(tableId, row.body);
      for (const x of row.seats) this.s.seat.run(x.playerId, tableId, x.seat, x.toMove ? 1 : 0);
    })());
  }

  turnSummaries(playerId: string, limit: number): Promise<Pick<TurnSummaryRow, 'tableId' | 'body'>[]> {
    return this.guard(() => this.s.of.all(playerId, limit) as { tableId: string; body: string }[]);
  }
}
