import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, type PluginOption, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The protocol's zod schemas, tree-shakable in the client. `@parlor/protocol` builds its schemas
 * at the top level of its modules (`const id = z.union([z.string().max(64), …]).optional()`); the
 * bundler cannot know that a method chain such as `.max(64)` has no side effect, so a client that
 * imports one constant (MAX_NAME_LENGTH, MOVE_TIMERS) got every schema and all of zod (≈ 23 KB
 * of brotli-compressed JavaScript on the first load). Here, for the client's bundle only, each
 * top-level `const x = z.…` of the protocol's sources is wrapped as
 * `/* @__PURE__ *\/ (() => z.…)()`: kept when the client uses `x`, dropped when it does not. The
 * client parses no message with zod; it uses the protocol's types and constants only. The server
 * and the CLI run the protocol's code unchanged.
 */
function pureProtocolSchemas(): Plugin {
  return {
    name: 'parlor:pure-protocol-schemas',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]protocol[\\/]src[\\/][^\\/]+\.ts$/ },
      handler(code, id) {
        const program = this.parse(code);
        const spans: [number, number][] = [];
        for (let node of program.body) {
          if (node.type === 'ExportNamedDeclaration' && node.declaration) node = node.declaration;
          if (node.type !== 'VariableDeclaration' || node.kind !== 'const') continue;
          for (const d of node.declarations) {
            const init = d.init;
            if (init == null || !code.startsWith('z.', init.start)) continue;
            spans.push([init.start, init.end]);
          }
        }
        if (spans.length === 0) return null;
        let out = '';
        let at = 0;
        for (const [start, end] of spans) {
          out += `${code.slice(at, start)}/* @__PURE__ */ (() => ${code.slice(start, end)})()`;
          at = end;
        }
        out += code.slice(at);
        this.debug?.(`${id}: ${spans.length} schemas marked pure`);
        // Text is only inserted within lines: the lines of the previous map still hold.
        return { code: out, map: null };
      },
    },
  };
}

/** Files a browser gets compressed (the server picks `.br` or `.gz` by Accept-Encoding). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Every compressible file of the build gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9)
 * copy beside it, each kept only when it is smaller than the file. The server sends them as they
 * are (packages/server/src/app.ts, `preCompressed`), so nothing is compressed per request. Source
 * maps are left as they are (served only with PARLOR_SERVE_SOURCEMAPS=1, and then uncompressed).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'parlor:precompress',
    apply: 'build',
    configResolved(config) { outDir = resolve(config.root, config.build.outDir); },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map(String).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(files.map(async (file) => {
        const path = join(outDir, file);
        if (!(await stat(path)).isFile()) return;
        const body = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gz(body, { level: 9 }),
        ]);
        if (br.length < body.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped);
      }));
    },
  };
}

/**
 * Each language's translation chunks named by language (`locale-ja-common-….js`; a tag's hyphen
 * becomes `_`, `locale-pt_BR-common-….js`, so that the language ends at the first hyphen), so that
 * the first load of one language can be told apart.
 */
function chunkFileNames(chunk: { facadeModuleId: string | null; name: string }): string {
  const m = /[\\/]locales[\\/]([A-Za-z-]+)[\\/]([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? '');
  return m === null ? 'assets/[name]-[hash].js' : `assets/locale-${m[1]!.replace(/-/g, '_')}-${m[2]}-[hash].js`;
}

/** Paths the server answers itself (never the app page): the service worker leaves them to the network. */
const SERVER_PATHS = [/^\/ws(?:\/|$)/, /^\/tables\//, /^\/api\//, /^\/healthz$/, /^\/readyz$/, /^\/metrics$/];

/**
 * The progressive web app (issue 14): a web manifest (manifest.webmanifest, linked from index.html,
 * icons in public/icons) and a Workbox service worker (sw.js, its runtime inlined) that precaches
 * the whole build — the page, every chunk loaded later (the table, the game screens, the offline
 * worker, every language) and the icons — so that after one visit the app opens with no network
 * and offline games can be played (src/offline). Navigations get the cached index.html, except to
 * the server's own paths. A new build's worker takes over at once (skipWaiting, clientsClaim); an
 * open page then offers a reload into it (src/offline/update.ts), and a page of the previous build
 * that asks for a chunk gone since reloads by itself (main.tsx). main.tsx
 * registers the worker. It is written before `precompress` runs (closeBundleOrder 'pre'), so that
 * sw.js and the manifest get their compressed copies too.
 */
function pwa(): PluginOption {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    strategies: 'generateSW',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    integration: { closeBundleOrder: 'pre' },
    manifest: {
      name: 'Parlor',
      short_name: 'Parlor',
      description: 'Stir Fry Eighteen and Flip 7: play online, or offline against bots.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f7f1e8',
      theme_color: '#7a2e1d',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      // Not the .br/.gz copies, nor the source maps: the browser asks for the file and the server picks the encoding.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // Hashed names change with their content: no revision query needed.
      dontCacheBustURLsMatching: /^assets\/.+-[A-Za-z0-9_-]{8}\./,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: SERVER_PATHS,
      inlineWorkboxRuntime: true,
      // Web push (docs/notifications.md): public/push-sw.js shows a push and opens its table on a click.
      importScripts: ['/push-sw.js'],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      sourcemap: false,
    },
  });
}

// The client bundles the rules package from its TypeScript sources (one copy of every rule).
// Source maps are written (`hidden`: no sourceMappingURL comment in the scripts) for debugging and
// error reports; the server does not serve them unless PARLOR_SERVE_SOURCEMAPS=1 (docs/operations.md).
export default defineConfig({
  plugins: [react(), pureProtocolSchemas(), pwa(), precompress()],
  // The offline worker (src/offline/worker.ts) is a module worker: its chunks are ES modules.
  worker: { format: 'es' },
  resolve: { conditions: ['@parlor/source'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        chunkFileNames,
        // React and i18next, which every page needs, in one chunk: left to the bundler, the chunks
        // loaded later (the lobby's pictures, the avatars) split them into several small chunks,
        // each compressed apart, and the first load grew by 2 KB.
        codeSplitting: { groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store)[\\/]/ }] },
      },
    },
  },
  // `npm run dev`: the WebSocket, the exports and the HTTP API (docs/api.md) go to a server on 8080.
  server: { proxy: { '/ws': { target: 'ws://127.0.0.1:8080', ws: true }, '/tables': 'http://127.0.0.1:8080', '/api': 'http://127.0.0.1:8080' } },
});
