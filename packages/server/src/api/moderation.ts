import { randomInt } from 'node:crypto';
import { type ReportEvidence, type ReportView, appealAnswerRequest, modActionRequest } from '@parlor/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountNameClash } from '../accounts/name-check.js';
import type { SessionChecks } from '../accounts/sessions.js';
import type { Clock } from '../clock.js';
import { cleanName } from '../identity.js';
import { randomId } from '../moderation/ids.js';
import { actionView } from '../moderation/views.js';
import type { ModActionRow, ReportRow } from '../store/moderation.js';
import type { Store } from '../store/store.js';
import { ApiRefusal, body, caller, refuse } from './http.js';

const HOUR = 3_600_000;
/** Kinds that hold for a time; a mute always has one, a suspension or ban without one is for good. */
const TIMED = new Set(['mute', 'suspend-rated', 'suspend', 'ban']);

export interface ModerationDeps {
  readonly store: Store;
  readonly sessions: SessionChecks;
  readonly clock: Clock;
  /** A moderator acted on a player (or lifted an action): every process reads their sanctions again; a ban closes their sockets everywhere. */
  moderated(playerId: string, banned: boolean): void;
  /** A player's shown name changed: their tables show it at once. */
  renamed(playerId: string, name: string, account: boolean, avatar: string | null, bot: boolean): void;
}

/**
 * The moderators' side (docs/api.md, "Reports and moderation"): the report queue with each
 * report's evidence and the reported player's past actions, actions (warn, mute, suspend from rated
 * play or from playing, rename, ban) each with a reason, dismissing a report, and answering appeals.
 * Only moderators (`parlor mod grant`); anyone else is refused NOT_MODERATOR. A moderator sees
 * names and ids, never e-mails or devices.
 */
