import {
  DEFAULT_NOTIFICATION_SETTINGS, NOTICE_CHANNELS, NOTICE_KINDS, NOTIFY_LANGUAGES, type NoticeChannel, type NoticeKind, type NotificationSettings,
  type NotifyLanguage,
} from '@parlor/protocol';
import type { NotifyAccountRow } from '../store/notifications.js';

/** An account's notification row with every setting filled in: the defaults where it has none. */
export interface AccountNotify {
  readonly playerId: string;
  readonly email: string | null;
  readonly emailConfirmed: boolean;
  readonly language: NotifyLanguage;
  readonly settings: NotificationSettings;
}

const isLanguage = (x: string): x is NotifyLanguage => (NOTIFY_LANGUAGES as readonly string[]).includes(x);
const isChannel = (x: unknown): x is NoticeChannel => (NOTICE_CHANNELS as readonly unknown[]).includes(x);

/** The row as the notifier reads it (a kind stored with an unknown channel, or none, has its default). */
export function accountNotify(playerId: string, row: NotifyAccountRow | null): AccountNotify {
  const kinds = Object.fromEntries(NOTICE_KINDS.map((k) => {
    const stored = row?.kinds[k];
    return [k, isChannel(stored) ? stored : DEFAULT_NOTIFICATION_SETTINGS.kinds[k]];
  })) as Record<NoticeKind, NoticeChannel>;
  return {
    playerId,
    email: row?.email ?? null,
    emailConfirmed: row?.emailConfirmed === true,
    language: row !== null && isLanguage(row.language) ? row.language : 'en',
    settings: { kinds, digest: row?.digest === true },
  };
}

/** The row to store for these settings. */
export function notifyRow(a: AccountNotify): NotifyAccountRow {
  return { playerId: a.playerId, email: a.email, emailConfirmed: a.emailConfirmed, language: a.language, kinds: a.settings.kinds, digest: a.settings.digest };
}

/**
 * An address as given, checked and kept: trimmed, its domain lower-cased (the part before the @ is
 * the mail server's to interpret). Null when it is not one address (one @, no spaces or angle
 * brackets, a dotted domain, at most 254 characters).
 */
export function cleanEmail(raw: string): string | null {
  const s = raw.trim();
  if (s.length > 254 || !/^[^\s@<>()[\],;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$/.test(s)) return null;
  const at = s.lastIndexOf('@');
  return `${s.slice(0, at)}@${s.slice(at + 1).toLowerCase()}`;
}
