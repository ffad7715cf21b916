import type { Clock } from '../clock.js';
import type { Store } from '../store/store.js';
import { digestMail } from './compose.js';
import { type NotifyKeys, unsubscribeToken } from './keys.js';
import type { Links } from './links.js';
import type { Mailer } from './mailer.js';
import type { Notice } from './notifier.js';
import { accountNotify } from './settings.js';
import { textsFor } from './texts/index.js';

const DAY_MS = 86_400_000;
/** The digest goes out at this hour, UTC, every day. */
export const DIGEST_HOUR_UTC = 8;

/** The next moment the digest goes out after `now` (epoch ms). */
export function nextDigestAt(now: number): number {
  const today = Math.floor(now / DAY_MS) * DAY_MS + DIGEST_HOUR_UTC * 3_600_000;
  return today > now ? today : today + DAY_MS;
}

export interface DigestDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly keys: NotifyKeys;
  readonly links: Links;
  readonly log: { warn(obj: object, msg: string): void };
}

/**
 * Sends each account's waiting notices as one mail (its confirmed address, its language). The
 * notices are taken from the store before the mail goes, so that of several processes only one
 * sends them; a mail that fails puts them back for the next day.
 */
export async function sendDigests(d: DigestDeps): Promise<number> {
  let sent = 0;
  for (const playerId of await d.store.notifications.digestAccounts()) {
    const items = await d.store.notifications.takeDigest(playerId);
    if (items.length === 0) continue;
    const a = accountNotify(playerId, await d.store.notifications.notifyAccount(playerId));
    if (a.email === null || !a.emailConfirmed) continue; // the address went: its notices go with it
    const notices = items.map((i) => JSON.parse(i.notice) as Notice);
    const mail = digestMail(textsFor(a.language), a.language, notices.map((n) => ({ n, table: d.links.table(n.tableId, n.invite) })), a.email,
      d.links.unsubscribe(unsubscribeToken(d.keys, playerId, 'all')));
    try {
      await d.mailer.send(mail);
      sent++;
    } catch {
      for (const i of items) await d.store.notifications.addDigestItem(i);
      d.log.warn({ notices: items.length }, 'a digest could not be sent; it is kept for the next one');
    }
  }
  return sent;
}

/** Runs sendDigests once a day at DIGEST_HOUR_UTC on the clock; the function returned stops it. */
export function startDigests(d: DigestDeps): () => void {
  let cancel: (() => void) | null = null;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    cancel = d.clock.after(nextDigestAt(d.clock.now()) - d.clock.now(), () => {
      void sendDigests(d).catch(() => d.log.warn({}, 'the daily digest could not be read from the store')).finally(arm);
    });
  };
  arm();
  return () => { stopped = true; cancel?.(); };
}