export function moderationRoutes(app: FastifyInstance, d: ModerationDeps): void {
  const { store, clock } = d;
  const m = store.moderation;
  const moderator = async (req: FastifyRequest) => {
    const { player } = await caller(d.sessions, req);
    if (!await m.isModerator(player.id)) throw new ApiRefusal(403, 'NOT_MODERATOR', 'Only moderators may do that.');
    return player;
  };
  const nameOf = async (id: string) => (await store.playerById(id))?.name ?? '?';
  const history = async (playerId: string) => {
    const now = clock.now();
    return Promise.all((await m.modActionsOn(playerId)).map(async (a) => ({ ...actionView(a, now), moderator: await nameOf(a.moderatorId) })));
  };
  const reportView = async (r: ReportRow, withHistory = true): Promise<ReportView> => ({
    id: r.id, reporter: await nameOf(r.reporterId), player: { id: r.playerId, name: await nameOf(r.playerId) }, reason: r.reason, text: r.text,
    status: r.status, createdAt: new Date(r.createdAt).toISOString(), evidence: JSON.parse(r.evidence) as ReportEvidence,
    history: withHistory ? await history(r.playerId) : [],
  });

  app.get<{ Querystring: { status?: string } }>('/api/mod/reports', async (req, res) => {
    try {
      await moderator(req);
      const status = req.query.status ?? 'open';
      if (status !== 'open' && status !== 'acted' && status !== 'dismissed') throw new ApiRefusal(400, 'BAD_REQUEST', 'status is open, acted or dismissed.');
      const rows = await m.reports(status, 100);
      return res.header('cache-control', 'no-store').send({ reports: await Promise.all(rows.map((r) => reportView(r))) });
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.post<{ Params: { id: string } }>('/api/mod/reports/:id/dismiss', async (req, res) => {
    try {
      const me = await moderator(req);
      const r = await m.report(req.params.id);
      if (r === null) throw new ApiRefusal(404, 'NOT_FOUND', 'There is no such report.');
      if (!await m.closeReport(r.id, 'dismissed', me.id, clock.now())) throw new ApiRefusal(409, 'REPORT_CLOSED', 'That report is closed already.');
      return res.send(await reportView((await m.report(r.id))!));
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.post('/api/mod/actions', async (req, res) => {
    try {
      const ask = body(modActionRequest, req.body);
      const me = await moderator(req);
      if (ask.playerId === me.id) throw new ApiRefusal(400, 'BAD_REQUEST', 'A moderator does not act on their own account.');
      const target = await store.playerById(ask.playerId);
      if (target === null) throw new ApiRefusal(404, 'UNKNOWN_PLAYER', 'There is no such player.');
      if (ask.hours !== undefined && !TIMED.has(ask.kind)) throw new ApiRefusal(400, 'BAD_REQUEST', '"hours" is for a mute, a suspension or a ban.');
      if (ask.kind === 'mute' && ask.hours === undefined) throw new ApiRefusal(400, 'BAD_REQUEST', 'A mute is for so many "hours".');
      if (ask.name !== undefined && ask.kind !== 'rename') throw new ApiRefusal(400, 'BAD_REQUEST', '"name" is for a rename.');
      const report = ask.reportId === undefined ? null : await m.report(ask.reportId);
      if (ask.reportId !== undefined && (report === null || report.playerId !== target.id)) throw new ApiRefusal(404, 'NOT_FOUND', 'There is no such report on this player.');
      if (report !== null && report.status !== 'open') throw new ApiRefusal(409, 'REPORT_CLOSED', 'That report is closed already.');
      let name: string | null = null;
      if (ask.kind === 'rename') {
        // A neutral name when none is chosen: "Player" and four digits, not an account's.
        name = ask.name === undefined ? `Player ${randomInt(1000, 10000)}` : cleanName(ask.name);
        if (name === null) throw new ApiRefusal(400, 'BAD_NAME', 'Pick a name of 1 to 24 characters with at least one visible character.');
        const clash = await accountNameClash(store, name, target.id);
        if (clash !== null) throw new ApiRefusal(409, clash.code, clash.message);
      }
      const now = clock.now();
      const a: ModActionRow = {
        id: randomId(), playerId: target.id, moderatorId: me.id, kind: ask.kind, reason: ask.reason, reportId: report?.id ?? null, at: now,
        until: ask.hours === undefined ? null : now + ask.hours * HOUR, appeal: null, appealedAt: null, answer: null, answerText: null, answeredAt: null, answeredBy: null,
      };
      await m.addModAction(a);
      if (report !== null) await m.closeReport(report.id, 'acted', me.id, now);
      if (name !== null) {
        await store.renamePlayer(target.id, name);
        d.renamed(target.id, name, Boolean(target.accountSince), target.avatar ?? null, target.bot === true);
      }
      d.moderated(target.id, a.kind === 'ban');
      return res.code(201).send(actionView(a, now));
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.get<{ Params: { id: string } }>('/api/mod/players/:id/actions', async (req, res) => {
    try {
      await moderator(req);
      if (await store.playerById(req.params.id) === null) throw new ApiRefusal(404, 'UNKNOWN_PLAYER', 'There is no such player.');
      return res.header('cache-control', 'no-store').send({ actions: await history(req.params.id) });
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.get<{ Params: { id: string } }>('/api/mod/players/:id/reports', async (req, res) => {
    try {
      await moderator(req);
      const player = await store.playerById(req.params.id);
      if (player === null) throw new ApiRefusal(404, 'UNKNOWN_PLAYER', 'There is no such player.');
      // Each report as the queue shows it, with when and by whom it was closed, less the history
      // (the player's actions come from /actions, once).
      const rows = await m.reportsOn(player.id, 200);
      const reports = await Promise.all(rows.map(async (r) => {
        const { history: _, ...v } = await reportView(r, false);
        return { ...v, closedAt: r.closedAt === null ? null : new Date(r.closedAt).toISOString(), closedBy: r.closedBy === null ? null : await nameOf(r.closedBy) };
      }));
      return res.header('cache-control', 'no-store').send({ player: { id: player.id, name: player.name }, reports });
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.get('/api/mod/appeals', async (req, res) => {
    try {
      await moderator(req);
      const now = clock.now();
      const rows = await m.openAppeals(100);
      return res.header('cache-control', 'no-store').send({
        appeals: await Promise.all(rows.map(async (a) => ({ ...actionView(a, now), player: { id: a.playerId, name: await nameOf(a.playerId) }, moderator: await nameOf(a.moderatorId) }))),
      });
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.post<{ Params: { id: string } }>('/api/mod/actions/:id/answer', async (req, res) => {
    try {
      const ask = body(appealAnswerRequest, req.body);
      const me = await moderator(req);
      const a = await m.modAction(req.params.id);
      if (a === null) throw new ApiRefusal(404, 'NOT_FOUND', 'There is no such action.');
      if (!await m.answerAppeal(a.id, ask.answer, ask.text, me.id, clock.now())) throw new ApiRefusal(409, 'NO_APPEAL', 'That action has no appeal waiting for an answer.');
      if (ask.answer === 'lifted') d.moderated(a.playerId, false);
      return res.send(actionView((await m.modAction(a.id))!, clock.now()));
    } catch (e) {
      return refuse(res, e);
    }
  });
}
