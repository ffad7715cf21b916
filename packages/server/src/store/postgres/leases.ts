import { type Fence, LeaseLost, type LeaseRow } from '../store.js';
import type { PostgresConnection, Sql } from './connection.js';

/** The database's clock in milliseconds since 1970: leases expire by it, so that every process agrees. */
export const NOW_MS = 'floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

/**
 * A fenced write goes ahead only while the table's lease still has `fence` as its token. The
 * lease row stays locked (shared) until the write commits, so a takeover waits for it and then
 * sees it.
 */
export async function fenced(db: Sql, tableId: string, fence: Fence): Promise<void> {
  if (fence === undefined) return;
  const r = (await db.query<{ token: number }>('SELECT token FROM table_leases WHERE table_id = $1 FOR SHARE', [tableId])).rows[0];
  if (r?.token !== fence) throw new LeaseLost(tableId);
}

/** A write of one table's rows: in a transaction behind its fence, or a plain statement when unfenced. */
export function fencedWrite<X>(conn: PostgresConnection, tableId: string, fence: Fence, fn: (db: Sql) => Promise<X>): Promise<X> {
  if (fence === undefined) return conn.untransacted(fn);
  return conn.tx(async (db) => {
    await fenced(db, tableId, fence);
    return fn(db);
  });
}

/** Tables' leases in PostgreSQL, by the database's clock. */
export class PostgresLeases {
  constructor(private readonly db: PostgresConnection) {}

  async acquireLease(tableId: string, owner: string, ttlMs: number): Promise<number | null> {
    // The new expiry is now + ttl, so "expired" is expires_at <= (new expiry − ttl), all by the database's clock.
    const r = await this.db.q<{ token: number }>(`INSERT INTO table_leases (table_id, owner, token, expires_at) VALUES ($1, $2, 1, ${NOW_MS} + $3::bigint)
      ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, token = table_leases.token + 1, expires_at = excluded.expires_at
      WHERE table_leases.expires_at <= excluded.expires_at - $3::bigint OR table_leases.owner = excluded.owner RETURNING token`,
    [tableId, owner, Math.round(ttlMs)]);
    return r.rows[0]?.token ?? null;
  }
  async renewLease(tableId: string, owner: string, token: number, ttlMs: number): Promise<boolean> {
    const r = await this.db.q(`UPDATE table_leases SET expires_at = ${NOW_MS} + $4::bigint WHERE table_id = $1 AND owner = $2 AND token = $3`,
      [tableId, owner, token, Math.round(ttlMs)]);
    return r.rowCount === 1;
  }
  async renewLeases(owner: string, leases: readonly { readonly tableId: string; readonly token: number }[], ttlMs: number): Promise<string[]> {
    const held: string[] = [];
    for (let i = 0; i < leases.length; i += 1000) {
      const part = leases.slice(i, i + 1000);
      const r = await this.db.q<{ table_id: string }>(`UPDATE table_leases l SET expires_at = ${NOW_MS} + $2::bigint
        FROM unnest($3::text[], $4::bigint[]) AS x(table_id, token)
        WHERE l.table_id = x.table_id AND l.token = x.token AND l.owner = $1 RETURNING l.table_id`,
      [owner, Math.round(ttlMs), part.map((l) => l.tableId), part.map((l) => l.token)]);
      held.push(...r.rows.map((row) => row.table_id));
    }
    return held;
  }
  async releaseLease(tableId: string, owner: string, token: number): Promise<void> {
    await this.db.q('UPDATE table_leases SET expires_at = 0 WHERE table_id = $1 AND owner = $2 AND token = $3', [tableId, owner, token]);
  }
  async leaseOf(tableId: string): Promise<LeaseRow | null> {
    return (await this.db.q<LeaseRow>('SELECT table_id AS "tableId", owner, token, expires_at AS "expiresAt" FROM table_leases WHERE table_id = $1',
      [tableId])).rows[0] ?? null;
  }
  async orphanTables(limit: number): Promise<string[]> {
    return (await this.db.q<{ id: string }>(`SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
      WHERE (t.status = 'open' OR (t.status = 'running' AND t.due_at IS NULL)) AND (l.table_id IS NULL OR l.expires_at <= ${NOW_MS})
      ORDER BY t.created_at, t.id LIMIT $1`, [limit]))
      .rows.map((r) => r.id);
  }
}
