import type Database from 'better-sqlite3';
import type { DigestItemRow, NotificationStore, NotifyAccountRow, NotifyTokenRow, PushSubscriptionRow } from '../notifications.js';

/** A row of notify_accounts as SQLite gives it. */
interface AccountRow { playerId: string; email: string | null; emailConfirmed: number; language: string; kinds: string; digest: number }

/**
 * The notifier's rows in SQLite (store/notifications.ts). Each call runs behind the store's
 * `guard`, given by the store, so that a failure of the database is StoreUnavailable here too.
 */
export class SqliteNotifications implements NotificationStore {
  private readonly s;

  constructor(private readonly db: Database.Database, private readonly guard: <T>(fn: () => T) => Promise<T>) {
    this.s = {
      account: db.prepare(`SELECT player_id AS playerId, email, email_confirmed AS emailConfirmed, language, kinds, digest
        FROM notify_accounts WHERE player_id = ?`),
      saveAccount: db.prepare(`INSERT INTO notify_accounts (player_id, email, email_confirmed, language, kinds, digest) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT(player_id) DO UPDATE SET email = excluded.email, email_confirmed = excluded.email_confirmed, language = excluded.language,
        kinds = excluded.kinds, digest = excluded.digest`),
      byEmail: db.prepare('SELECT player_id AS playerId FROM notify_accounts WHERE email = ? AND email_confirmed = 1'),
      saveSub: db.prepare(`INSERT INTO push_subscriptions (endpoint, player_id, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT(endpoint) DO UPDATE SET player_id = excluded.player_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`),
      deleteSub: db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?'),
      deleteSubOf: db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ? AND player_id = ?'),
      subs: db.prepare('SELECT endpoint, player_id AS playerId, p256dh, auth, created_at AS createdAt FROM push_subscriptions WHERE player_id = ? ORDER BY created_at, endpoint'),
      addToken: db.prepare('INSERT INTO notify_tokens (token_hash, purpose, player_id, detail, expires_at) VALUES (?, ?, ?, ?, ?)'),
      takeToken: db.prepare(`DELETE FROM notify_tokens WHERE token_hash = ? AND purpose = ?
        RETURNING token_hash AS tokenHash, purpose, player_id AS playerId, detail, expires_at AS expiresAt`),
      deleteTokens: db.prepare('DELETE FROM notify_tokens WHERE player_id = ? AND purpose = ?'),
      mark: db.prepare(`INSERT INTO mail_marks (player_id, table_id, move_key) VALUES (?, ?, ?)
        ON CONFLICT(player_id, table_id) DO UPDATE SET move_key = excluded.move_key WHERE mail_marks.move_key <> excluded.move_key`),
      addDigest: db.prepare('INSERT INTO digest_items (id, player_id, at, notice) VALUES (?, ?, ?, ?)'),
      digestAccounts: db.prepare('SELECT DISTINCT player_id AS playerId FROM digest_items ORDER BY player_id'),
      takeDigest: db.prepare('DELETE FROM digest_items WHERE player_id = ? RETURNING id, player_id AS playerId, at, notice'),
      keys: db.prepare("SELECT body FROM notify_keys WHERE name = 'notify'"),
      addKeys: db.prepare("INSERT INTO notify_keys (name, body) VALUES ('notify', ?) ON CONFLICT(name) DO NOTHING"),
      forget: ['notify_accounts', 'push_subscriptions', 'notify_tokens', 'mail_marks', 'digest_items']
        .map((t) => db.prepare(`DELETE FROM ${t} WHERE player_id = ?`)),
    };
  }

  notifyAccount(playerId: string): Promise<NotifyAccountRow | null> {
    return this.guard(() => {
      const r = this.s.account.get(playerId) as AccountRow | undefined;
      return r === undefined ? null : { ...r, emailConfirmed: r.emailConfirmed !== 0, digest: r.digest !== 0, kinds: JSON.parse(r.kinds) as Record<string, string> };
    });
  }
  saveNotifyAccount(r: NotifyAccountRow): Promise<void> {
    return this.guard(() => {
      this.s.saveAccount.run(r.playerId, r.email, r.emailConfirmed ? 1 : 0, r.language, JSON.stringify(r.kinds), r.digest ? 1 : 0);
    });
  }
  accountByEmail(email: string): Promise<string | null> {
    return this.guard(() => (this.s.byEmail.get(email) as { playerId: string } | undefined)?.playerId ?? null);
  }
  savePushSubscription(r: PushSubscriptionRow): Promise<void> {
    return this.guard(() => { this.s.saveSub.run(r.endpoint, r.playerId, r.p256dh, r.auth, r.createdAt); });
  }
  deletePushSubscription(endpoint: string, playerId?: string): Promise<void> {
    return this.guard(() => { if (playerId === undefined) this.s.deleteSub.run(endpoint); else this.s.deleteSubOf.run(endpoint, playerId); });
  }
  pushSubscriptions(playerId: string): Promise<PushSubscriptionRow[]> {
    return this.guard(() => this.s.subs.all(playerId) as PushSubscriptionRow[]);
  }
  addNotifyToken(r: NotifyTokenRow): Promise<void> {
    return this.guard(() => { this.s.addToken.run(r.tokenHash, r.purpose, r.playerId, r.detail, r.expiresAt); });
  }
  takeNotifyToken(tokenHash: string, purpose: NotifyTokenRow['purpose']): Promise<NotifyTokenRow | null> {
    return this.guard(() => (this.s.takeToken.get(tokenHash, purpose) as NotifyTokenRow | undefined) ?? null);
  }
  deleteNotifyTokens(playerId: string, purpose: NotifyTokenRow['purpose']): Promise<void> {
    return this.guard(() => { this.s.deleteTokens.run(playerId, purpose); });
  }
  markMailed(playerId: string, tableId: string, moveKey: string): Promise<boolean> {
    return this.guard(() => this.s.mark.run(playerId, tableId, moveKey).changes === 1);
  }
  addDigestItem(r: DigestItemRow): Promise<void> {
    return this.guard(() => { this.s.addDigest.run(r.id, r.playerId, r.at, r.notice); });
  }
  digestAccounts(): Promise<string[]> {
    return this.guard(() => (this.s.digestAccounts.all() as { playerId: string }[]).map((r) => r.playerId));
  }
  takeDigest(playerId: string): Promise<DigestItemRow[]> {
    return this.guard(() => (this.s.takeDigest.all(playerId) as DigestItemRow[]).sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)));
  }
  notifyKeys(keys: string): Promise<string> {
    return this.guard(() => {
      this.s.addKeys.run(keys);
      return (this.s.keys.get() as { body: string }).body;
    });
  }
  forgetNotifyAccount(playerId: string): Promise<void> {
    return this.guard(() => this.db.transaction(() => { for (const st of this.s.forget) st.run(playerId); })());
  }
}
