import { randomBytes } from 'node:crypto';
import { PROTOCOL_ERRORS } from '@parlor/protocol';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { openSignInLimits } from './accounts/open-sign-in-limits.js';
import { accountExportRoutes } from './api/account-export.js';
import { accountRoutes } from './api/accounts.js';
import { sessionsApiRoutes } from './api/sessions-api.js';
import { meNotifications, notificationRoutes } from './api/notifications.js';
import { passwordResetRoutes } from './api/password-reset.js';
import { readRoutes } from './api/read.js';
import { tournamentRoutes } from './api/tournaments.js';
import { vacationRoutes } from './api/vacation.js';
import { blockRoutes } from './api/blocks.js';
import { friendRoutes } from './api/friends.js';
import { socialOf } from './social/social.js';
import { moderationRoutes } from './api/moderation.js';
import { reportRoutes } from './api/reports.js';
import { untilText } from './moderation/views.js';
import { turnRoutes } from './api/turns.js';
import { type Clock, systemClock } from './clock.js';
import type { ServerConfig } from './config.js';
import { openHosting } from './hosting/open.js';
import { readinessRoute } from './http/readiness.js';
import { errorHandler, errorOptions } from './http/errors.js';
import { securityHeaders } from './http/security.js';
import { socketRoute } from './http/socket.js';
import { webClient } from './http/web-client.js';
import { Hub } from './hub.js';
import { exportOf } from './export.js';
import { createMetrics } from './metrics.js';
import { openPageOn } from './notify/open-pages.js';
import { type Notifications, openNotifications } from './notify/service.js';
import { openStore, SqliteStore } from './store/open.js';
import type { Store } from './store/store.js';

export interface ParlorServer {
  readonly app: FastifyInstance;
  readonly hub: Hub;
  /** Push and mail (docs/notifications.md): `notifications.notifier.notify(…)` tells a player (none while they watch its table here). */
  readonly notifications: Notifications;
  /** The address it listens on, e.g. http://127.0.0.1:8080. */
  readonly url: string;
  close(): Promise<void>;
}

/** What a caller of `startServer` may give besides the configuration; none of it comes from the environment. */
export interface StartOptions {
  readonly store?: Store;
  readonly logger?: boolean | object;
  /** The clock every game timer runs on (tests: a TestClock they drive); the system's by default. */
  readonly clock?: Clock;
  /**
   * The seed of each new game (tests: a known deal). By default 32 bytes from the operating
   * system's CSPRNG, in hex — the only source production has.
   */
  readonly seed?: (table: { readonly id: string; readonly gameNo: number }) => string;
}

