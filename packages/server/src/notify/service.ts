import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Store } from '../store/store.js';
import { startDigests } from './digest.js';
import { type NotifyKeys, loadNotifyKeys } from './keys.js';
import { type Links, linksUnder } from './links.js';
import { type Mailer, smtpMailer } from './mailer.js';
import { type Notifier, createNotifier } from './notifier.js';
import { type PushSender, vapidSubject, webPushSender } from './push.js';

/** Notifications as the server runs them: the keys, the senders, the notifier and the daily digest. */
export interface Notifications {
  readonly keys: NotifyKeys;
  readonly links: Links;
  readonly mailer: Mailer | null;
  readonly push: PushSender;
  readonly notifier: Notifier;
  /** Whether a player has a page open on a table (then nothing is sent); app.ts sets it to the hosted tables' watchers. */
  hasOpenPage: (playerId: string, tableId: string) => boolean;
  close(): Promise<void>;
}

export interface NotificationsDeps {
  readonly store: Store;
  readonly config: ServerConfig;
  readonly clock: Clock;
  readonly log: { warn(obj: object, msg: string): void };
  /** The public address for links: PARLOR_PUBLIC_URL, else the server's own once it listens. */
  readonly baseUrl: () => string;
}

/** Loads (or makes, at first start) the keys and starts the notifier and the digest. */
export async function openNotifications(d: NotificationsDeps): Promise<Notifications> {
  const keys = await loadNotifyKeys(d.store.notifications);
  const links = linksUnder(d.baseUrl);
  const mailer = d.config.smtp === null ? null : smtpMailer(d.config.smtp);
  const push = webPushSender(keys, vapidSubject(d.config.publicUrl, d.config.smtp?.from ?? null), d.config.pushCa);
  const stopDigests = mailer === null ? () => {} : startDigests({ store: d.store, clock: d.clock, mailer, keys, links, log: d.log });
  const out: Notifications = {
    keys, links, mailer, push,
    hasOpenPage: () => false,
    notifier: createNotifier({ store: d.store, clock: d.clock, log: d.log, keys, links, mailer, push, hasOpenPage: (p, t) => out.hasOpenPage(p, t) }),
    close: async () => {
      stopDigests();
      await out.notifier.close();
      mailer?.close();
    },
  };
  return out;
}
