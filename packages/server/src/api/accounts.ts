import {
  AVATARS, type Me, type SessionReply, accountDeletion, avatarChoice, botChoice, credentials, isAvatarId, passwordChange,
} from '@parlor/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { seenBy } from '../accounts/device-label.js';
import { rememberDevice } from '../accounts/devices.js';
import { accountNameClash } from '../accounts/name-check.js';
import { nameKey } from '../accounts/names.js';
import { hashPassword, passwordProblem, verifyPassword } from '../accounts/passwords.js';
import type { SessionChecks } from '../accounts/sessions.js';
import { signInChecks } from './sign-in-check.js';
import { SIGN_IN_LIMITS, type SignInLimits } from '../accounts/sign-in-limits.js';
import type { Clock } from '../clock.js';
import { cleanName, hashToken, randomId } from '../identity.js';
import type { SessionEnd } from '../live-sessions.js';
import type { AccountRow, PlayerRow, Store } from '../store/store.js';
import { bannedRoutes } from './banned.js';
import { ApiRefusal, bearer, body, caller, refuse } from './http.js';

/** How a deleted account's player is shown in the games they played. */
export const DELETED_PLAYER = 'deleted player';

/** What the account routes tell the live server: a player's name, avatar or bot flag changed; sessions ended (their sockets close). */
export interface AccountEvents {
  renamed(playerId: string, name: string, account: boolean, avatar: string | null, bot: boolean): void;
  sessionsEnded(e: SessionEnd): void;
}

export interface AccountDeps {
  readonly store: Store;
  readonly events: AccountEvents;
  readonly clock: Clock;
  readonly sessions: SessionChecks;
  readonly limits: SignInLimits;
  /** More fields of `GET /api/me` (notifications: api/notifications.ts). */
  readonly me?: (player: PlayerRow) => Promise<object>;
  /** Why a player is banned by a moderator (a sentence), or null: a banned account's sign-in is refused. */
  readonly banned?: (playerId: string) => Promise<string | null>;
}

/**
 * The account routes (docs/api.md): create or claim an account, sign in and out, change the
 * password, choose an avatar, say it is a bot, delete the account. Sign-in tries are limited (sign-in-limits.ts); ending sessions
 * closes their sockets at once, on every process.
 */
