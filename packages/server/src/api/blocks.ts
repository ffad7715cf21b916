import type { FastifyInstance } from 'fastify';
import type { SessionChecks } from '../accounts/sessions.js';
import type { Clock } from '../clock.js';
import type { Store } from '../store/store.js';
import { accountNamed, accountCaller } from './friends.js';
import { ApiRefusal, Buckets, caller, refuse } from './http.js';

/** Players an account may block, and chats a player may mute one by one. */
export const MAX_BLOCKS = 1000;
export const MAX_MUTES = 500;
/** A table's id as the server makes them (and `all`, for all chat). */
const TABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface BlocksDeps {
  readonly store: Store;
  readonly sessions: SessionChecks;
  readonly clock: Clock;
  /** A player's blocks or mutes changed: read again by every process that knows them (social/social.ts). */
  readonly changed: (playerId: string) => Promise<void>;
}

/**
 * Blocking and chat mutes (docs/api.md, "Blocking and muting"). `PUT /api/blocks/:name` blocks an
 * account (accounts only: a guest gets ACCOUNT_REQUIRED): it ends a friendship and any request
 * between the two, and from then on the blocked player's chat never reaches the blocker, neither
 * sits with the other, their requests and invitations to the blocker are dropped unseen and their
 * open tables leave the blocker's lobby. Nothing is sent to the blocked player. `DELETE` unblocks;
 * `GET /api/blocks` lists. `PUT /api/chat-mutes/:table` (a table's id, or `all`) mutes a chat for
 * the caller, a guest too; `DELETE` unmutes; `GET /api/chat-mutes` lists.
 */
export function blockRoutes(app: FastifyInstance, d: BlocksDeps): void {
  const { store, clock } = d;
  // Each change reads the player's blocks again on every process: a burst, then a few a minute.
  const changes = new Buckets(30, 1 / 2, () => clock.now());
  const take = (playerId: string) => {
    if (!changes.take(playerId)) throw new ApiRefusal(429, 'RATE_LIMITED', 'Too many changes to your blocks and mutes; wait a little.', 2);
  };

  app.get('/api/blocks', async (req, res) => {
    try {
      const me = await accountCaller(d.sessions, req, 'Blocks');
      const rows = await store.friends.blocksOf(me.id);
      const blocked = [];
      for (const b of rows) {
        const p = await store.playerById(b.id);
        if (p !== null) blocked.push({ name: p.name, at: b.at });
      }
      return res.header('cache-control', 'no-store').send({ blocked });
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.put<{ Params: { name: string } }>('/api/blocks/:name', async (req, res) => {
    try {
      const me = await accountCaller(d.sessions, req, 'Blocks');
      const them = await accountNamed(store, req.params.name);
      if (them.id === me.id) throw new ApiRefusal(400, 'BAD_REQUEST', 'You cannot block yourself.');
      take(me.id);
      const blocks = await store.friends.blocksOf(me.id);
      if (!blocks.some((b) => b.id === them.id)) {
        if (blocks.length >= MAX_BLOCKS) throw new ApiRefusal(409, 'BAD_REQUEST', `An account blocks at most ${MAX_BLOCKS} players: unblock one first.`);
        await store.friends.addBlock(me.id, them.id, clock.now());
        await d.changed(me.id);
      }
      return res.code(204).send();
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.delete<{ Params: { name: string } }>('/api/blocks/:name', async (req, res) => {
    try {
      const me = await accountCaller(d.sessions, req, 'Blocks');
      const them = await accountNamed(store, req.params.name);
      take(me.id);
      if (!await store.friends.dropBlock(me.id, them.id)) throw new ApiRefusal(404, 'NOT_FOUND', 'You have not blocked that player.');
      await d.changed(me.id);
      return res.code(204).send();
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.get('/api/chat-mutes', async (req, res) => {
    try {
      const { player } = await caller(d.sessions, req);
      const muted = (await store.friends.mutesOf(player.id)).map((t) => (t === '*' ? 'all' : t));
      return res.header('cache-control', 'no-store').send({ muted });
    } catch (e) {
      return refuse(res, e);
    }
  });

  const mute = (on: boolean) => async (req: Parameters<typeof caller>[1] & { params: { table: string } }, res: Parameters<typeof refuse>[0]) => {
    try {
      const { player } = await caller(d.sessions, req);
      const table = req.params.table;
      if (!TABLE_ID.test(table)) throw new ApiRefusal(400, 'BAD_REQUEST', 'Name a table by its id, or "all" for all chat.');
      take(player.id);
      const id = table === 'all' ? '*' : table;
      if (on && (await store.friends.mutesOf(player.id)).length >= MAX_MUTES) {
        throw new ApiRefusal(409, 'BAD_REQUEST', `At most ${MAX_MUTES} chats muted one by one: unmute some, or mute all chat.`);
      }
      await store.friends.setMute(player.id, id, on);
      await d.changed(player.id);
      return res.code(204).send();
    } catch (e) {
      return refuse(res, e);
    }
  };
  app.put<{ Params: { table: string } }>('/api/chat-mutes/:table', mute(true));
  app.delete<{ Params: { table: string } }>('/api/chat-mutes/:table', mute(false));
}
