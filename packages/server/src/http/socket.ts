import fastifyWebsocket from '@fastify/websocket';
import { MAX_MESSAGE_BYTES, PROTOCOL_ERRORS, helloMessage, parseClientMessage } from '@parlor/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Connection } from '../connection.js';
import { clip } from '../echo.js';
import type { Hub } from '../hub.js';
import type { Metrics } from '../metrics.js';
import { upgradeOnly } from './errors.js';
import { originCheck } from './security.js';

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
 * The WebSocket route, `/ws` (docs/protocol.md): each text frame parsed and checked (rate, size,
 * JSON, the protocol's schema) before the hub handles it, one at a time per connection in the order
 * sent; what the hub sends goes out as text frames.
 */
export async function socketRoute(app: FastifyInstance, hub: Hub, config: ServerConfig, metrics: Metrics): Promise<void> {
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

  // An address at its connection limit is refused before the upgrade too (429): cheaper than a
  // WebSocket opened only to be closed. (The hub counts again after the upgrade, for races.)
  const checkConnections = async (req: FastifyRequest, reply: FastifyReply) => {
    if (hub.connectionsFrom(req.ip) < config.maxConnectionsPerAddress) return;
    metrics.refused.inc({ code: 'TOO_MANY_CONNECTIONS' });
    return reply.code(429).send({ error: 'TOO_MANY_CONNECTIONS', message: `Too many connections from your address (at most ${config.maxConnectionsPerAddress}); close some first.` });
  };

  app.get('/ws', { websocket: true, onRequest: [upgradeOnly, originCheck(config.allowedOrigins), checkConnections] }, (socket, req) => {
    // Frames sent in one tick (an update for each seat held, then the reply) leave in one write:
    // the TCP socket is corked until the next tick.
    const tcp = (socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    let corked = false;
    const write = (json: string) => {
      if (socket.readyState !== socket.OPEN) return;
      if (tcp && !corked) { corked = true; tcp.cork(); process.nextTick(() => { corked = false; tcp.uncork(); }); }
      socket.send(json);
    };
    const conn: Connection | null = hub.connect(write, req.ip, (code, reason) => socket.close(code, reason));
    if (conn === null) return;
    let chain: Promise<void> = Promise.resolve();
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const received = performance.now();
      // Refusals a client causes are its own business: counted in parlor_refused_total, logged at
      // debug only (never at error, which is for faults of the server), and never with its input.
      const refuse = (code: keyof typeof PROTOCOL_ERRORS, message: string, re: string | number | undefined) => {
        metrics.refused.inc({ code });
        req.log.debug({ code }, 'message refused');
        conn.send({ type: 'error', ...(re === undefined ? {} : { re }), code, message });
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
}
