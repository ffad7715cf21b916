import type Database from 'better-sqlite3';
import type { TableRow } from '../store.js';
import type { VacationRow, VacationStore } from '../vacations.js';

/** Accounts' days off in SQLite (store/vacations.ts), each call behind the store's `guard`. */
export class SqliteVacations implements VacationStore {
  private readonly s;

  constructor(db: Database.Database, private readonly guard: <T>(fn: () => T) => Promise<T>) {
    this.s = {
      of: db.prepare('SELECT starts_at AS "from", ends_at AS "to" FROM vacations WHERE player_id = ? ORDER BY starts_at'),
      add: db.prepare(`INSERT INTO vacations (player_id, starts_at, ends_at) SELECT ?, ?, ?
        WHERE NOT EXISTS (SELECT 1 FROM vacations WHERE player_id = ? AND ends_at > ?)`),
      end: db.prepare('UPDATE vacations SET ends_at = ? WHERE player_id = ? AND starts_at = ? AND starts_at < ? AND ends_at > ?'),
      drop: db.prepare('DELETE FROM vacations WHERE player_id = ? AND starts_at = ? AND starts_at >= ?'),
      forget: db.prepare('DELETE FROM vacations WHERE player_id = ?'),
      // The player's turn-based tables by the seats index (turn_seats), their rows read after.
      tables: db.prepare(`SELECT DISTINCT t.body FROM turn_seats s JOIN tables t ON t.id = s.table_id
        WHERE s.player_id = ? AND t.status = 'running' AND t.due_at IS NOT NULL`),
    };
  }

  vacationsOf(playerId: string): Promise<VacationRow[]> {
    return this.guard(() => this.s.of.all(playerId) as VacationRow[]);
  }
  addVacation(playerId: string, v: VacationRow, now: number): Promise<boolean> {
    return this.guard(() => this.s.add.run(playerId, v.from, v.to, playerId, now).changes === 1);
  }
  endVacation(playerId: string, from: number, at: number): Promise<void> {
    return this.guard(() => { this.s.end.run(at, playerId, from, at, at); this.s.drop.run(playerId, from, at); });
  }
  forgetVacations(playerId: string): Promise<void> {
    return this.guard(() => { this.s.forget.run(playerId); });
  }
  vacationTables(playerId: string): Promise<string[]> {
    return this.guard(() => (this.s.tables.all(playerId) as { body: string }[]).map((r) => JSON.parse(r.body) as TableRow)
      .filter((t) => t.turnBased?.vacation === true && t.seats.some((s) => s.kind === 'player' && s.playerId === playerId)).map((t) => t.id));
  }
}
