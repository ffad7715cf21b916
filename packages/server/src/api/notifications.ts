import { randomBytes } from 'node:crypto';
import {
  type MeNotifications, NOTICE_KINDS, type NoticeKind, type PushKey, emailChoice, languageChoice, notificationChoice, pushSubscription, pushUnsubscription,
} from '@parlor/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionChecks } from '../accounts/sessions.js';
import type { SignInLimits } from '../accounts/sign-in-limits.js';
import type { Clock } from '../clock.js';
import { hashToken } from '../identity.js';
import { isPushService } from '../notify/config.js';
import { readUnsubscribeToken } from '../notify/keys.js';
import { linkPage } from '../notify/page.js';
import type { Notifications } from '../notify/service.js';
import { type AccountNotify, accountNotify, cleanEmail, notifyRow } from '../notify/settings.js';
import { textsFor } from '../notify/texts/index.js';
import type { PlayerRow, Store } from '../store/store.js';
import { ApiRefusal, body, caller, refuse } from './http.js';

export interface NotificationRouteDeps {
  readonly store: Store;
  readonly sessions: SessionChecks;
  readonly clock: Clock;
  readonly limits: SignInLimits;
  readonly notifications: Notifications;
  /** The hosts a subscription may name (PARLOR_PUSH_SERVICES). */
  readonly pushServices: readonly string[];
}

/** How long an address's confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 86_400_000;
/** Confirmation mails an account may have sent: a burst, then one every 12 minutes (each goes to an address it names). */
const CONFIRM_LIMIT = (playerId: string) => ({ key: `m:${playerId}`, burst: 5, perSecond: 5 / 3600 });

/** `GET /api/me`'s notification fields of a player (none for a guest). */
export async function meNotifications(store: Store, notifications: Notifications, player: PlayerRow): Promise<MeNotifications | Record<string, never>> {
  if ((player.accountSince ?? null) === null) return {};
  const a = accountNotify(player.id, await store.notifications.notifyAccount(player.id));
  return {
    email: a.email === null ? null : { address: a.email, confirmed: a.emailConfirmed },
    language: a.language, notifications: a.settings, mail: notifications.mailer !== null,
  };
}

/**
 * The notification routes (docs/api.md, "Notifications"): the VAPID key and devices' push
 * subscriptions, an account's address (confirmed by a link), its settings per kind and language,
 * and the links of mails (confirm; unsubscribe, which works signed out).
 */
