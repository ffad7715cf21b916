import { VACATION_START_WITHIN_DAYS, type VacationRequest, vacationRequest } from '@parlor/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { allowanceProblem, notOver, vacationState } from '../accounts/vacation-days.js';
import type { SessionChecks } from '../accounts/sessions.js';
import type { Clock } from '../clock.js';
import type { Store } from '../store/store.js';
import type { Table } from '../table/table.js';
import { ApiRefusal, Buckets, body, caller, refuse } from './http.js';

const DAY = 86_400_000;
/** A start a little before now (a client's clock behind the server's) is taken as now. */
const SKEW_MS = 60_000;

export interface VacationDeps {
  readonly store: Store;
  readonly sessions: SessionChecks;
  readonly clock: Clock;
  /** The tables of the player in memory, here and on every other process of a cluster, work their clocks out again. */
  readonly told: (playerId: string) => Promise<void>;
  /** The tables hosted here, by id. */
  readonly tables: ReadonlyMap<string, Table>;
  readonly log: { warn(obj: object, msg: string): void };
}

/**
 * An account's days off (docs/api.md, "Vacation"): `GET` its allowance and vacation, `PUT` one of
 * so many days from now or from a start within the next weeks, `DELETE` to end it now (the days not
 * begun come back; a planned one is dropped). 30 days a calendar year (UTC), every day begun
 * counted whole; one vacation not yet over at a time; accounts only. When it changes, the player's
 * turn-based tables that allow vacations work their clocks out again: those in memory at once,
 * those waiting in the store made due now, so the waker loads them, re-arms them and stores their
 * new due time.
 */
export function vacationRoutes(app: FastifyInstance, d: VacationDeps): void {
  const { store, clock } = d;
  // Each change reads and re-arms the player's tables: a few a minute are plenty.
  const changes = new Buckets(10, 1 / 10, () => clock.now());

  const account = async (req: Parameters<typeof caller>[1]) => {
    const { player } = await caller(d.sessions, req);
    if (!player.accountSince) throw new ApiRefusal(403, 'ACCOUNT_REQUIRED', 'Days off are for accounts: claim your name first.');
    return player;
  };
  const reply = async (res: FastifyReply, playerId: string) =>
    res.header('cache-control', 'no-store').send(vacationState(await store.vacations.vacationsOf(playerId), clock.now()));

  /** The player's days off changed: every table of theirs that allows vacations hears of it. */
  const changed = async (playerId: string) => {
    await d.told(playerId);
    for (const id of await store.vacations.vacationTables(playerId)) {
      if (d.tables.has(id)) continue;
      await store.setTableDue(id, clock.now()).catch((e: unknown) => d.log.warn({ err: e, table: id }, "a waiting table's clock could not be brought forward for a vacation"));
    }
  };

  app.get('/api/accounts/vacation', async (req, res) => {
    try {
      return await reply(res, (await account(req)).id);
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.put('/api/accounts/vacation', async (req, res) => {
    try {
      const ask: VacationRequest = body(vacationRequest, req.body);
      const player = await account(req);
      const now = clock.now();
      const from = ask.start === undefined || (ask.start < now && ask.start >= now - SKEW_MS) ? now : ask.start;
      if (from < now || from > now + VACATION_START_WITHIN_DAYS * DAY) {
        throw new ApiRefusal(400, 'BAD_REQUEST', `A vacation starts now or within the next ${VACATION_START_WITHIN_DAYS} days ("start", ms since the epoch).`);
      }
      if (!changes.take(player.id)) throw new ApiRefusal(429, 'RATE_LIMITED', 'Too many changes to your vacation; wait a little.', 10);
      const periods = await store.vacations.vacationsOf(player.id);
      if (notOver(periods, now) !== null) throw new ApiRefusal(409, 'VACATION_EXISTS', 'You have a vacation already, running or planned: end it first.');
      const v = { from, to: from + ask.days * DAY };
      const problem = allowanceProblem(periods, v);
      if (problem !== null) throw new ApiRefusal(409, 'VACATION_ALLOWANCE', problem);
      if (!await store.vacations.addVacation(player.id, v, now)) throw new ApiRefusal(409, 'VACATION_EXISTS', 'You have a vacation already, running or planned: end it first.');
      await changed(player.id);
      return await reply(res, player.id);
    } catch (e) {
      return refuse(res, e);
    }
  });

  app.delete('/api/accounts/vacation', async (req, res) => {
    try {
      const player = await account(req);
      const now = clock.now();
      const v = notOver(await store.vacations.vacationsOf(player.id), now);
      if (v !== null) {
        if (!changes.take(player.id)) throw new ApiRefusal(429, 'RATE_LIMITED', 'Too many changes to your vacation; wait a little.', 10);
        await store.vacations.endVacation(player.id, v.from, now);
        await changed(player.id);
      }
      return await reply(res, player.id);
    } catch (e) {
      return refuse(res, e);
    }
  });
}
