import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { nameKey } from '../accounts/names.js';
import type { SessionChecks } from '../accounts/sessions.js';
import type { Clock } from '../clock.js';
import { cleanName } from '../identity.js';
import type { LobbyEntry } from '../lobby.js';
import type { FriendRow } from '../store/friends.js';
import type { PlayerRow, Store } from '../store/store.js';
import { ApiRefusal, Buckets, body, caller, refuse } from './http.js';

const DAY = 86_400_000;
/** A declined asker waits this long before asking the same player again. */
export const FRIEND_REFUSAL_DAYS = 30;
/** Friends an account may have, and requests it may have waiting (sent, not answered). */
export const MAX_FRIENDS = 200;
/** Friend requests an account may send an hour. */
export const FRIEND_REQUESTS_PER_HOUR = 20;

const ask = z.object({ name: z.string().min(1).max(100) }).strict();

export interface FriendsDeps {
  readonly store: Store;
  readonly sessions: SessionChecks;
  readonly clock: Clock;
  /** Whether a player has a connection now, on any process. */
  readonly online: (playerId: string) => boolean;
  /** Every table open now, on any process (the lobby's entries). */
  readonly tables: () => Iterable<LobbyEntry>;
  /** Whether a player was invited to a table (`table.invite`): a private table's seats are theirs to see. */
  readonly invited: (tableId: string, playerId: string) => boolean;
}

/** An account signed in, or 403 ACCOUNT_REQUIRED for a guest. */
export async function accountCaller(sessions: SessionChecks, req: FastifyRequest, what: string): Promise<PlayerRow> {
  const { player } = await caller(sessions, req);
  if (!player.accountSince) throw new ApiRefusal(403, 'ACCOUNT_REQUIRED', `${what} are for accounts: claim your name first.`);
  return player;
}

/** The account named so, or 404 UNKNOWN_PLAYER. */
export async function accountNamed(store: Store, raw: string): Promise<{ id: string; name: string }> {
  const name = cleanName(raw);
  const a = name === null ? null : await store.accountByKey(nameKey(name));
  if (a === null) throw new ApiRefusal(404, 'UNKNOWN_PLAYER', 'There is no player with an account by that name.');
  return { id: a.playerId, name: a.name };
}

/**
 * Friends (docs/api.md, "Friends"): mutual, by request and answer, accounts only. `GET
 * /api/friends` lists friends (online or not, and the table they sit at unless it is private and
 * the caller does not sit there too), requests received and sent. A request to a player who
 * blocked the caller is answered as if sent and kept nowhere, so nothing tells them; a request
 * to someone who asked the caller first makes them friends at once. A decline makes the asker
 * wait FRIEND_REFUSAL_DAYS before asking that player again (FRIEND_WAIT, with Retry-After).
 */
