import { type Fence, type TournamentPart, type TournamentRow, tournamentLease } from '../store.js';
import type { PostgresConnection } from './connection.js';
import { fenced } from './leases.js';

interface Stored { id: string; status: string; starts_at: string; private: boolean; version: string | number; summary: string; body: string }

interface StoredPart { kind: TournamentPart['kind']; key: string; seq: number; body: string }

const rowOf = (r: Stored, parts?: readonly StoredPart[]): TournamentRow => ({
  id: r.id, status: r.status, startsAt: r.starts_at, private: r.private, version: Number(r.version),
  summary: JSON.parse(r.summary) as unknown, state: JSON.parse(r.body) as unknown,
  ...(parts === undefined ? {} : { parts: parts.map((p) => ({ kind: p.kind, key: p.key, seq: p.seq, body: JSON.parse(p.body) as unknown })) }),
});

const COLS = 'id, status, starts_at, private, version, summary, body';
/** Parts per INSERT (four parameters each, well under PostgreSQL's 65,535). */
const PART_BATCH = 1000;

/** Tournaments in PostgreSQL: compare-and-set on the version, behind the director's fence when it writes. */
export class PostgresTournaments {
  constructor(private readonly db: PostgresConnection) {}

  /** The row and its parts in one transaction (behind the fence when one is given); the parts only if the row was written. */
  async save(t: TournamentRow, expected: number | null, fence: Fence): Promise<boolean> {
    const summary = JSON.stringify(t.summary);
    const body = JSON.stringify(t.state);
    return this.db.tx(async (db) => {
      if (fence !== undefined) await fenced(db, tournamentLease(t.id), fence);
      const r = expected === null
        ? await db.query(`INSERT INTO tournaments (${COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
          [t.id, t.status, t.startsAt, t.private, t.version, summary, body])
        : await db.query('UPDATE tournaments SET status = $1, starts_at = $2, private = $3, version = $4, summary = $5, body = $6 WHERE id = $7 AND version = $8',
          [t.status, t.startsAt, t.private, t.version, summary, body, t.id, expected]);
      if (r.rowCount !== 1) return false;
      const put = (t.parts ?? []).filter((p) => p.body !== null);
      const drop = (t.parts ?? []).filter((p) => p.body === null);
      // One statement for all the changed parts (a game's end changes a handful; the first write, every player).
      for (let i = 0; i < put.length; i += PART_BATCH) {
        const batch = put.slice(i, i + PART_BATCH);
        const values = batch.map((_, j) => `($1, $${j * 4 + 2}, $${j * 4 + 3}, $${j * 4 + 4}::integer, $${j * 4 + 5})`).join(', ');
        await db.query(`INSERT INTO tournament_parts (tournament_id, kind, key, seq, body) VALUES ${values}
          ON CONFLICT (tournament_id, kind, key) DO UPDATE SET seq = excluded.seq, body = excluded.body`,
        [t.id, ...batch.flatMap((p) => [p.kind, p.key, p.seq, JSON.stringify(p.body)])]);
      }
      for (const p of drop) await db.query('DELETE FROM tournament_parts WHERE tournament_id = $1 AND kind = $2 AND key = $3', [t.id, p.kind, p.key]);
      return true;
    });
  }
  async one(id: string): Promise<TournamentRow | null> {
    const r = (await this.db.q<Stored>(`SELECT ${COLS} FROM tournaments WHERE id = $1`, [id])).rows[0];
    if (r === undefined) return null;
    const parts = (await this.db.q<StoredPart>('SELECT kind, key, seq, body FROM tournament_parts WHERE tournament_id = $1 ORDER BY kind, seq', [id])).rows;
    return rowOf(r, parts);
  }
  async list(status: string, limit: number, after: string | undefined): Promise<TournamentRow[]> {
    const latestFirst = status === 'finished' || status === 'cancelled';
    const sql = latestFirst
      ? `SELECT ${COLS} FROM tournaments WHERE status = $1 AND NOT private AND (starts_at || '|' || id) < $2 ORDER BY starts_at DESC, id DESC LIMIT $3`
      : `SELECT ${COLS} FROM tournaments WHERE status = $1 AND NOT private AND (starts_at || '|' || id) > $2 ORDER BY starts_at, id LIMIT $3`;
    return (await this.db.q<Stored>(sql, [status, after ?? (latestFirst ? '\uffff' : ''), limit])).rows.map((r) => rowOf(r));
  }
  async live(): Promise<string[]> {
    return (await this.db.q<{ id: string }>("SELECT id FROM tournaments WHERE status IN ('upcoming', 'running') ORDER BY starts_at, id")).rows.map((r) => r.id);
  }
}
