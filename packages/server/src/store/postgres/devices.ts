import { ACCOUNT_TABLES, type AccountData, type DeviceRow, type DeviceStore, withoutSecrets } from '../devices.js';
import type { PostgresConnection } from './connection.js';

/** Sessions' devices and an account's rows in PostgreSQL (store/devices.ts). */
export class PostgresDevices implements DeviceStore {
  constructor(private readonly db: PostgresConnection) {}

  async devicesOf(playerId: string): Promise<DeviceRow[]> {
    return (await this.db.q<DeviceRow>(`SELECT token_hash AS "tokenHash", created_at AS "createdAt", COALESCE(last_used, created_at) AS "lastUsed",
      device, place FROM sessions WHERE player_id = $1 ORDER BY COALESCE(last_used, created_at) DESC, created_at DESC`, [playerId])).rows;
  }
  async describeSession(tokenHash: string, at: string, device: string, place: string): Promise<void> {
    await this.db.q(`UPDATE sessions SET last_used = CASE WHEN last_used IS NULL OR last_used < $1 THEN $1 ELSE last_used END,
      device = $2, place = $3 WHERE token_hash = $4`, [at, device, place, tokenHash]);
  }
  async accountData(playerId: string): Promise<AccountData> {
    const out: AccountData = {};
    // Table and column names come from ACCOUNT_TABLES, never from a request.
    for (const t of ACCOUNT_TABLES) {
      const rows = (await this.db.q<Record<string, unknown>>(`SELECT * FROM ${t.table} WHERE ${t.by} = $1${t.where === undefined ? '' : ` AND ${t.where}`}`, [playerId])).rows;
      out[t.table] = rows.map((r) => withoutSecrets(r, t.secret));
    }
    return out;
  }
}
