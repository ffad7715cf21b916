import type { DigestItemRow, NotificationStore, NotifyAccountRow, NotifyTokenRow, PushSubscriptionRow } from '../notifications.js';
import type { PostgresConnection } from './connection.js';

/** A row of notify_accounts as PostgreSQL gives it. */
interface AccountRow { playerId: string; email: string | null; emailConfirmed: number; language: string; kinds: string; digest: number }

const SUB = 'endpoint, player_id AS "playerId", p256dh, auth, created_at AS "createdAt"';

/** The notifier's rows in PostgreSQL (store/notifications.ts), as SQLite's. */
export class PostgresNotifications implements NotificationStore {
  constructor(private readonly db: PostgresConnection) {}

  async notifyAccount(playerId: string): Promise<NotifyAccountRow | null> {
    const r = (await this.db.q<AccountRow>(`SELECT player_id AS "playerId", email, email_confirmed AS "emailConfirmed", language, kinds, digest
      FROM notify_accounts WHERE player_id = $1`, [playerId])).rows[0];
    return r === undefined ? null : { ...r, emailConfirmed: r.emailConfirmed !== 0, digest: r.digest !== 0, kinds: JSON.parse(r.kinds) as Record<string, string> };
  }
  async saveNotifyAccount(r: NotifyAccountRow): Promise<void> {
    await this.db.q(`INSERT INTO notify_accounts (player_id, email, email_confirmed, language, kinds, digest) VALUES ($1, $2, $3, $4, $5, $6)
      ON CONFLICT (player_id) DO UPDATE SET email = excluded.email, email_confirmed = excluded.email_confirmed, language = excluded.language,
      kinds = excluded.kinds, digest = excluded.digest`, [r.playerId, r.email, r.emailConfirmed ? 1 : 0, r.language, JSON.stringify(r.kinds), r.digest ? 1 : 0]);
  }
  async accountByEmail(email: string): Promise<string | null> {
    return (await this.db.q<{ playerId: string }>('SELECT player_id AS "playerId" FROM notify_accounts WHERE email = $1 AND email_confirmed = 1', [email])).rows[0]?.playerId ?? null;
  }
  async savePushSubscription(r: PushSubscriptionRow): Promise<void> {
    await this.db.q(`INSERT INTO push_subscriptions (endpoint, player_id, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (endpoint) DO UPDATE SET player_id = excluded.player_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
    [r.endpoint, r.playerId, r.p256dh, r.auth, r.createdAt]);
  }
  async deletePushSubscription(endpoint: string, playerId?: string): Promise<void> {
    if (playerId === undefined) await this.db.q('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
    else await this.db.q('DELETE FROM push_subscriptions WHERE endpoint = $1 AND player_id = $2', [endpoint, playerId]);
  }
  async pushSubscriptions(playerId: string): Promise<PushSubscriptionRow[]> {
    return (await this.db.q<PushSubscriptionRow>(`SELECT ${SUB} FROM push_subscriptions WHERE player_id = $1 ORDER BY created_at, endpoint`, [playerId])).rows;
  }
  async addNotifyToken(r: NotifyTokenRow): Promise<void> {
    await this.db.q('INSERT INTO notify_tokens (token_hash, purpose, player_id, detail, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [r.tokenHash, r.purpose, r.playerId, r.detail, r.expiresAt]);
  }
  async takeNotifyToken(tokenHash: string, purpose: NotifyTokenRow['purpose']): Promise<NotifyTokenRow | null> {
    return (await this.db.q<NotifyTokenRow>(`DELETE FROM notify_tokens WHERE token_hash = $1 AND purpose = $2
      RETURNING token_hash AS "tokenHash", purpose, player_id AS "playerId", detail, expires_at AS "expiresAt"`, [tokenHash, purpose])).rows[0] ?? null;
  }
  async deleteNotifyTokens(playerId: string, purpose: NotifyTokenRow['purpose']): Promise<void> {
    await this.db.q('DELETE FROM notify_tokens WHERE player_id = $1 AND purpose = $2', [playerId, purpose]);
  }
  async markMailed(playerId: string, tableId: string, moveKey: string): Promise<boolean> {
    return (await this.db.q(`INSERT INTO mail_marks (player_id, table_id, move_key) VALUES ($1, $2, $3)
      ON CONFLICT (player_id, table_id) DO UPDATE SET move_key = excluded.move_key WHERE mail_marks.move_key <> excluded.move_key`,
    [playerId, tableId, moveKey])).rowCount === 1;
  }
  async addDigestItem(r: DigestItemRow): Promise<void> {
    await this.db.q('INSERT INTO digest_items (id, player_id, at, notice) VALUES ($1, $2, $3, $4)', [r.id, r.playerId, r.at, r.notice]);
  }
  async digestAccounts(): Promise<string[]> {
    return (await this.db.q<{ playerId: string }>('SELECT DISTINCT player_id AS "playerId" FROM digest_items ORDER BY player_id')).rows.map((r) => r.playerId);
  }
  async takeDigest(playerId: string): Promise<DigestItemRow[]> {
    const rows = (await this.db.q<DigestItemRow>('DELETE FROM digest_items WHERE player_id = $1 RETURNING id, player_id AS "playerId", at, notice', [playerId])).rows;
    return rows.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  }
  async notifyKeys(keys: string): Promise<string> {
    await this.db.q("INSERT INTO notify_keys (name, body) VALUES ('notify', $1) ON CONFLICT (name) DO NOTHING", [keys]);
    return (await this.db.q<{ body: string }>("SELECT body FROM notify_keys WHERE name = 'notify'")).rows[0]!.body;
  }
  async forgetNotifyAccount(playerId: string): Promise<void> {
    await this.db.tx(async (c) => {
      for (const t of ['notify_accounts', 'push_subscriptions', 'notify_tokens', 'mail_marks', 'digest_items']) {
        await c.query(`DELETE FROM ${t} WHERE player_id = $1`, [playerId]);
      }
    });
  }
}
