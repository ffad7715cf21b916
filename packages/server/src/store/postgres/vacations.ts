import type { TableRow } from '../store.js';
import type { VacationRow, VacationStore } from '../vacations.js';
import type { PostgresConnection } from './connection.js';

/** Accounts' days off in PostgreSQL (store/vacations.ts). */
export class PostgresVacations implements VacationStore {
  constructor(private readonly db: PostgresConnection) {}

  async vacationsOf(playerId: string): Promise<VacationRow[]> {
    // BIGINT comes back as a string.
    const rows = (await this.db.q<{ from: string; to: string }>('SELECT starts_at AS "from", ends_at AS "to" FROM vacations WHERE player_id = $1 ORDER BY starts_at', [playerId])).rows;
    return rows.map((r) => ({ from: Number(r.from), to: Number(r.to) }));
  }
  async addVacation(playerId: string, v: VacationRow, now: number): Promise<boolean> {
    // A player's vacations are added one at a time (a lock of the transaction, per player): two
    // requests at once would otherwise both find no vacation and both insert one, where SQLite's
    // single writer lets only the first.
    return this.db.tx(async (db) => {
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`vacation:${playerId}`]);
      const r = await db.query(`INSERT INTO vacations (player_id, starts_at, ends_at) SELECT $1, $2, $3
        WHERE NOT EXISTS (SELECT 1 FROM vacations WHERE player_id = $1 AND ends_at > $4) ON CONFLICT DO NOTHING`, [playerId, v.from, v.to, now]);
      return r.rowCount === 1;
    });
  }
  async endVacation(playerId: string, from: number, at: number): Promise<void> {
    await this.db.q('UPDATE vacations SET ends_at = $1 WHERE player_id = $2 AND starts_at = $3 AND starts_at < $1 AND ends_at > $1', [at, playerId, from]);
    await this.db.q('DELETE FROM vacations WHERE player_id = $1 AND starts_at = $2 AND starts_at >= $3', [playerId, from, at]);
  }
  async forgetVacations(playerId: string): Promise<void> {
    await this.db.q('DELETE FROM vacations WHERE player_id = $1', [playerId]);
  }
  async vacationTables(playerId: string): Promise<string[]> {
    // The player's turn-based tables by the seats index (turn_seats), their rows read after.
    const rows = (await this.db.q<{ body: string }>(`SELECT DISTINCT t.body FROM turn_seats s JOIN tables t ON t.id = s.table_id
      WHERE s.player_id = $1 AND t.status = 'running' AND t.due_at IS NOT NULL`, [playerId])).rows;
    return rows.map((r) => JSON.parse(r.body) as TableRow)
      .filter((t) => t.turnBased?.vacation === true && t.seats.some((s) => s.kind === 'player' && s.playerId === playerId)).map((t) => t.id);
  }
}
