import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clip } from '../echo.js';

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

/**
 * A browser page from another site must not open a socket here in its visitor's name (the CLI and
 * bots send no Origin and are let in): an onRequest hook that refuses the upgrade with 403.
 */
export function originCheck(allowed: readonly string[]) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    if (originAllowed(origin, req.headers.host, allowed)) return;
    req.log.warn({ origin: clip(String(origin)) }, 'websocket origin refused (PARLOR_ALLOWED_ORIGINS)');
    return reply.code(403).send({ error: 'FORBIDDEN_ORIGIN', message: 'This page may not connect to this server (see PARLOR_ALLOWED_ORIGINS).' });
  };
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

/**
 * Security headers on every response (pages, assets, errors): the CSP above, nosniff,
 * X-Frame-Options DENY with frame-ancestors 'none', Referrer-Policy no-referrer (invite links
 * carry a secret), and helmet's other defaults. HSTS is left to the TLS proxy, which knows
 * whether the site is served over https.
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
}
