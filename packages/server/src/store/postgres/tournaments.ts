import { type Fence, type TournamentRow, tournamentLease } from '../store.js';
import type { PostgresConnection } from './connection.js';
import { fencedWrite } from './leases.js';

interface Stored { id: string; status: string; starts_at: string; private: boolean; version: string | number; summary: string; body: string }

const rowOf = (r: Stored): TournamentRow => ({
  id: r.id, status: r.status, startsAt: r.starts_at, private: r.private, version: Number(r.version),
  summary: JSON.parse(r.summary) as unknown, state: JSON.parse(r.body) as unknown,
});

const COLS = 'id, status, starts_at, private, version, summary, body';

/** Tournaments in PostgreSQL: compare-and-set on the version, behind the director's fence when it writes. */
export class PostgresTournaments {
  constructor(private readonly db: PostgresConnection) {}

  async save(t: TournamentRow, expected: number | null, fence: Fence): Promise<boolean> {
    const summary = JSON.stringify(t.summary);
    const body = JSON.stringify(t.state);
    const r = await fencedWrite(this.db, tournamentLease(t.id), fence, (db) => expected === null
      ? db.query(`INSERT INTO tournaments (${COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [t.id, t.status, t.startsAt, t.private, t.version, summary, body])
      : db.query('UPDATE tournaments SET status = $1, starts_at = $2, private = $3, version = $4, summary = $5, body = $6 WHERE id = $7 AND version = $8',
        [t.status, t.startsAt, t.private, t.version, summary, body, t.id, expected]));
    return r.rowCount === 1;
  }
  async one(id: string): Promise<TournamentRow | null> {
    const r = (await this.db.q<Stored>(`SELECT ${COLS} FROM tournaments WHERE id = $1`, [id])).rows[0];
    return r === undefined ? null : rowOf(r);
  }
  async list(status: string, limit: number, after: string | undefined): Promise<TournamentRow[]> {
    const latestFirst = status === 'finished' || status === 'cancelled';
    const sql = latestFirst
      ? `SELECT ${COLS} FROM tournaments WHERE status = $1 AND NOT private AND (starts_at || '|' || id) < $2 ORDER BY starts_at DESC, id DESC LIMIT $3`
      : `SELECT ${COLS} FROM tournaments WHERE status = $1 AND NOT private AND (starts_at || '|' || id) > $2 ORDER BY starts_at, id LIMIT $3`;
    return (await this.db.q<Stored>(sql, [status, after ?? (latestFirst ? '\uffff' : ''), limit])).rows.map(rowOf);
  }
  async live(): Promise<string[]> {
    return (await this.db.q<{ id: string }>("SELECT id FROM tournaments WHERE status IN ('upcoming', 'running') ORDER BY starts_at, id")).rows.map((r) => r.id);
  }
}