export function friendRoutes(app: FastifyInstance, d: FriendsDeps): void {
  const { store, clock } = d;
  const requests = new Buckets(FRIEND_REQUESTS_PER_HOUR, FRIEND_REQUESTS_PER_HOUR / 3600, () => clock.now());
  const name = async (id: string) => (await store.playerById(id))?.name ?? null;
  const named = async (rows: readonly FriendRow[]) =>
    (await Promise.all(rows.map(async (r) => ({ name: await name(r.id), at: r.at })))).filter((r): r is { name: string; at: number } => r.name !== null);

  /** Where each friend sits, seen by `me`: the first table that seats them, unless private and `me` neither sits there nor was invited. */
  const seats = (me: string): Map<string, { id: string; game: string; private: boolean }> => {
    const at = new Map<string, { id: string; game: string; private: boolean }>();
    for (const e of d.tables()) {
      const s = e.summary();
      const ids = s.seats.flatMap((x) => (x.kind === 'player' ? [x.player.id] : []));
      if (s.private && !ids.includes(me) && !d.invited(s.id, me)) continue;
      for (const id of ids) if (!at.has(id)) at.set(id, { id: s.id, game: s.game, private: s.private });
    }
    return at;
  };

  app.get('/api/friends', async (req, res) => {
    try {
      const me = await accountCaller(d.sessions, req, 'Friends');
      const [friends, pending] = await Promise.all([store.friends.friendsOf(me.id), store.friends.friendRequestsOf(me.id)]);
      const where = seats(me.id);
      const list = [];
      for (const f of friends) {
        const row = await store.playerById(f.id);
        if (row === null) continue;
        const online = d.online(f.id);
        const at = where.get(f.id);
        // A private table shown here is the caller's to open (they sit there or were invited): its invite comes with it.
        const invite = at?.private === true ? (await store.table(at.id))?.invite : undefined;
        const table = at === undefined ? undefined : { id: at.id, game: at.game, ...(invite === undefined ? {} : { invite }) };
        list.push({ name: row.name, ...(row.avatar ? { avatar: row.avatar } : {}), since: f.at, online, ...(table === undefined ? {} : { table }) });
      }
      return res.header('cache-control', 'no-store').send({ friends: list, incoming: await named(pending.incoming), outgoing: await named(pending.outgoing) });
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.post('/api/friends/requests', async (req, res) => {
    try {
      const { name: raw } = body(ask, req.body);
      const me = await accountCaller(d.sessions, req, 'Friends');
      const them = await accountNamed(store, raw);
      if (them.id === me.id) throw new ApiRefusal(400, 'BAD_REQUEST', 'You cannot be your own friend.');
      if (!requests.take(me.id)) throw new ApiRefusal(429, 'RATE_LIMITED', `At most ${FRIEND_REQUESTS_PER_HOUR} friend requests an hour; wait a little.`, 3600 / FRIEND_REQUESTS_PER_HOUR);
      const now = clock.now();
      const friends = await store.friends.friendsOf(me.id);
      if (friends.some((f) => f.id === them.id)) return res.send({ status: 'friends' });
      const pending = await store.friends.friendRequestsOf(me.id);
      if (friends.length + pending.outgoing.length >= MAX_FRIENDS) {
        throw new ApiRefusal(409, 'TOO_MANY_FRIENDS', `An account has at most ${MAX_FRIENDS} friends and requests waiting: remove one first.`);
      }
      const until = await store.friends.refusalUntil(them.id, me.id);
      if (until !== null && until > now) {
        throw new ApiRefusal(409, 'FRIEND_WAIT', 'That player declined your request: you may ask again later.', (until - now) / 1000);
      }
      // Blocked by them: the same reply as a request sent, and nothing kept or delivered.
      if (await store.friends.blockedAmong(me.id, [them.id])) {
        if ((await store.friends.blocksOf(me.id)).some((b) => b.id === them.id)) throw new ApiRefusal(400, 'BAD_REQUEST', 'You blocked that player: unblock them first.');
        return res.send({ status: 'sent' });
      }
      if (pending.incoming.some((r) => r.id === them.id)) {
        if ((await store.friends.friendsOf(them.id)).length >= MAX_FRIENDS) throw new ApiRefusal(409, 'TOO_MANY_FRIENDS', 'That player has as many friends as an account may have.');
        await store.friends.addFriendship(me.id, them.id, now);
        return res.send({ status: 'friends' });
      }
      await store.friends.addFriendRequest(me.id, them.id, now);
      return res.send({ status: 'sent' });
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.post<{ Params: { name: string } }>('/api/friends/requests/:name/accept', async (req, res) => {
    try {
      const me = await accountCaller(d.sessions, req, 'Friends');
      const them = await accountNamed(store, req.params.name);
      const pending = await store.friends.friendRequestsOf(me.id);
      if (!pending.incoming.some((r) => r.id === them.id)) throw new ApiRefusal(404, 'NOT_FOUND', 'That player has no friend request waiting for you.');
      if ((await store.friends.friendsOf(me.id)).length >= MAX_FRIENDS || (await store.friends.friendsOf(them.id)).length >= MAX_FRIENDS) {
        throw new ApiRefusal(409, 'TOO_MANY_FRIENDS', `An account has at most ${MAX_FRIENDS} friends: one of you has as many already.`);
      }
      await store.friends.addFriendship(me.id, them.id, clock.now());
      return res.send({ status: 'friends' });
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.post<{ Params: { name: string } }>('/api/friends/requests/:name/decline', async (req, res) => {
    try {
      const me = await accountCaller(d.sessions, req, 'Friends');
      const them = await accountNamed(store, req.params.name);
      const pending = await store.friends.friendRequestsOf(me.id);
      if (!pending.incoming.some((r) => r.id === them.id)) throw new ApiRefusal(404, 'NOT_FOUND', 'That player has no friend request waiting for you.');
      await store.friends.refuseFriend(me.id, them.id, clock.now() + FRIEND_REFUSAL_DAYS * DAY);
      return res.code(204).send();
    } catch (e) {
      return refuse(res, e);
    }
  });

  // Withdraws a request the caller sent.
  app.delete<{ Params: { name: string } }>('/api/friends/requests/:name', async (req, res) => {
    try {
      const me = await accountCaller(d.sessions, req, 'Friends');
      const them = await accountNamed(store, req.params.name);
      if (!await store.friends.dropFriendRequest(me.id, them.id)) throw new ApiRefusal(404, 'NOT_FOUND', 'You have no friend request waiting for that player.');
      return res.code(204).send();
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.delete<{ Params: { name: string } }>('/api/friends/:name', async (req, res) => {
    try {
      const me = await accountCaller(d.sessions, req, 'Friends');
      const them = await accountNamed(store, req.params.name);
      if (!await store.friends.dropFriendship(me.id, them.id)) throw new ApiRefusal(404, 'NOT_FOUND', 'That player is not your friend.');
      return res.code(204).send();
    } catch (e) {
      return refuse(res, e);
    }
  });
}
