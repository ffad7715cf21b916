import type { DeviceList, DeviceSession, SessionsEnded } from '@parlor/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionChecks } from '../accounts/sessions.js';
import type { Clock } from '../clock.js';
import { hashToken } from '../identity.js';
import type { SessionEnd } from '../live-sessions.js';
import type { DeviceRow } from '../store/devices.js';
import type { PlayerRow, Store } from '../store/store.js';
import { ApiRefusal, Buckets, caller, refuse } from './http.js';

export interface SessionsApiDeps {
  readonly store: Store;
  readonly sessions: SessionChecks;
  readonly clock: Clock;
  /** Ends sessions and closes their sockets on every process (the hub). */
  readonly events: { sessionsEnded(e: SessionEnd): void };
}

/**
 * A session's id in the list: derived from its token's hash one way, so that it names the session
 * without being a secret (the hash is never sent; neither it nor the token can be had from the id).
 */
export function sessionId(tokenHash: string): string {
  return hashToken(`parlor session id:${tokenHash}`).slice(0, 24);
}

/** A session as the list shows it. */
export function deviceSession(r: DeviceRow, current: string): DeviceSession {
  return {
    id: sessionId(r.tokenHash), device: r.device ?? 'Unknown device', place: r.place ?? 'unknown',
    createdAt: r.createdAt, lastUsed: r.lastUsed, current: r.tokenHash === current,
  };
}

/**
 * An account's signed-in devices (docs/api.md, "Devices and your data"): `GET` lists its sessions,
 * `DELETE …/<id>` signs one out, `POST …/end-others` signs out all but the caller's. A session
 * signed out has its sockets closed at once, on every process (`sessionsEnded`). Accounts only: a
 * guest's one token is the guest. The export (`GET /api/accounts/export`) is account-export.ts's.
 */
export function sessionsApiRoutes(app: FastifyInstance, d: SessionsApiDeps): void {
  const { store } = d;
  // Listing and signing out are cheap, but each is a few reads: plenty for a person at a page.
  const calls = new Buckets(30, 1, () => d.clock.now());

  const account = async (req: FastifyRequest): Promise<{ player: PlayerRow; tokenHash: string }> => {
    const who = await caller(d.sessions, req);
    if (!who.player.accountSince) throw new ApiRefusal(403, 'ACCOUNT_REQUIRED', 'Signed-in devices are for accounts: a guest is only this device. Claim your name first.');
    if (!calls.take(who.player.id)) throw new ApiRefusal(429, 'RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(calls.wait())} s.`, calls.wait());
    return who;
  };

  app.get('/api/accounts/sessions', async (req, reply) => {
    try {
      const { player, tokenHash } = await account(req);
      const list: DeviceList = { sessions: (await store.devices.devicesOf(player.id)).map((r) => deviceSession(r, tokenHash)) };
      return reply.header('cache-control', 'no-store').send(list);
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.delete<{ Params: { id: string } }>('/api/accounts/sessions/:id', async (req, reply) => {
    try {
      const { player } = await account(req);
      const found = (await store.devices.devicesOf(player.id)).find((r) => sessionId(r.tokenHash) === req.params.id);
      if (found === undefined) throw new ApiRefusal(404, 'NOT_FOUND', 'No session of yours has that id (signed out already?).');
      await store.deleteSession(found.tokenHash);
      d.events.sessionsEnded({ player: player.id, why: 'signed-out', only: [found.tokenHash] });
      return reply.code(204).send();
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.post('/api/accounts/sessions/end-others', async (req, reply) => {
    try {
      const { player, tokenHash } = await account(req);
      const ended = (await store.devices.devicesOf(player.id)).filter((r) => r.tokenHash !== tokenHash).length;
      await store.deleteSessions(player.id, tokenHash);
      d.events.sessionsEnded({ player: player.id, why: 'signed-out', except: tokenHash });
      const r: SessionsEnded = { ended };
      return reply.send(r);
    } catch (e) {
      return refuse(reply, e);
    }
  });
}
