import type { YourTurns } from '@parlor/protocol';
import type { FastifyInstance } from 'fastify';
import type { SessionChecks } from '../accounts/sessions.js';
import type { Store } from '../store/store.js';
import { type TurnBody, byUrgency, yourTurnTable } from '../turn-summaries.js';
import { ApiRefusal, Buckets, caller, refuse } from './http.js';

/** The most tables one answer lists (a player may sit at many turn-based tables, but not thousands). */
export const MAX_TURN_TABLES = 500;

/**
 * `GET /api/me/turns` (docs/api.md, "Your turn-based tables"): the caller's running turn-based
 * tables, guests' too, with their bearer token — from the store's summaries (store/turns.ts), so
 * tables waiting out of memory are there as much as those being played. Your move first, then by
 * deadline. Never cached; rate-limited per address like the read API.
 */
export function turnRoutes(app: FastifyInstance, d: { readonly store: Store; readonly sessions: SessionChecks; readonly now: () => number }): void {
  // Rate-limited by real time (the game clock may be a test's, standing still).
  const reads = new Buckets(60, 10);
  app.get('/api/me/turns', async (req, reply) => {
    try {
      if (!reads.take(req.ip)) throw new ApiRefusal(429, 'RATE_LIMITED', 'Too many requests; slow down.', reads.wait());
      const { player } = await caller(d.sessions, req);
      const rows = await d.store.turns.turnSummaries(player.id, MAX_TURN_TABLES);
      const tables = rows.flatMap((r) => {
        const t = yourTurnTable(JSON.parse(r.body) as TurnBody, player.id);
        return t === null ? [] : [t];
      }).sort(byUrgency);
      const answer: YourTurns = { now: d.now(), tables };
      return reply.header('cache-control', 'private, no-store').send(answer);
    } catch (e) {
      return refuse(reply, e);
    }
  });
}