export function notificationRoutes(app: FastifyInstance, d: NotificationRouteDeps): void {
  const { store, sessions, notifications } = d;
  const n = store.notifications;

  /** The caller, who must be an account: a guest is sent nothing, so it has nothing to set. */
  const account = async (req: FastifyRequest): Promise<{ player: PlayerRow; a: AccountNotify }> => {
    const { player } = await caller(sessions, req);
    if ((player.accountSince ?? null) === null) throw new ApiRefusal(403, 'ACCOUNT_REQUIRED', 'Only an account gets notifications; claim your name first.');
    return { player, a: accountNotify(player.id, await n.notifyAccount(player.id)) };
  };
  const page = (reply: FastifyReply, status: number, language: string, text: string) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      .send(linkPage(language, text));

  app.get('/api/push/key', async (_req, reply) => {
    const r: PushKey = { key: notifications.keys.publicKey };
    return reply.send(r);
  });

  app.post('/api/push/subscriptions', async (req, reply) => {
    try {
      const sub = body(pushSubscription, req.body);
      const { player } = await account(req);
      if (!isPushService(d.pushServices, sub.endpoint)) {
        throw new ApiRefusal(400, 'BAD_REQUEST', 'That endpoint is not at a push service this server sends to (its operator lists them in PARLOR_PUSH_SERVICES).');
      }
      await n.savePushSubscription({ endpoint: sub.endpoint, playerId: player.id, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: new Date(d.clock.now()).toISOString() });
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.delete('/api/push/subscriptions', async (req, reply) => {
    try {
      const { endpoint } = body(pushUnsubscription, req.body);
      const { player } = await caller(sessions, req);
      await n.deletePushSubscription(endpoint, player.id);
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.put('/api/accounts/email', async (req, reply) => {
    try {
      const { email: raw } = body(emailChoice, req.body);
      const { player, a } = await account(req);
      if (raw === null) {
        await n.deleteNotifyTokens(player.id, 'confirm');
        await n.saveNotifyAccount(notifyRow({ ...a, email: null, emailConfirmed: false }));
        return reply.code(204).send();
      }
      const mailer = notifications.mailer;
      if (mailer === null) throw new ApiRefusal(409, 'MAIL_OFF', 'This server sends no mail (its operator has not set PARLOR_SMTP), so it cannot take an address.');
      const email = cleanEmail(raw);
      if (email === null) throw new ApiRefusal(400, 'BAD_EMAIL', 'That is not one mail address (such as name@example.org).');
      if (email === a.email && a.emailConfirmed) return reply.code(204).send();
      const wait = await d.limits.take(CONFIRM_LIMIT(player.id));
      if (wait !== null) throw new ApiRefusal(429, 'RATE_LIMITED', `Too many confirmation mails lately. Try again in ${Math.ceil(wait)} s.`, wait);
      const token = randomBytes(32).toString('base64url');
      await n.deleteNotifyTokens(player.id, 'confirm');
      await n.saveNotifyAccount(notifyRow({ ...a, email, emailConfirmed: false }));
      await n.addNotifyToken({ tokenHash: hashToken(token), purpose: 'confirm', playerId: player.id, detail: email, expiresAt: d.clock.now() + CONFIRM_TTL_MS });
      const t = textsFor(a.language);
      mailer.send({ to: email, subject: t.confirmSubject, text: `${t.confirmBody}\n\n${notifications.links.confirm(token)}\n` })
        .catch(() => req.log.warn({ purpose: 'confirm' }, 'a confirmation mail could not be sent'));
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.get<{ Querystring: { token?: string } }>('/api/email/confirm', async (req, reply) => {
    try {
      const row = await n.takeNotifyToken(hashToken(String(req.query.token ?? '')), 'confirm');
      const a = row === null ? null : accountNotify(row.playerId, await n.notifyAccount(row.playerId));
      const holder = row === null ? null : await n.accountByEmail(row.detail);
      if (row === null || a === null || row.expiresAt < d.clock.now() || a.email !== row.detail || (holder !== null && holder !== row.playerId)) {
        return page(reply, 400, a?.language ?? 'en', textsFor(a?.language ?? 'en').badLink);
      }
      await n.saveNotifyAccount(notifyRow({ ...a, emailConfirmed: true }));
      return page(reply, 200, a.language, textsFor(a.language).confirmed);
    } catch (e) {
      return refuse(reply, e);
    }
  });

  // Works signed out, from the mail's link (GET) or a mail client's one-click (POST, RFC 8058).
  const unsubscribe = async (req: FastifyRequest<{ Querystring: { token?: string } }>, reply: FastifyReply) => {
    try {
      const who = readUnsubscribeToken(notifications.keys, String(req.query.token ?? ''));
      if (who === null || (who.scope !== 'all' && !(NOTICE_KINDS as readonly string[]).includes(who.scope))) return page(reply, 400, 'en', textsFor('en').badLink);
      const a = accountNotify(who.playerId, await n.notifyAccount(who.playerId));
      const stop = (k: NoticeKind) => who.scope === 'all' || who.scope === k;
      const kinds = Object.fromEntries(NOTICE_KINDS.map((k) => [k, stop(k) && a.settings.kinds[k] === 'email' ? 'none' : a.settings.kinds[k]])) as AccountNotify['settings']['kinds'];
      if (await store.accountOf(who.playerId) !== null) { // a deleted account keeps nothing here
        await n.saveNotifyAccount(notifyRow({ ...a, settings: { kinds, digest: who.scope === 'all' ? false : a.settings.digest } }));
      }
      return page(reply, 200, a.language, textsFor(a.language).unsubscribed);
    } catch (e) {
      return refuse(reply, e);
    }
  };
  app.get('/api/email/unsubscribe', unsubscribe);
  app.post('/api/email/unsubscribe', unsubscribe);

  app.put('/api/accounts/notifications', async (req, reply) => {
    try {
      const choice = body(notificationChoice, req.body);
      const { a } = await account(req);
      await n.saveNotifyAccount(notifyRow({ ...a, settings: { kinds: { ...a.settings.kinds, ...choice.kinds }, digest: choice.digest ?? a.settings.digest } }));
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.put('/api/accounts/language', async (req, reply) => {
    try {
      const { language } = body(languageChoice, req.body);
      const { a } = await account(req);
      await n.saveNotifyAccount(notifyRow({ ...a, language }));
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });
}
