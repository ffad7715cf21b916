import { z } from 'zod';

/**
 * Notifications and password reset over HTTP (docs/notifications.md, docs/api.md "Notifications"):
 * the wire shapes shared by the server and the web client.
 */

/** The languages an account's mails are written in: the web client's ten. */
export const NOTIFY_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'pl', 'pt-BR', 'ja', 'ko', 'zh-Hans'] as const;
export type NotifyLanguage = (typeof NOTIFY_LANGUAGES)[number];

/**
 * What a player is told of: their move, a challenge another player made them in a game (a game's
 * own, such as a test of a claim), a game's end, an invitation to a table.
 */
export const NOTICE_KINDS = ['your-move', 'challenge', 'game-ended', 'invitation'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** How a kind reaches the player: a push to their devices, a mail to their confirmed address, or not at all. */
export const NOTICE_CHANNELS = ['push', 'email', 'none'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** An account's settings: a channel per kind, and whether mails wait for one daily digest. */
export interface NotificationSettings {
  readonly kinds: Readonly<Record<NoticeKind, NoticeChannel>>;
  readonly digest: boolean;
}

/** Every kind by push, no digest: an account's settings until it chooses. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  kinds: { 'your-move': 'push', challenge: 'push', 'game-ended': 'push', invitation: 'push' },
  digest: false,
};

/** `GET /api/me`'s notification fields (an account's; a guest has none). */
export interface MeNotifications {
  /** The address given, confirmed or waiting for its link to be followed; null: none. */
  readonly email: { readonly address: string; readonly confirmed: boolean } | null;
  readonly language: NotifyLanguage;
  readonly notifications: NotificationSettings;
  /** Whether this server sends mail at all (PARLOR_SMTP set). */
  readonly mail: boolean;
}

/** `GET /api/push/key`: the server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
export interface PushKey {
  readonly key: string;
}

const base64url = z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

/** `POST /api/push/subscriptions`: a browser's PushSubscription as its toJSON() gives it. */
export const pushSubscription = z.object({
  endpoint: z.string().min(1).max(2000).refine((s) => {
    try { return new URL(s).protocol === 'https:'; } catch { return false; }
  }, 'must be an https:// URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;

/** `DELETE /api/push/subscriptions`: the endpoint to forget. */
export const pushUnsubscription = z.strictObject({ endpoint: z.string().min(1).max(2000) });

/** `PUT /api/accounts/email`: the address to confirm (null removes it). */
export const emailChoice = z.strictObject({ email: z.string().max(254).nullable() });

/** `PUT /api/accounts/notifications`: any of the kinds' channels, and the digest. */
export const notificationChoice = z.strictObject({
  kinds: z.partialRecord(z.enum(NOTICE_KINDS), z.enum(NOTICE_CHANNELS)).optional(),
  digest: z.boolean().optional(),
});

/** `PUT /api/accounts/language`: the language of the account's mails. */
export const languageChoice = z.strictObject({ language: z.enum(NOTIFY_LANGUAGES) });

/** `POST /api/password/forgot`: the account's name or its confirmed address. */
export const passwordForgot = z.strictObject({ name: z.string().min(1).max(1000) });

/** `POST /api/password/reset`: the link's token and the new password. */
export const passwordReset = z.strictObject({ token: z.string().min(1).max(200), password: z.string().max(4000) });