/** Builds and starts the server: store, tables restored from their logs, HTTP and WebSocket routes. */
export async function startServer(config: ServerConfig, opts: StartOptions = {}): Promise<ParlorServer> {
  // PARLOR_DB: a SQLite file, or a postgres:// URL (store/open.ts).
  const store = opts.store ?? await openStore(config.dbPath, { synchronous: config.dbSync, checkpoints: config.dbCheckpoints, poolSize: config.dbPool, timeoutMs: config.dbTimeoutMs });
  const metrics = createMetrics(store);
  // Request logs carry the path only: a query string may hold a private table's invite
  // (GET /tables/:id/export?invite=…), a secret that must not reach the log.
  // An object given in `opts.logger` (a test's stream, say) is merged over these settings.
  const logger = opts.logger === false || opts.logger === true ? opts.logger : {
    level: config.logLevel,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
    },
    ...opts.logger,
  };
  // Every refusal, fastify's and Node's parser's too, as {"error", "message"} (http/errors.ts).
  const options: FastifyServerOptions = { logger, bodyLimit: 64 * 1024, trustProxy: config.trustProxy, ...errorOptions() };
  const app = Fastify(options);
  errorHandler(app);
  const seed = opts.seed ?? (() => randomBytes(32).toString('hex'));
  const log = { warn: (obj: object, msg: string) => app.log.warn(obj, msg), error: (obj: object, msg: string) => app.log.error(obj, msg) };
  if (store instanceof SqliteStore) store.warn = (msg) => log.warn({ store: 'sqlite' }, msg);
  // PARLOR_REDIS: one of several processes (docs/operations.md, "A cluster").
  const hosting = await openHosting(config, store, metrics, log);
  const hub = new Hub({
    store, metrics, config, log, clock: opts.clock ?? systemClock, seeds: (id, gameNo) => seed({ id, gameNo }), hosting: hosting.make,
    ...(hosting.bus === undefined ? {} : { bus: hosting.bus }),
  });
  await hub.load();
  // A block or a mute made on another process holds here at once (social/social.ts).
  if (hosting.bus !== undefined) await socialOf(store).listen(hosting.bus, log);
  // Sign-in tries are counted in Redis by a cluster, so that every process sees them all.
  const signInLimits = await openSignInLimits(config, opts.clock ?? systemClock, log);
  let listening = ''; // the address listened on, once it is known: the links' base without PARLOR_PUBLIC_URL
  const notifications = await openNotifications({ store, config, clock: opts.clock ?? systemClock, log, baseUrl: () => config.publicUrl ?? listening });
  notifications.hasOpenPage = openPageOn(hub.tables);
  hub.notices = (n) => notifications.notifier.notify(n);
  accountRoutes(app, {
    store, events: hub, clock: opts.clock ?? systemClock, sessions: hub.sessions, limits: signInLimits, me: (p) => meNotifications(store, notifications, p),
    banned: async (p) => { const b = await hub.moderation.sanctions.ban(p); return b === undefined ? null : `A moderator has banned this account ${untilText(b.until)}: ${b.reason}`; },
  });
  sessionsApiRoutes(app, { store, sessions: hub.sessions, clock: opts.clock ?? systemClock, events: hub });
  accountExportRoutes(app, { store, sessions: hub.sessions, clock: opts.clock ?? systemClock });
  notificationRoutes(app, { store, sessions: hub.sessions, clock: opts.clock ?? systemClock, limits: signInLimits, notifications, pushServices: config.pushServices });
  passwordResetRoutes(app, { store, clock: opts.clock ?? systemClock, limits: signInLimits, notifications, events: hub });
  readRoutes(app, store, hub);
  tournamentRoutes(app, { store, sessions: hub.sessions, tournaments: hub.tournaments, now: () => (opts.clock ?? systemClock).now() });
  vacationRoutes(app, { store, sessions: hub.sessions, clock: opts.clock ?? systemClock, told: (p) => hub.vacationHeard(p, true), tables: hub.tables, log });
  reportRoutes(app, { store, sessions: hub.sessions, clock: opts.clock ?? systemClock, hosted: (id) => hub.tables.get(id)?.row });
  moderationRoutes(app, {
    store, sessions: hub.sessions, clock: opts.clock ?? systemClock,
    moderated: (p, banned) => hub.moderation.acted(p, banned), renamed: (...a) => hub.renamed(...a),
  });
  turnRoutes(app, { store, sessions: hub.sessions, now: () => (opts.clock ?? systemClock).now() });
  friendRoutes(app, { store, sessions: hub.sessions, clock: opts.clock ?? systemClock, online: (p) => hub.players.isConnected(p), tables: () => hub.lobbyEntries(),
    invited: (t, p) => hub.invitations.wasInvited(t, p) });
  blockRoutes(app, { store, sessions: hub.sessions, clock: opts.clock ?? systemClock, changed: (p) => socialOf(store).changedEverywhere(p) });

  await securityHeaders(app);
  await socketRoute(app, hub, config, metrics);

  app.get('/healthz', async () => ({ ok: true }));
  readinessRoute(app, hub, { clock: opts.clock ?? systemClock, port: config.port, deadlineMs: config.dbTimeoutMs });
  app.get('/metrics', async (_req, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  app.get<{ Params: { id: string }; Querystring: { game?: string; invite?: string } }>('/tables/:id/export', async (req, reply) => {
    // `game` is a game number as written in decimal (1, 2, …): no sign, exponent or leading zero.
    const raw = req.query.game;
    if (raw !== undefined && !/^[1-9][0-9]{0,8}$/.test(raw)) {
      return reply.code(400).send({ error: 'BAD_GAME', message: 'The game number must be a whole number from 1, written plainly (such as ?game=2).' });
    }
    const r = await exportOf(store, hub.tables.get(req.params.id)?.row ?? null, req.params.id, req.query.invite, raw === undefined ? undefined : Number(raw));
    if ('error' in r) {
      if (r.error === 'UNKNOWN_TABLE') return reply.code(404).send({ error: 'UNKNOWN_TABLE', message: PROTOCOL_ERRORS.UNKNOWN_TABLE });
      return reply.code(404).send({ error: 'NO_GAME', message: r.message });
    }
    reply.header('content-disposition', `attachment; filename="parlor-${req.params.id}-${r.exported.gameNo}.json"`);
    return r.exported;
  });

  await webClient(app, config);

  const address = await app.listen({ port: config.port, host: config.host });
  listening = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
  return {
    app, hub, notifications, url: listening,
    close: async () => {
      await app.close();
      await hub.close();
      await notifications.close();
      await hosting.close();
      await signInLimits.close();
      await store.close();
    },
  };
}
