import { type MyModeration, REPORTS_PER_DAY, appealRequest, reportRequest } from '@parlor/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionChecks } from '../accounts/sessions.js';
import type { Clock } from '../clock.js';
import { gatherEvidence } from '../moderation/evidence.js';
import { timeOrderedId } from '../moderation/ids.js';
import { actionView } from '../moderation/views.js';
import type { Store, TableRow } from '../store/store.js';
import { ApiRefusal, body, caller, refuse } from './http.js';

const DAY = 86_400_000;

export interface ReportDeps {
  readonly store: Store;
  readonly sessions: SessionChecks;
  readonly clock: Clock;
  /** A table as hosted here (fresher than the store's row), if it is. */
  readonly hosted: (tableId: string) => TableRow | undefined;
}

/**
 * A player's side of moderation (docs/api.md, "Reports and moderation"): an account reports a
 * player (`POST /api/reports`), at most REPORTS_PER_DAY in 24 hours and one open report per player
 * reported; the report copies its evidence at once (moderation/evidence.ts). `GET /api/me/moderation`
 * lists moderators' actions on the caller; each may be appealed once.
 */
export function reportRoutes(app: FastifyInstance, d: ReportDeps): void {
  const { store, clock } = d;
  const account = async (req: FastifyRequest) => {
    const { player } = await caller(d.sessions, req);
    if (!player.accountSince) throw new ApiRefusal(403, 'ACCOUNT_REQUIRED', 'Reports are made by accounts: claim your name first.');
    return player;
  };

  app.post('/api/reports', async (req, res) => {
    try {
      const ask = body(reportRequest, req.body);
      const me = await account(req);
      if (ask.playerId === me.id) throw new ApiRefusal(400, 'BAD_REQUEST', 'You cannot report yourself.');
      const reported = await store.playerById(ask.playerId);
      if (reported === null) throw new ApiRefusal(404, 'UNKNOWN_PLAYER', 'There is no such player.');
      const line = ask.chatLineId === undefined ? null : await store.moderation.chatLine(ask.chatLineId);
      if (ask.chatLineId !== undefined && (line === null || line.playerId !== reported.id)) {
        throw new ApiRefusal(404, 'NOT_FOUND', 'That chat line is not one of theirs (or it is gone).');
      }
      const tableId = line?.tableId ?? ask.tableId;
      const row = tableId === undefined ? null : d.hosted(tableId) ?? await store.table(tableId);
      if (tableId !== undefined && row === null) throw new ApiRefusal(404, 'UNKNOWN_TABLE', 'There is no such table.');
      const now = clock.now();
      if (await store.moderation.reportsMadeSince(me.id, now - DAY) >= REPORTS_PER_DAY) {
        throw new ApiRefusal(429, 'RATE_LIMITED', `At most ${REPORTS_PER_DAY} reports a day; moderators read every one.`, 3600);
      }
      if (await store.moderation.hasOpenReport(me.id, reported.id)) {
        throw new ApiRefusal(409, 'REPORT_OPEN', 'You have reported this player already; moderators will read it.');
      }
      const evidence = await gatherEvidence(store, { id: reported.id, name: reported.name }, row, line);
      const id = timeOrderedId(now); // the queue reads reports in the order they came
      await store.moderation.addReport({
        id, reporterId: me.id, playerId: reported.id, reason: ask.reason, text: ask.text.trim(), evidence: JSON.stringify(evidence),
        status: 'open', createdAt: now, closedAt: null, closedBy: null,
      });
      return res.code(201).send({ id });
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.get('/api/me/moderation', async (req, res) => {
    try {
      const { player } = await caller(d.sessions, req);
      const now = clock.now();
      const r: MyModeration = {
        moderator: await store.moderation.isModerator(player.id),
        actions: (await store.moderation.modActionsOn(player.id)).map((a) => actionView(a, now)),
      };
      return res.header('cache-control', 'no-store').send(r);
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.post<{ Params: { id: string } }>('/api/me/moderation/:id/appeal', async (req, res) => {
    try {
      const { text } = body(appealRequest, req.body);
      const { player } = await caller(d.sessions, req);
      const a = await store.moderation.modAction(req.params.id);
      if (a === null || a.playerId !== player.id) throw new ApiRefusal(404, 'NOT_FOUND', 'There is no such action on your account.');
      if (!await store.moderation.appeal(a.id, text, clock.now())) throw new ApiRefusal(409, 'ALREADY_APPEALED', 'Each action may be appealed once, and this one has been.');
      return res.send(actionView((await store.moderation.modAction(a.id))!, clock.now()));
    } catch (e) {
      return refuse(res, e);
    }
  });
}
