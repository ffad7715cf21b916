import { type MyModeration, appealRequest, credentials } from '@parlor/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import { actionView } from '../moderation/views.js';
import type { AccountRow, Store } from '../store/store.js';
import { ApiRefusal, body, refuse } from './http.js';

/** `POST /api/sessions/banned/appeal`: a banned account's name and password, and its one appeal of an action. */
const bannedAppeal = credentials.extend({ actionId: z.string().min(1).max(64), text: appealRequest.shape.text });

export interface BannedDeps {
  readonly store: Store;
  readonly clock: Clock;
  /** Why a player is banned by a moderator (a sentence), or null. */
  readonly banned?: ((playerId: string) => Promise<string | null>) | undefined;
}

/** The routes of a banned account that cannot sign in: its record, and its appeals. */
export function bannedRoutes(app: FastifyInstance, d: BannedDeps,
  signInCheck: (req: FastifyRequest, rawName: string, password: string) => Promise<AccountRow>): void {
  const { store, clock } = d;
  /**
   * A banned account, signed out, reads why and appeals (docs/api.md, "POST /api/sessions/banned"):
   * its name and password, checked as a sign-in checks them, stand for the session it cannot have.
   * Only while a ban holds (NOT_BANNED otherwise: sign in). No session is made.
   */
  const bannedAccount = async (req: FastifyRequest, rawName: string, password: string): Promise<AccountRow> => {
    const account = await signInCheck(req, rawName, password);
    if (await d.banned?.(account.playerId) == null) throw new ApiRefusal(409, 'NOT_BANNED', 'This account is not banned: sign in.');
    return account;
  };
  app.post('/api/sessions/banned', async (req, reply) => {
    try {
      const { name, password } = body(credentials, req.body);
      const account = await bannedAccount(req, name, password);
      const now = clock.now();
      const r: MyModeration = { moderator: false, actions: (await store.moderation.modActionsOn(account.playerId)).map((a) => actionView(a, now)) };
      return reply.header('cache-control', 'no-store').send(r);
    } catch (e) {
      return refuse(reply, e);
    }
  });
  app.post('/api/sessions/banned/appeal', async (req, reply) => {
    try {
      const { name, password, actionId, text } = body(bannedAppeal, req.body);
      const account = await bannedAccount(req, name, password);
      const a = await store.moderation.modAction(actionId);
      if (a === null || a.playerId !== account.playerId) throw new ApiRefusal(404, 'NOT_FOUND', 'There is no such action on your account.');
      if (!await store.moderation.appeal(a.id, text, clock.now())) throw new ApiRefusal(409, 'ALREADY_APPEALED', 'Each action may be appealed once, and this one has been.');
      return reply.send(actionView((await store.moderation.modAction(a.id))!, clock.now()));
    } catch (e) {
      return refuse(reply, e);
    }
  });

}
