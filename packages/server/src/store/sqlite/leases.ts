import type Database from 'better-sqlite3';
import { type Fence, LeaseLost, type LeaseRow } from '../store.js';

/** Tables' leases in SQLite, and the fence they put on each write of a table. Times are this process's clock. */
export class SqliteLeases {
  private readonly s;

  constructor(private readonly db: Database.Database) {
    this.s = {
      leaseToken: db.prepare('SELECT token FROM table_leases WHERE table_id = ?'),
      lease: db.prepare('SELECT table_id AS tableId, owner, token, expires_at AS expiresAt FROM table_leases WHERE table_id = ?'),
      takeLease: db.prepare(`INSERT INTO table_leases (table_id, owner, token, expires_at) VALUES (?, ?, 1, ?)
        ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, token = table_leases.token + 1, expires_at = excluded.expires_at
        WHERE table_leases.expires_at <= ? OR table_leases.owner = excluded.owner RETURNING token`),
      renewLease: db.prepare('UPDATE table_leases SET expires_at = ? WHERE table_id = ? AND owner = ? AND token = ?'),
      releaseLease: db.prepare('UPDATE table_leases SET expires_at = 0 WHERE table_id = ? AND owner = ? AND token = ?'),
      orphans: db.prepare(`SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
        WHERE (t.status = 'open' OR (t.status = 'running' AND t.due_at IS NULL)) AND (l.table_id IS NULL OR l.expires_at <= ?)
        ORDER BY t.created_at LIMIT ?`),
    };
  }

  /** A fenced write goes ahead only while the table's lease still has `fence` as its token (call it inside the write's transaction). */
  fenced(tableId: string, fence: Fence): void {
    if (fence === undefined) return;
    const r = this.s.leaseToken.get(tableId) as { token: number } | undefined;
    if (r?.token !== fence) throw new LeaseLost(tableId);
  }

  acquireLease(tableId: string, owner: string, ttlMs: number): number | null {
    const now = Date.now();
    const r = this.s.takeLease.get(tableId, owner, now + ttlMs, now) as { token: number } | undefined;
    return r?.token ?? null;
  }
  renewLease(tableId: string, owner: string, token: number, ttlMs: number): boolean {
    return this.s.renewLease.run(Date.now() + ttlMs, tableId, owner, token).changes === 1;
  }
  renewLeases(owner: string, leases: readonly { readonly tableId: string; readonly token: number }[], ttlMs: number): string[] {
    return this.db.transaction(() => {
      const until = Date.now() + ttlMs;
      return leases.filter((l) => this.s.renewLease.run(until, l.tableId, owner, l.token).changes === 1).map((l) => l.tableId);
    })();
  }
  releaseLease(tableId: string, owner: string, token: number): void {
    this.s.releaseLease.run(tableId, owner, token);
  }
  leaseOf(tableId: string): LeaseRow | null {
    return (this.s.lease.get(tableId) as LeaseRow | undefined) ?? null;
  }
  orphanTables(limit: number): string[] {
    return (this.s.orphans.all(Date.now(), limit) as { id: string }[]).map((r) => r.id);
  }
}
