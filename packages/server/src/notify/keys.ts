import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import webpush from 'web-push';
import type { NotificationStore } from '../store/notifications.js';

/**
 * The server's notification keys, made at first start and kept in the database (so every process
 * of a cluster, and every restart, signs with the same ones: a browser's subscription is bound to
 * the VAPID public key it was made with). `secret` signs unsubscribe links.
 */
export interface NotifyKeys {
  /** VAPID (RFC 8292) P-256 key pair, base64url as web-push gives it. */
  readonly publicKey: string;
  readonly privateKey: string;
  /** 32 random bytes, base64url: the HMAC key of unsubscribe links. */
  readonly secret: string;
}

/** The stored keys, or new ones stored now; when two processes start at once, the first write wins and both use it. */
export async function loadNotifyKeys(store: NotificationStore): Promise<NotifyKeys> {
  const made = webpush.generateVAPIDKeys();
  const fresh: NotifyKeys = { publicKey: made.publicKey, privateKey: made.privateKey, secret: randomBytes(32).toString('base64url') };
  return JSON.parse(await store.notifyKeys(JSON.stringify(fresh))) as NotifyKeys;
}

/** What an unsubscribe link stops: one kind, or every mail. */
export type UnsubscribeScope = string;

const mac = (keys: NotifyKeys, playerId: string, scope: UnsubscribeScope) =>
  createHmac('sha256', Buffer.from(keys.secret, 'base64url')).update(`unsubscribe\n${playerId}\n${scope}`).digest('base64url').slice(0, 32);

/**
 * An unsubscribe token: the account, the scope and an HMAC of both. Signed rather than stored, so a
 * mail's link works for as long as the keys do, without a row per mail; it says nothing secret.
 */
export function unsubscribeToken(keys: NotifyKeys, playerId: string, scope: UnsubscribeScope): string {
  return `${Buffer.from(playerId).toString('base64url')}.${scope}.${mac(keys, playerId, scope)}`;
}

/** The account and scope of a genuine unsubscribe token; null for anything else. */
export function readUnsubscribeToken(keys: NotifyKeys, token: string): { playerId: string; scope: UnsubscribeScope } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [who, scope, sig] = parts as [string, string, string];
  const playerId = Buffer.from(who, 'base64url').toString();
  const want = Buffer.from(mac(keys, playerId, scope));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? { playerId, scope } : null;
}
