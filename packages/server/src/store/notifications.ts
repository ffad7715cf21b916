/**
 * What the notifier keeps (notify/, docs/notifications.md): accounts' addresses and settings,
 * devices' push subscriptions, one-time tokens (an address's confirmation, a password reset),
 * the mark of the last move mailed per table, the digest's waiting notices and the server's keys.
 * Each store implements it in its own notifications.ts; a method that cannot reach its data
 * rejects with StoreUnavailable, having written nothing. This file imports nothing of store.ts.
 */

/** An account's notification row; an account without one has the defaults. */
export interface NotifyAccountRow {
  readonly playerId: string;
  /** The address given (confirmed or not), lower-cased domain; null: none. */
  readonly email: string | null;
  readonly emailConfirmed: boolean;
  readonly language: string;
  /** The channel per kind, as JSON the notifier reads (notify/settings.ts). */
  readonly kinds: Readonly<Record<string, string>>;
  readonly digest: boolean;
}

/** One device's push subscription (RFC 8030 endpoint, RFC 8291 keys, base64url). */
export interface PushSubscriptionRow {
  readonly endpoint: string;
  readonly playerId: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly createdAt: string;
}

/** A one-time token: its SHA-256, what it is for, its account, a detail (the address it confirms) and its expiry (epoch ms). */
export interface NotifyTokenRow {
  readonly tokenHash: string;
  readonly purpose: 'confirm' | 'reset';
  readonly playerId: string;
  readonly detail: string;
  readonly expiresAt: number;
}

/** A notice kept for an account's daily digest. */
export interface DigestItemRow {
  /** Random: two notices of one moment are two rows. */
  readonly id: string;
  readonly playerId: string;
  readonly at: number;
  /** The notice as JSON (notify/notifier.ts's Notice). */
  readonly notice: string;
}

export interface NotificationStore {
  notifyAccount(playerId: string): Promise<NotifyAccountRow | null>;
  /** Writes an account's row whole (insert or replace). */
  saveNotifyAccount(row: NotifyAccountRow): Promise<void>;
  /** The account whose confirmed address is `email` (compared as stored), if any. */
  accountByEmail(email: string): Promise<string | null>;
  /** Adds or moves a subscription (an endpoint is one device: it belongs to the last account that sent it). */
  savePushSubscription(row: PushSubscriptionRow): Promise<void>;
  /** Forgets an endpoint; with `playerId`, only if it is that account's. */
  deletePushSubscription(endpoint: string, playerId?: string): Promise<void>;
  pushSubscriptions(playerId: string): Promise<PushSubscriptionRow[]>;
  addNotifyToken(row: NotifyTokenRow): Promise<void>;
  /** Takes a token (it is deleted, whether or not it has expired): the row, or null when it was never made or was used already. */
  takeNotifyToken(tokenHash: string, purpose: NotifyTokenRow['purpose']): Promise<NotifyTokenRow | null>;
  /** Deletes an account's tokens of one purpose. */
  deleteNotifyTokens(playerId: string, purpose: NotifyTokenRow['purpose']): Promise<void>;
  /** Records that `moveKey` was mailed to the player for the table: false when it was already (nothing written). */
  markMailed(playerId: string, tableId: string, moveKey: string): Promise<boolean>;
  addDigestItem(row: DigestItemRow): Promise<void>;
  /** The accounts with notices waiting for a digest. */
  digestAccounts(): Promise<string[]>;
  /** Takes (deletes and returns, oldest first) an account's waiting notices: a digest is sent by whoever takes them. */
  takeDigest(playerId: string): Promise<DigestItemRow[]>;
  /** The server's notification keys as stored (JSON), or `keys` when none were: the first writer's win. */
  notifyKeys(keys: string): Promise<string>;
  /** Deletes everything of an account here: row, subscriptions, tokens, marks, digest. */
  forgetNotifyAccount(playerId: string): Promise<void>;
}
