import { randomBytes } from 'node:crypto';
import { passwordForgot, passwordReset } from '@parlor/protocol';
import type { FastifyInstance } from 'fastify';
import { nameKey } from '../accounts/names.js';
import { hashPassword, passwordProblem } from '../accounts/passwords.js';
import type { SignInLimits } from '../accounts/sign-in-limits.js';
import type { Clock } from '../clock.js';
import { cleanName, hashToken } from '../identity.js';
import type { SessionEnd } from '../live-sessions.js';
import type { Notifications } from '../notify/service.js';
import { accountNotify, cleanEmail } from '../notify/settings.js';
import { textsFor } from '../notify/texts/index.js';
import type { Store } from '../store/store.js';
import { ApiRefusal, body, refuse } from './http.js';

/** A reset link works this long, once. */
export const RESET_TTL_MS = 3_600_000;

/** Asking for reset links: per client address (refused, RATE_LIMITED) and per account (silently not sent, so that it reveals nothing). */
const FORGOT_LIMITS = {
  address: (address: string) => ({ key: `f:${address}`, burst: 10, perSecond: 10 / 3600 }),
  account: (playerId: string) => ({ key: `fa:${playerId}`, burst: 3, perSecond: 3 / 3600 }),
};

export interface PasswordResetDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly limits: SignInLimits;
  readonly notifications: Notifications;
  readonly events: { sessionsEnded(e: SessionEnd): void };
}

/**
 * A forgotten password (docs/notifications.md, "Password reset"): a link to the account's confirmed
 * address, single use, for an hour; following it sets a new password and ends every session.
 */
export function passwordResetRoutes(app: FastifyInstance, d: PasswordResetDeps): void {
  const n = d.store.notifications;

  // Always 204, whether or not there is such an account or address: the answer reveals none.
  app.post('/api/password/forgot', async (req, reply) => {
    try {
      const { name } = body(passwordForgot, req.body);
      const wait = await d.limits.take(FORGOT_LIMITS.address(req.ip));
      if (wait !== null) throw new ApiRefusal(429, 'RATE_LIMITED', `Too many reset requests from your address. Try again in ${Math.ceil(wait)} s.`, wait);
      const mailer = d.notifications.mailer;
      let playerId: string | null = null;
      if (name.includes('@')) {
        const email = cleanEmail(name);
        playerId = email === null ? null : await n.accountByEmail(email);
      } else {
        const clean = cleanName(name);
        playerId = clean === null ? null : (await d.store.accountByKey(nameKey(clean)))?.playerId ?? null;
      }
      const a = playerId === null ? null : accountNotify(playerId, await n.notifyAccount(playerId));
      if (mailer !== null && a !== null && a.email !== null && a.emailConfirmed && await d.limits.take(FORGOT_LIMITS.account(a.playerId)) === null) {
        const token = randomBytes(32).toString('base64url');
        await n.addNotifyToken({ tokenHash: hashToken(token), purpose: 'reset', playerId: a.playerId, detail: '', expiresAt: d.clock.now() + RESET_TTL_MS });
        const t = textsFor(a.language);
        mailer.send({ to: a.email, subject: t.resetSubject, text: `${t.resetBody}\n\n${d.notifications.links.reset(token)}\n` })
          .catch(() => req.log.warn({ purpose: 'reset' }, 'a reset mail could not be sent'));
      }
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.post('/api/password/reset', async (req, reply) => {
    try {
      const { token, password } = body(passwordReset, req.body);
      // The password is checked before the token is taken: a refused password leaves the link working.
      const problem = passwordProblem(password);
      if (problem !== null) throw new ApiRefusal(400, 'BAD_PASSWORD', problem);
      const row = await n.takeNotifyToken(hashToken(token), 'reset');
      const account = row === null ? null : await d.store.accountOf(row.playerId);
      if (row === null || row.expiresAt < d.clock.now() || account === null) {
        throw new ApiRefusal(400, 'BAD_LINK', 'This reset link is not valid: it was used already, it has expired (after an hour), or it was copied wrongly. Ask for a new one.');
      }
      await d.store.setPassword(account.playerId, await hashPassword(password));
      await n.deleteNotifyTokens(account.playerId, 'reset'); // any other link sent meanwhile is void too
      await d.store.deleteSessions(account.playerId); // every device signs in again, with the new password…
      d.events.sessionsEnded({ player: account.playerId, why: 'password' }); // …and their sockets close;
      // and no device keeps its notifications (one someone else signed in on may be why the password was reset).
      for (const sub of await n.pushSubscriptions(account.playerId)) await n.deletePushSubscription(sub.endpoint, account.playerId);
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });
}
