import { type TournamentsPage, TOURNAMENT_STATUSES, tournamentJoin, tournamentRequest } from '@parlor/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SessionChecks } from '../accounts/sessions.js';
import type { Store } from '../store/store.js';
import { TournamentRefused, type Tournaments } from '../tournaments.js';
import { ApiRefusal, Buckets, bearer, body, caller, refuse } from './http.js';
import { hashToken } from '../identity.js';

const PAGE = 20;
const MAX_PAGE = 100;

/** A tournament's refusal as the API's; anything else as it is. */
function asApi(e: unknown): unknown {
  return e instanceof TournamentRefused ? new ApiRefusal(e.status, e.code as ApiRefusal['code'], e.message) : e;
}

/**
 * Tournaments over HTTP (docs/api.md, "Tournaments"): the lists and a tournament's page (public,
 * a private one by its invite), making one and joining or leaving (an account's token). Making is
 * limited per account, reading per address.
 */
export function tournamentRoutes(app: FastifyInstance, d: { readonly store: Store; readonly sessions: SessionChecks; readonly tournaments: Tournaments; readonly now: () => number }): void {
  const reads = new Buckets(60, 10, d.now);
  // Twenty tries an hour per account (a refused one counts: it costs the server as much).
  const makes = new Buckets(20, 20 / 3600, d.now);
  const fail = (reply: FastifyReply, e: unknown) => refuse(reply, asApi(e));

  app.get<{ Querystring: { status?: string; limit?: string; cursor?: string } }>('/api/tournaments', async (req, reply) => {
    try {
      if (!reads.take(req.ip)) throw new ApiRefusal(429, 'RATE_LIMITED', 'Too many requests; slow down.', reads.wait());
      const status = req.query.status ?? 'upcoming';
      if (!(TOURNAMENT_STATUSES as readonly string[]).includes(status)) {
        throw new ApiRefusal(400, 'BAD_REQUEST', `"status" must be one of ${TOURNAMENT_STATUSES.join(', ')}, not "${status}".`);
      }
      const raw = req.query.limit;
      const limit = raw === undefined ? PAGE : Number(raw);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw new ApiRefusal(400, 'BAD_REQUEST', `"limit" must be a whole number from 1 to ${MAX_PAGE}.`);
      const cursor = req.query.cursor;
      if (cursor !== undefined && !/^[0-9T:.Z-]{10,30}\|[A-Za-z0-9_-]{1,40}$/.test(cursor)) throw new ApiRefusal(400, 'BAD_CURSOR', 'That cursor is not one this API gave.');
      const rows = await d.store.tournamentList(status, limit + 1, cursor);
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      const page: TournamentsPage = {
        tournaments: shown.map((r) => r.summary as TournamentsPage['tournaments'][number]),
        next: rows.length > limit && last !== undefined ? `${last.startsAt}|${last.id}` : null,
      };
      return reply.header('cache-control', 'no-cache').send(page);
    } catch (e) {
      return fail(reply, e);
    }
  });

  app.get<{ Params: { id: string }; Querystring: { invite?: string } }>('/api/tournaments/:id', async (req, reply) => {
    try {
      if (!reads.take(req.ip)) throw new ApiRefusal(429, 'RATE_LIMITED', 'Too many requests; slow down.', reads.wait());
      // A token, when sent, shows a private tournament to its members.
      const token = bearer(req);
      const viewer = token === null ? null : (await d.store.playerByTokenHash(hashToken(token)))?.id ?? null;
      return reply.header('cache-control', 'no-cache').send(await d.tournaments.detail(req.params.id, req.query.invite, viewer));
    } catch (e) {
      return fail(reply, e);
    }
  });

  app.post('/api/tournaments', async (req, reply) => {
    try {
      const request = body(tournamentRequest, req.body);
      const { player } = await caller(d.sessions, req);
      if (!player.accountSince) throw new ApiRefusal(403, 'ACCOUNT_REQUIRED', 'Only an account can make a tournament; claim your name first.');
      if (!makes.take(player.id)) throw new ApiRefusal(429, 'RATE_LIMITED', 'You have made several tournaments just now; wait a while.', 60);
      const id = await d.tournaments.create(request, { id: player.id, name: player.name });
      return reply.code(201).send({ id });
    } catch (e) {
      return fail(reply, e);
    }
  });

  for (const what of ['join', 'leave'] as const) {
    app.post<{ Params: { id: string } }>(`/api/tournaments/:id/${what}`, async (req, reply) => {
      try {
        const { invite } = body(tournamentJoin, req.body ?? {});
        const { player } = await caller(d.sessions, req);
        if (what === 'join') {
          await d.tournaments.join(req.params.id, { id: player.id, name: player.name, account: Boolean(player.accountSince), bot: player.bot === true }, invite);
        } else {
          await d.tournaments.leave(req.params.id, player.id);
        }
        return reply.code(204).send();
      } catch (e) {
        return fail(reply, e);
      }
    });
  }
}
