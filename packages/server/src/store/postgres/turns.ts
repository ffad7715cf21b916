import type { TurnStore, TurnSummaryRow } from '../turns.js';
import type { PostgresConnection } from './connection.js';
import { fenced } from './leases.js';

/** Running turn-based tables' summaries and their seats by player in PostgreSQL (store/turns.ts), as SQLite's. */
export class PostgresTurns implements TurnStore {
  constructor(private readonly db: PostgresConnection) {}

  async saveTurnSummary(tableId: string, row: TurnSummaryRow | null, fence?: number): Promise<void> {
    await this.db.tx(async (db) => {
      await fenced(db, tableId, fence);
      await db.query('DELETE FROM turn_seats WHERE table_id = $1', [tableId]);
      if (row === null) {
        await db.query('DELETE FROM turn_tables WHERE table_id = $1', [tableId]);
        return;
      }
      await db.query('INSERT INTO turn_tables (table_id, body) VALUES ($1, $2) ON CONFLICT (table_id) DO UPDATE SET body = excluded.body', [tableId, row.body]);
      if (row.seats.length === 0) return;
      const values = row.seats.map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`).join(', ');
      await db.query(`INSERT INTO turn_seats (player_id, table_id, seat, to_move) VALUES ${values} ON CONFLICT DO NOTHING`,
        row.seats.flatMap((x) => [x.playerId, tableId, x.seat, x.toMove ? 1 : 0]));
    });
  }

  async turnSummaries(playerId: string, limit: number): Promise<Pick<TurnSummaryRow, 'tableId' | 'body'>[]> {
    return (await this.db.q<{ tableId: string; body: string }>(`SELECT t.table_id AS "tableId", t.body FROM turn_tables t
      WHERE t.table_id IN (SELECT table_id FROM turn_seats WHERE player_id = $1) ORDER BY t.table_id LIMIT $2`, [playerId, limit])).rows;
  }
}