export function accountRoutes(app: FastifyInstance, d: AccountDeps): void {
  const { store, events, clock, sessions, limits } = d;
  const iso = () => new Date(clock.now()).toISOString();

  const { tries, giveBack, signInCheck } = signInChecks(store, clock, limits);
  /** The tries of a password check on `account` by a signed-in caller (a change, a deletion). */
  const passwordTries = (req: FastifyRequest, account: AccountRow) =>
    tries([{ bucket: SIGN_IN_LIMITS.pair(req.ip, account.nameKey), what: 'Too many wrong passwords for this account from your address.' }]);

  const checkName = (raw: string) => {
    const name = cleanName(raw);
    if (name === null) throw new ApiRefusal(400, 'BAD_NAME', 'A name has 1 to 24 characters as they appear on screen, at least one of them visible.');
    return name;
  };
  const checkPassword = (raw: string) => {
    const problem = passwordProblem(raw);
    if (problem !== null) throw new ApiRefusal(400, 'BAD_PASSWORD', problem);
  };

  app.post('/api/accounts', async (req, reply) => {
    try {
      const { name: rawName, password } = body(credentials, req.body);
      const name = checkName(rawName);
      checkPassword(password);
      const key = nameKey(name);
      const hasToken = req.headers.authorization !== undefined;
      const claimer = hasToken ? await caller(sessions, req) : null;
      if (claimer !== null && await store.accountOf(claimer.player.id) !== null) {
        throw new ApiRefusal(409, 'ALREADY_ACCOUNT', 'You have an account already.');
      }
      if (claimer === null) await tries([{ bucket: SIGN_IN_LIMITS.newAccounts(req.ip), what: 'Too many new accounts from your address.' }]);
      const clash = await accountNameClash(store, name);
      if (clash !== null) throw new ApiRefusal(409, clash.code, clash.message);
      const hash = await hashPassword(password);
      const at = iso();
      let playerId: string;
      let token: string;
      if (claimer !== null) {
        // A guest claims their player: everything they played stays theirs, and their token works on.
        playerId = claimer.player.id;
        token = bearer(req)!;
      } else {
        token = randomId(24);
        playerId = randomId();
        await store.addPlayer({ id: playerId, name, tokenHash: hashToken(token), createdAt: at });
      }
      if (!await store.claimAccount(playerId, name, key, hash, at)) throw new ApiRefusal(409, 'NAME_TAKEN', `The name "${name}" belongs to an account already.`);
      // A guest has no avatar to keep, nor a bot flag (only accounts choose them).
      events.renamed(playerId, name, true, claimer?.player.avatar ?? null, claimer?.player.bot === true);
      const seen = seenBy(req); // the session's device, for the account's list of them
      await store.devices.describeSession(hashToken(token), at, seen.device, seen.place);
      rememberDevice(req, reply, { playerId, name, nameKey: key, password: hash }, clock.now());
      const reply201: SessionReply = { name, token };
      return reply.code(201).send(reply201);
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.post('/api/sessions', async (req, reply) => {
    try {
      const { name: rawName, password } = body(credentials, req.body);
      const account = await signInCheck(req, rawName, password);
      const ban = await d.banned?.(account.playerId) ?? null;
      if (ban !== null) throw new ApiRefusal(403, 'BANNED', ban);
      const token = randomId(24);
      await store.addSession(hashToken(token), account.playerId, iso());
      const seen = seenBy(req);
      await store.devices.describeSession(hashToken(token), iso(), seen.device, seen.place);
      rememberDevice(req, reply, account, clock.now());
      const r: SessionReply = { name: account.name, token };
      return reply.send(r);
    } catch (e) {
      return refuse(reply, e);
    }
  });

  bannedRoutes(app, { store, clock, banned: d.banned }, signInCheck);

  app.delete('/api/sessions', async (req, reply) => {
    try {
      const { player, tokenHash } = await caller(sessions, req);
      await store.deleteSession(tokenHash);
      events.sessionsEnded({ player: player.id, why: 'signed-out', only: [tokenHash] });
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.post('/api/accounts/password', async (req, reply) => {
    try {
      const { password, newPassword } = body(passwordChange, req.body);
      const { player, tokenHash } = await caller(sessions, req);
      const account = await store.accountOf(player.id);
      if (account === null) throw new ApiRefusal(403, 'UNAUTHORIZED', 'Only an account has a password.');
      const taken = await passwordTries(req, account);
      if (!await verifyPassword(password, account.password)) throw new ApiRefusal(401, 'BAD_CREDENTIALS', 'The current password is not right.');
      checkPassword(newPassword);
      await giveBack(taken);
      const hash = await hashPassword(newPassword);
      await store.setPassword(player.id, hash);
      await store.deleteSessions(player.id, tokenHash); // signed out everywhere else…
      events.sessionsEnded({ player: player.id, why: 'password', except: tokenHash }); // …and their sockets closed
      rememberDevice(req, reply, { ...account, password: hash }, clock.now()); // the other devices are forgotten with the old password
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  // An account's avatar: one of the set, or null for the pattern drawn from its id. The tables
  // where it sits, and the next chat lines, show it at once.
  app.put('/api/accounts/avatar', async (req, reply) => {
    try {
      const { avatar } = body(avatarChoice, req.body);
      const { player } = await caller(sessions, req);
      if (!player.accountSince) throw new ApiRefusal(403, 'UNAUTHORIZED', 'Only an account can choose an avatar; claim your name first.');
      if (avatar !== null && !isAvatarId(avatar)) {
        throw new ApiRefusal(400, 'BAD_AVATAR', `There is no avatar "${avatar}"; choose one of ${AVATARS.join(', ')}, or null for none.`);
      }
      await store.setAvatar(player.id, avatar);
      events.renamed(player.id, player.name, true, avatar, player.bot === true);
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  // An account says it is a program playing through the protocol (a bot account), or no longer:
  // its profile, the seats where it sits and its chat lines show it at once.
  app.put('/api/accounts/bot', async (req, reply) => {
    try {
      const { bot } = body(botChoice, req.body);
      const { player } = await caller(sessions, req);
      if (!player.accountSince) throw new ApiRefusal(403, 'UNAUTHORIZED', 'Only an account can say it is a bot; claim your name first.');
      await store.setBot(player.id, bot);
      events.renamed(player.id, player.name, true, player.avatar ?? null, bot);
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.delete('/api/accounts', async (req, reply) => {
    try {
      const { password } = body(accountDeletion, req.body);
      const { player } = await caller(sessions, req);
      const account = await store.accountOf(player.id);
      if (account === null) throw new ApiRefusal(403, 'UNAUTHORIZED', 'Only an account can be deleted.');
      const taken = await passwordTries(req, account);
      if (!await verifyPassword(password, account.password)) throw new ApiRefusal(401, 'BAD_CREDENTIALS', 'The password is not right.');
      await giveBack(taken);
      await store.deleteAccount(player.id, DELETED_PLAYER, iso());
      events.sessionsEnded({ player: player.id, why: 'deleted' });
      events.renamed(player.id, DELETED_PLAYER, false, null, false);
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.get('/api/me', async (req, reply) => {
    try {
      const { player } = await caller(sessions, req);
      const me: Me = {
        id: player.id, name: player.name, account: (player.accountSince ?? null) !== null, avatar: player.avatar ?? null, bot: player.bot === true,
      };
      return reply.header('cache-control', 'no-store').send({ ...me, ...await d.me?.(player) });
    } catch (e) {
      return refuse(reply, e);
    }
  });
}
