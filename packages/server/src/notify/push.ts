import { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushSubscriptionRow } from '../store/notifications.js';
import type { NotifyKeys } from './keys.js';

/** What a push service answered: taken, the subscription is gone (404/410: forget it), or try again later. */
export type PushResult = 'sent' | 'gone' | 'failed';

/** Sends one encrypted push (RFC 8291) to one subscription, signed with the server's VAPID key (RFC 8292). */
export interface PushSender {
  send(sub: PushSubscriptionRow, payload: string, ttlSeconds: number): Promise<PushResult>;
}

/**
 * A sender on web-push. `subject` is the VAPID contact (an https: URL or a mailto:); `ca`, extra
 * certificates to trust for push services (PARLOR_PUSH_CA, a test's own service).
 */
export function webPushSender(keys: NotifyKeys, subject: string, ca: string | null): PushSender {
  const agent = ca === null ? undefined : new Agent({ ca, keepAlive: false });
  return {
    async send(sub, payload, ttlSeconds) {
      try {
        await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: ttlSeconds, timeout: 10_000, urgency: 'normal', ...(agent === undefined ? {} : { agent }),
        });
        return 'sent';
      } catch (e) {
        const status = (e as { statusCode?: number }).statusCode;
        return status === 404 || status === 410 ? 'gone' : 'failed';
      }
    },
  };
}

/** The VAPID subject: the public https address, else a mailto: of the mail's sender, else a placeholder. */
export function vapidSubject(publicUrl: string | null, from: string | null): string {
  if (publicUrl !== null && publicUrl.startsWith('https://')) return publicUrl;
  const address = from === null ? null : /<([^>]+)>/.exec(from)?.[1] ?? from;
  return `mailto:${address ?? 'parlor@localhost.invalid'}`;
}
