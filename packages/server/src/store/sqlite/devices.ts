import type Database from 'better-sqlite3';
import { ACCOUNT_TABLES, type AccountData, type DeviceRow, type DeviceStore, withoutSecrets } from '../devices.js';

/** Sessions' devices and an account's rows in SQLite (store/devices.ts), each call behind the store's `guard`. */
export class SqliteDevices implements DeviceStore {
  private readonly s;

  constructor(db: Database.Database, private readonly guard: <T>(fn: () => T) => Promise<T>) {
    this.s = {
      of: db.prepare(`SELECT token_hash AS tokenHash, created_at AS createdAt, COALESCE(last_used, created_at) AS lastUsed, device, place
        FROM sessions WHERE player_id = ? ORDER BY COALESCE(last_used, created_at) DESC, created_at DESC`),
      describe: db.prepare(`UPDATE sessions SET last_used = CASE WHEN last_used IS NULL OR last_used < ? THEN ? ELSE last_used END,
        device = ?, place = ? WHERE token_hash = ?`),
      // Table and column names come from ACCOUNT_TABLES, never from a request.
      rows: ACCOUNT_TABLES.map((t) => ({ t, q: db.prepare(`SELECT * FROM ${t.table} WHERE ${t.by} = ?${t.where === undefined ? '' : ` AND ${t.where}`}`) })),
    };
  }

  devicesOf(playerId: string): Promise<DeviceRow[]> {
    return this.guard(() => this.s.of.all(playerId) as DeviceRow[]);
  }
  describeSession(tokenHash: string, at: string, device: string, place: string): Promise<void> {
    return this.guard(() => { this.s.describe.run(at, at, device, place, tokenHash); });
  }
  accountData(playerId: string): Promise<AccountData> {
    return this.guard(() => {
      const out: AccountData = {};
      for (const { t, q } of this.s.rows) out[t.table] = (q.all(playerId) as Record<string, unknown>[]).map((r) => withoutSecrets(r, t.secret));
      return out;
    });
  }
}
