import { existsSync, readdirSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { sendNotFound } from './errors.js';

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

/** The web client's files (config.webRoot), its client-side routes, or a placeholder page when it is not built. */
export async function webClient(app: FastifyInstance, config: ServerConfig): Promise<void> {
  if (config.webRoot === null || !existsSync(config.webRoot)) {
    app.get('/', async (_req, reply) => reply.type('text/html').send(
      '<!doctype html><title>Parlor</title><h1>Parlor server</h1><p>The game server is running. The web client is not built here; see the README.</p>'));
    app.setNotFoundHandler((_req, reply) => sendNotFound(reply));
    return;
  }
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
    return sendNotFound(reply);
  });
}
