import { type Me, type SessionReply, accountDeletion, credentials, passwordChange } from '@parlor/protocol';
import type { FastifyInstance } from 'fastify';
import { nameKey } from '../accounts/names.js';
import { hashPassword, passwordProblem, verifyPassword } from '../accounts/passwords.js';
import { cleanName, hashToken, randomId } from '../identity.js';
import type { Store } from '../store/store.js';
import { ApiRefusal, Buckets, bearer, body, caller, refuse } from './http.js';

/** How a deleted account's player is shown in the games they played. */
export const DELETED_PLAYER = 'deleted player';

/** What the account routes tell the live server: a player's name changed. */
export interface AccountEvents {
  renamed(playerId: string, name: string, account: boolean): void;
}

/** A hash to check passwords against when there is no account, so that a missing name takes as long as a wrong password. */
let dummy: Promise<string> | null = null;

/**
 * The account routes (docs/api.md): create or claim an account, sign in and out, change the
 * password, delete the account. Sign-in attempts are limited per address and per account.
 */
export function accountRoutes(app: FastifyInstance, store: Store, events: AccountEvents, now: () => number = Date.now): void {
  const signInsByAddress = new Buckets(20, 20 / 600, now); // 20, then 2 a minute
  const signInsByAccount = new Buckets(10, 10 / 900, now); // 10, then one every 90 s
  const newAccountsByAddress = new Buckets(10, 10 / 3600, now);
  const limited = (what: string, wait: number) => new ApiRefusal(429, 'RATE_LIMITED', `Too many ${what}; try again in ${Math.ceil(wait)} s.`, wait);

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
      const claimer = hasToken ? await caller(store, req) : null;
      if (claimer !== null && await store.accountOf(claimer.player.id) !== null) {
        throw new ApiRefusal(409, 'ALREADY_ACCOUNT', 'You have an account already.');
      }
      if (claimer === null && !newAccountsByAddress.take(req.ip)) throw limited('new accounts from your address', newAccountsByAddress.wait());
      if (await store.accountByKey(key) !== null) throw new ApiRefusal(409, 'NAME_TAKEN', `The name "${name}" belongs to an account already.`);
      const hash = await hashPassword(password);
      const at = new Date(now()).toISOString();
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
      events.renamed(playerId, name, true);
      const reply201: SessionReply = { name, token };
      return reply.code(201).send(reply201);
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.post('/api/sessions', async (req, reply) => {
    try {
      const { name: rawName, password } = body(credentials, req.body);
      if (!signInsByAddress.take(req.ip)) throw limited('sign-ins from your address', signInsByAddress.wait());
      const name = cleanName(rawName);
      const key = name === null ? '' : nameKey(name);
      if (!signInsByAccount.take(key)) throw limited(`sign-ins to this account`, signInsByAccount.wait());
      const account = key === '' ? null : await store.accountByKey(key);
      dummy ??= hashPassword('no account has this password');
      const ok = await verifyPassword(password, account?.password ?? await dummy);
      if (account === null || !ok) throw new ApiRefusal(401, 'BAD_CREDENTIALS', 'That name and password do not match an account.');
      const token = randomId(24);
      await store.addSession(hashToken(token), account.playerId, new Date(now()).toISOString());
      const r: SessionReply = { name: account.name, token };
      return reply.send(r);
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.delete('/api/sessions', async (req, reply) => {
    try {
      const { tokenHash } = await caller(store, req);
      await store.deleteSession(tokenHash);
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.post('/api/accounts/password', async (req, reply) => {
    try {
      const { password, newPassword } = body(passwordChange, req.body);
      const { player, tokenHash } = await caller(store, req);
      const account = await store.accountOf(player.id);
      if (account === null) throw new ApiRefusal(403, 'UNAUTHORIZED', 'Only an account has a password.');
      if (!signInsByAccount.take(account.nameKey)) throw limited('password attempts on this account', signInsByAccount.wait());
      if (!await verifyPassword(password, account.password)) throw new ApiRefusal(401, 'BAD_CREDENTIALS', 'The current password is not right.');
      checkPassword(newPassword);
      await store.setPassword(player.id, await hashPassword(newPassword));
      await store.deleteSessions(player.id, tokenHash); // signed out everywhere else
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.delete('/api/accounts', async (req, reply) => {
    try {
      const { password } = body(accountDeletion, req.body);
      const { player } = await caller(store, req);
      const account = await store.accountOf(player.id);
      if (account === null) throw new ApiRefusal(403, 'UNAUTHORIZED', 'Only an account can be deleted.');
      if (!signInsByAccount.take(account.nameKey)) throw limited('password attempts on this account', signInsByAccount.wait());
      if (!await verifyPassword(password, account.password)) throw new ApiRefusal(401, 'BAD_CREDENTIALS', 'The password is not right.');
      await store.deleteAccount(player.id, DELETED_PLAYER, new Date(now()).toISOString());
      events.renamed(player.id, DELETED_PLAYER, false);
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.get('/api/me', async (req, reply) => {
    try {
      const { player } = await caller(store, req);
      const me: Me = { id: player.id, name: player.name, account: (player.accountSince ?? null) !== null };
      return reply.header('cache-control', 'no-store').send(me);
    } catch (e) {
      return refuse(reply, e);
    }
  });
}
