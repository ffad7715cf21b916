import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiError, ApiErrorCode } from '@parlor/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Every refusal of the HTTP layer in the documented shape, `{"error": CODE, "message": text}`
 * (docs/protocol.md, "Errors"; docs/api.md): the routes' own refusals are already; these are the
 * ones fastify and Node's HTTP parser make before a route runs, or a route's unexpected failure.
 */

const SERVER_ERROR = 'Something went wrong on the server; nothing was changed.';

/** A fastify error (a body too large, a media type no parser takes, JSON that does not parse…) as a status, code and sentence. */
function shapeOf(e: FastifyError): { status: number; body: ApiError } {
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  const of = (error: ApiErrorCode, message: string) => ({ status, body: { error, message } });
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return of('TOO_LARGE', 'The request body is over 64 KiB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return of('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON, with "Content-Type: application/json".');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY': return of('BAD_JSON', 'The body is empty, but its Content-Type says JSON: send a JSON body, or no Content-Type.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY': return of('BAD_JSON', 'The body is not valid JSON.');
    default:
      if (status >= 500) return of('SERVER_ERROR', SERVER_ERROR);
      // JSON.parse's own SyntaxError, from fastify's JSON parser (400, no FST code).
      if (e instanceof SyntaxError) return of('BAD_JSON', 'The body is not valid JSON.');
      return of('BAD_REQUEST', `The request was refused (${status} ${STATUS_CODES[status] ?? 'error'}).`);
  }
}

/** 404 for a path or method no route has. */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  const body: ApiError = { error: 'NOT_FOUND', message: 'There is nothing at this address.' };
  return reply.code(404).send(body);
}

/**
 * An `onRequest` hook of `/ws`: a request there that is not a WebSocket upgrade (a browser opening
 * the address) gets 426 UPGRADE_REQUIRED, not the empty 404 of @fastify/websocket.
 */
export async function upgradeOnly(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (String(req.headers.upgrade ?? '').toLowerCase() === 'websocket') return;
  const body: ApiError = { error: 'UPGRADE_REQUIRED', message: 'This address is the WebSocket protocol (docs/protocol.md): connect with a WebSocket client.' };
  await reply.code(426).header('upgrade', 'websocket').send(body);
}

/**
 * Fastify's options for refusals made before any route or hook: a URL that does not decode
 * (`frameworkErrors`), and a request Node's HTTP parser rejects (`clientErrorHandler`: a malformed
 * request line, a body with no length, headers too large, a request too slow), written straight to
 * the socket, which is then closed.
 */
export function errorOptions(): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors: (e, _req, reply) => {
      const { status, body } = e.code === 'FST_ERR_BAD_URL'
        ? { status: 400, body: { error: 'BAD_REQUEST', message: 'The address is not valid (a % not followed by two hex digits?).' } satisfies ApiError }
        : shapeOf(e);
      void (reply as FastifyReply).code(status).send(body);
    },
    clientErrorHandler: (e: Error & { code?: string }, socket: Socket) => {
      if (e.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, body]: [number, ApiError] = e.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { error: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' }]
        : e.code === 'HPE_HEADER_OVERFLOW'
          ? [431, { error: 'TOO_LARGE', message: 'The request headers are too large.' }]
          : [400, { error: 'BAD_REQUEST', message: 'The request could not be read as HTTP: a malformed request line or header, or a body whose length or chunks are not given right.' }];
      const text = JSON.stringify(body);
      if (socket.writable) {
        socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n`
          + `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`);
      }
      socket.destroy(e);
    },
  };
}

/** The error handler of every route: fastify's errors in the documented shape; anything unexpected is logged and answered 500 SERVER_ERROR. */
export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((e: FastifyError, req, reply) => {
    const { status, body } = shapeOf(e);
    if (status >= 500) req.log.error({ err: e }, 'request failed');
    return reply.code(status).send(body);
  });
}
