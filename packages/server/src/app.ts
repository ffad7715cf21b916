import { existsSync, readdirSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { MAX_MESSAGE_BYTES, PROTOCOL_ERRORS, type ServerMessage, helloMessage, parseClientMessage } from '@parlor/protocol';
import Fastify, { type FastifyServerOptions, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServerConfig } from './config.js';
import { accountRoutes } from './api/accounts.js';
import { readRoutes } from './api/read.js';
import { type Connection, Hub } from './hub.js';
import { openHosting } from './hosting/open.js';
import { createMetrics } from './metrics.js';
import { openStore } from './store/open.js';
import type { Store } from './store/store.js';
import { randomBytes } from 'node:crypto';
import { type Clock, systemClock } from './clock.js';

export interface ParlorServer {
  readonly app: FastifyInstance;
  readonly hub: Hub;
  /** The address it listens on, e.g. http://127.0.0.1:8080. */
  readonly url: string;
  close(): Promise<void>;
}

/** At most this many characters of what a client sent come back in an error text or go to a log line. */
export const MAX_ECHO = 200;

/** `text` cut to `max` code points (a cut one ends with …, within the limit). */
export function clip(text: string, max = MAX_ECHO): string {
  if (text.length <= max) return text;
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/** The protocol's rule for a message id (a string of up to 64 characters or an integer). */
const messageId = helloMessage.shape.id;

/**
 * The `id` of a frame that was not handled (over budget, too large): read when the frame is a JSON
 * object with a valid id, so the refusal can carry it as `re`. Frames reach this point only up to
 * the 64 KiB WebSocket limit, so the whole frame is parsed; a frame that is not such an object
 * (or not JSON) gets a refusal without `re`.
 */
function idOf(json: unknown): string | number | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const id = messageId.safeParse((json as { id?: unknown }).id);
  return id.success ? id.data : undefined;
}
function readId(data: Buffer): string | number | undefined {
  try {
    return idOf(JSON.parse(data.toString('utf8')));
  } catch {
    return undefined;
  }
}

/**
 * Whether a WebSocket upgrade may proceed, by its Origin header and PARLOR_ALLOWED_ORIGINS
 * (config.allowedOrigins). No Origin: not a browser (a bot, the CLI), let in. `self`: the origin
 * the request names in its Host header, over http or https (the page the server itself served;
 * behind a proxy that passes Host on, the public one). `*`: any. Otherwise an exact origin.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  if (!allowed.includes('self') || host === undefined || host === '') return false;
  try {
    const o = new URL(origin);
    if (o.protocol !== 'http:' && o.protocol !== 'https:') return false;
    if (o.origin !== origin.toLowerCase()) return false; // nothing but scheme://host[:port]
    return o.host === new URL(`${o.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** A Host header fit to name in the CSP (host name or [IPv6], optional port); anything else is left out. */
const SAFE_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The Content-Security-Policy of every response. The web client (packages/web/dist, built by Vite)
 * is one module script and one stylesheet from this server, no inline script or style element
 * (React sets `style` through the DOM, which CSP allows), a data: SVG favicon, and a WebSocket to
 * this host. `connect-src 'self'` covers ws:/wss: to the same host in current browsers; the
 * explicit ws://host and wss://host are for older ones. No frame may embed a page (clickjacking).
 * No upgrade-insecure-requests: a server reached over plain http (a LAN, localhost) must still load.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'", (req: IncomingMessage) => {
    const host = req.headers.host;
    return host !== undefined && SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
  }],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

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
  const store = opts.store ?? await openStore(config.dbPath, { synchronous: config.dbSync, poolSize: config.dbPool });
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
  const options: FastifyServerOptions = { logger, bodyLimit: 64 * 1024, trustProxy: config.trustProxy };
  const app = Fastify(options);
  const seed = opts.seed ?? (() => randomBytes(32).toString('hex'));
  const log = { warn: (obj: object, msg: string) => app.log.warn(obj, msg), error: (obj: object, msg: string) => app.log.error(obj, msg) };
  // PARLOR_REDIS: one of several processes (docs/operations.md, "A cluster").
  const hosting = await openHosting(config, store, metrics, log);
  const hub = new Hub({ store, metrics, config, log, clock: opts.clock ?? systemClock, seeds: (id, gameNo) => seed({ id, gameNo }), hosting: hosting.make });
  await hub.load();
  accountRoutes(app, store, hub);
  readRoutes(app, store, hub);

  // Security headers on every response (pages, assets, errors): the CSP above, nosniff,
  // X-Frame-Options DENY with frame-ancestors 'none', Referrer-Policy no-referrer (invite links
  // carry a secret), and helmet's other defaults. HSTS is left to the TLS proxy, which knows
  // whether the site is served over https.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });

  // Frames past 64 KiB close the socket; up to that, an oversized message gets a TOO_LARGE error.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    // A frame the client got wrong (over 64 KiB, not UTF-8, any other breach of the WebSocket
    // protocol: ws's WS_ERR_… codes) closes that socket and is the client's doing: warn. Anything
    // else that reaches here is a fault of this server: error. (The plugin's default logged both
    // at error.)
    errorHandler: (err, socket, req) => {
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) req.log.warn({ err }, 'socket error');
      else req.log.error({ err }, 'websocket handler failed');
      socket.terminate();
    },
  });

  app.get('/healthz', async () => ({ ok: true }));
  // Readiness, for a load balancer: the store answers (and in a cluster, Redis is connected).
  // 503 says which is wrong (not how: the page is public); the process stays up and recovers on its own.
  app.get('/readyz', async (_req, reply) => {
    const problems: string[] = [];
    const storeProblem = await Promise.race([
      hub.store.leaseOf('-').then(() => null, () => 'unavailable'),
      new Promise<string>((res) => setTimeout(() => res('no answer within 2 s'), 2000).unref()),
    ]);
    if (storeProblem !== null) problems.push(`store: ${storeProblem}`);
    const hosting = hub.hosting.readiness();
    problems.push(...hosting.problems);
    return reply.code(problems.length === 0 ? 200 : 503).send({ ok: problems.length === 0, ...(problems.length === 0 ? {} : { problems }), ...hosting.about });
  });
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
    const r = await hub.exportOf(req.params.id, req.query.invite, raw === undefined ? undefined : Number(raw));
    if ('error' in r) {
      if (r.error === 'UNKNOWN_TABLE') return reply.code(404).send({ error: 'UNKNOWN_TABLE', message: PROTOCOL_ERRORS.UNKNOWN_TABLE });
      return reply.code(404).send({ error: 'NO_GAME', message: r.message });
    }
    reply.header('content-disposition', `attachment; filename="parlor-${req.params.id}-${r.exported.gameNo}.json"`);
    return r.exported;
  });

  // A browser page from another site must not open a socket here in its visitor's name (the CLI
  // and bots send no Origin and are let in). Refused before the upgrade, with 403.
  const checkOrigin = async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    if (originAllowed(origin, req.headers.host, config.allowedOrigins)) return;
    req.log.warn({ origin: clip(String(origin)) }, 'websocket origin refused (PARLOR_ALLOWED_ORIGINS)');
    return reply.code(403).send({ error: 'FORBIDDEN_ORIGIN', message: 'This page may not connect to this server (see PARLOR_ALLOWED_ORIGINS).' });
  };

  // An address at its connection limit is refused before the upgrade too (429): cheaper than a
  // WebSocket opened only to be closed. (The hub counts again after the upgrade, for races.)
  const checkConnections = async (req: FastifyRequest, reply: FastifyReply) => {
    if (hub.connectionsFrom(req.ip) < config.maxConnectionsPerAddress) return;
    metrics.refused.inc({ code: 'TOO_MANY_CONNECTIONS' });
    return reply.code(429).send({ error: 'TOO_MANY_CONNECTIONS', message: `Too many connections from your address (at most ${config.maxConnectionsPerAddress}); close some first.` });
  };

  app.get('/ws', { websocket: true, onRequest: [checkOrigin, checkConnections] }, (socket, req) => {
    // Messages sent in one tick (an update for each seat held, then the reply) leave in one write:
    // the TCP socket is corked until the next tick.
    const tcp = (socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    let corked = false;
    const send = (msg: ServerMessage) => {
      if (socket.readyState !== socket.OPEN) return;
      // Whatever composed it (this file, the hub, a game's rules), an error text echoes at most
      // MAX_ECHO characters of the client's input: texts are cut at that length in all.
      if (msg.type === 'error' && msg.message.length > MAX_ECHO) msg = { ...msg, message: clip(msg.message) };
      if (tcp && !corked) { corked = true; tcp.cork(); process.nextTick(() => { corked = false; tcp.uncork(); }); }
      socket.send(JSON.stringify(msg));
    };
    const conn: Connection | null = hub.connect(send, req.ip, () => socket.close(1008, 'too many connections'));
    if (conn === null) return;
    let chain: Promise<void> = Promise.resolve();
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const received = performance.now();
      // Refusals a client causes are its own business: counted in parlor_refused_total, logged at
      // debug only (never at error, which is for faults of the server), and never with its input.
      const refuse = (code: keyof typeof PROTOCOL_ERRORS, message: string, re: string | number | undefined) => {
        metrics.refused.inc({ code });
        req.log.debug({ code }, 'message refused');
        send({ type: 'error', ...(re === undefined ? {} : { re }), code, message });
      };
      if (!conn.limit.take()) {
        return refuse('RATE_LIMITED', `Too many messages: ${config.rateBurst} at once, then ${config.ratePerSecond} a second. This one was dropped; send it again in a moment.`,
          isBinary ? undefined : readId(data));
      }
      if (isBinary) return refuse('BAD_MESSAGE', 'Send JSON text frames.', undefined);
      if (data.length > MAX_MESSAGE_BYTES) return refuse('TOO_LARGE', `Messages are at most ${MAX_MESSAGE_BYTES} bytes.`, readId(data));
      let json: unknown;
      try {
        json = JSON.parse(data.toString('utf8'));
      } catch {
        return refuse('BAD_MESSAGE', 'The message is not valid JSON.', undefined);
      }
      const parsed = parseClientMessage(json);
      if (!parsed.success) {
        // A zod text may quote the client's input (an unknown key, say): the detail is cut to MAX_ECHO.
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? ` at "${issue.path.join('.')}"` : '';
        return refuse('BAD_MESSAGE', `Not a valid message${clip(`${where}: ${issue?.message ?? 'unknown shape'}`)}.`, idOf(json));
      }
      // One message at a time per connection, in the order sent.
      chain = chain.then(() => hub.handle(conn, parsed.data, received));
    });
    socket.on('close', () => { void chain.then(() => hub.disconnect(conn)); });
  });

  if (config.webRoot !== null && existsSync(config.webRoot)) {
    const root = resolve(config.webRoot);
    const maps = config.serveSourceMaps ? sourceMapsIn(root) : new Set<string>();
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // The build writes a brotli (.br) and a gzip (.gz) copy beside each asset (vite.config.ts);
      // the copy the request's Accept-Encoding allows is sent as it is (Vary: accept-encoding),
      // else the file itself. The copies and, unless PARLOR_SERVE_SOURCEMAPS=1, the source maps
      // get no route of their own: 404.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', ...(config.serveSourceMaps ? [] : ['**/*.map'])],
      setHeaders: (reply, path) => {
        const file = relative(root, path.replace(/\.(?:br|gz)$/, '')).split(sep).join('/');
        reply.header('cache-control', HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (maps.has(`${file}.map`)) reply.header('sourcemap', `/${file}.map`);
      },
    });
    // Client-side routes (/t/abc…) get the app page.
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0]!;
      if (req.method === 'GET' && !path.startsWith('/ws') && !path.startsWith('/tables/') && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) {
        return reply.sendFile('index.html');
      }
      return reply.code(404).send({ error: 'NOT_FOUND' });
    });
  } else {
    app.get('/', async (_req, reply) => reply.type('text/html').send(
      '<!doctype html><title>Parlor</title><h1>Parlor server</h1><p>The game server is running. The web client is not built here; see the README.</p>'));
  }

  const address = await app.listen({ port: config.port, host: config.host });
  return {
    app, hub, url: address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'),
    close: async () => {
      await app.close();
      await hub.close();
      await hosting.close();
      await store.close();
    },
  };
}

/**
 * A file the web build named by its content (`assets/<name>-<8-character hash>.<ext>`, not a
 * source map): it never changes, so browsers and proxies may keep it for a year without asking
 * again. Everything else, index.html first, is revalidated on every use (`no-cache`, with its
 * ETag and Last-Modified), so a new build is seen at once.
 */
const HASHED_ASSET = /^assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{8}\.(?!map$)[a-z0-9]+$/;

/** The source maps of the web build, as paths from its root (`assets/index-….js.map`). */
function sourceMapsIn(root: string): Set<string> {
  const files = readdirSync(root, { recursive: true }).map((f) => String(f).split(sep).join('/'));
  return new Set(files.filter((f) => f.endsWith('.map')));
}
