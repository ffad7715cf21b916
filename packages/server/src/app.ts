import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { MAX_MESSAGE_BYTES, PROTOCOL_ERRORS, type ServerMessage, parseClientMessage } from '@parlor/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import { exportGame } from './export.js';
import { type Connection, Hub } from './hub.js';
import { createMetrics } from './metrics.js';
import { SqliteStore } from './store/sqlite.js';
import type { Store } from './store/store.js';

export interface ParlorServer {
  readonly app: FastifyInstance;
  readonly hub: Hub;
  /** The address it listens on, e.g. http://127.0.0.1:8080. */
  readonly url: string;
  close(): Promise<void>;
}

/** Builds and starts the server: store, tables restored from their logs, HTTP and WebSocket routes. */
export async function startServer(config: ServerConfig, opts: { store?: Store; logger?: boolean | object } = {}): Promise<ParlorServer> {
  const store = opts.store ?? new SqliteStore(config.dbPath, { synchronous: config.dbSync });
  const metrics = createMetrics();
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
  const app = Fastify({ logger, bodyLimit: 64 * 1024 });
  const hub = new Hub(store, metrics, config, {
    warn: (obj, msg) => app.log.warn(obj, msg),
    error: (obj, msg) => app.log.error(obj, msg),
  });
  await hub.load();

  // Frames past 64 KiB close the socket; up to that, an oversized message gets a TOO_LARGE error.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/metrics', async (_req, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  app.get<{ Params: { id: string }; Querystring: { game?: string; invite?: string } }>('/tables/:id/export', async (req, reply) => {
    const t = hub.tables.get(req.params.id);
    if (t === undefined || (t.row.private && req.query.invite !== t.row.invite)) {
      return reply.code(404).send({ error: 'UNKNOWN_TABLE', message: PROTOCOL_ERRORS.UNKNOWN_TABLE });
    }
    const latestFinished = t.row.status === 'finished' ? t.row.gameNo : t.row.gameNo - 1;
    const gameNo = req.query.game === undefined ? latestFinished : Number(req.query.game);
    if (!Number.isInteger(gameNo) || gameNo < 1) return reply.code(404).send({ error: 'NO_GAME', message: 'No finished game at this table yet.' });
    const exported = await exportGame(store, t.row.game, t.id, gameNo);
    if (exported === null) return reply.code(404).send({ error: 'NO_GAME', message: `Game ${gameNo} of this table is not finished (its seed stays secret until it is).` });
    reply.header('content-disposition', `attachment; filename="parlor-${t.id}-${gameNo}.json"`);
    return exported;
  });

  app.get('/ws', { websocket: true }, (socket, req) => {
    // Messages sent in one tick (an update for each seat held, then the reply) leave in one write:
    // the TCP socket is corked until the next tick.
    const tcp = (socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    let corked = false;
    const send = (msg: ServerMessage) => {
      if (socket.readyState !== socket.OPEN) return;
      if (tcp && !corked) { corked = true; tcp.cork(); process.nextTick(() => { corked = false; tcp.uncork(); }); }
      socket.send(JSON.stringify(msg));
    };
    const conn: Connection = hub.connect(send);
    let chain: Promise<void> = Promise.resolve();
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const received = performance.now();
      const refuse = (code: keyof typeof PROTOCOL_ERRORS, message: string = PROTOCOL_ERRORS[code]) => {
        metrics.refused.inc({ code });
        send({ type: 'error', code, message });
      };
      if (!conn.limit.take()) return refuse('RATE_LIMITED');
      if (isBinary || data.length > MAX_MESSAGE_BYTES) {
        return refuse(isBinary ? 'BAD_MESSAGE' : 'TOO_LARGE', isBinary ? 'Send JSON text frames.' : `Messages are at most ${MAX_MESSAGE_BYTES} bytes.`);
      }
      let json: unknown;
      try {
        json = JSON.parse(data.toString('utf8'));
      } catch {
        return refuse('BAD_MESSAGE', 'The message is not valid JSON.');
      }
      const parsed = parseClientMessage(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? ` at "${issue.path.join('.')}"` : '';
        const reId = typeof json === 'object' && json !== null && 'id' in json ? (json as { id: unknown }).id : undefined;
        metrics.refused.inc({ code: 'BAD_MESSAGE' });
        return send({
          type: 'error', ...(typeof reId === 'string' || typeof reId === 'number' ? { re: reId } : {}),
          code: 'BAD_MESSAGE', message: `Not a valid message${where}: ${issue?.message ?? 'unknown shape'}.`,
        });
      }
      // One message at a time per connection, in the order sent.
      chain = chain.then(() => hub.handle(conn, parsed.data, received));
    });
    socket.on('close', () => { void chain.then(() => hub.disconnect(conn)); });
    socket.on('error', (err) => req.log.warn({ err }, 'socket error'));
  });

  if (config.webRoot !== null && existsSync(config.webRoot)) {
    await app.register(fastifyStatic, { root: resolve(config.webRoot), wildcard: false });
    // Client-side routes (/t/abc…) get the app page.
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0]!;
      if (req.method === 'GET' && !path.startsWith('/ws') && !path.startsWith('/tables/') && !/\.[a-z0-9]+$/i.test(path)) {
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
      await store.close();
    },
  };
}
