/**
 * The web client's first load as a browser receives it (issue 11, item 8). The built server
 * (`@parlor/server`'s dist, as `npm start` runs it) serves `packages/web/dist` on a free port; the
 * benchmark asks for the page as a browser does, with `Accept-Encoding: br, gzip`, then for
 * everything the page loads before its first render: the module script, the chunks it
 * modulepreloads or imports, the stylesheets, and the translations of the language shown (the
 * client loads one language's locale chunks at start, `locale-<lang>-….js`). It counts the bytes
 * of each response as they come over the socket: the body as sent (`Content-Encoding`,
 * `Content-Length`) and the header block. Chunks loaded later (the table page, the game screens,
 * other languages) are not counted.
 *
 * Aim: at most 120 KB of compressed JavaScript on the first load, in every language.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { configFromEnv, startServer } from '@parlor/server';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');
const AIM_KB = 120;
/** The language the per-file list is for (the others are summed after it). */
const SHOWN = 'en';

type Kind = 'page' | 'script' | 'modulepreload' | 'import' | 'stylesheet' | 'translation';

/** What index.html loads up front: `<script type="module" src>`, `<link rel="modulepreload">` and `<link rel="stylesheet">`, same-origin only. */
export function initialAssets(html: string): { url: string; kind: Kind }[] {
  const out: { url: string; kind: Kind }[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((x) => x !== undefined);
    const rel = attr('rel')?.toLowerCase();
    const [url, kind]: [string | undefined, Kind] = /^<script/i.test(tag) ? [attr('src'), 'script']
      : rel === 'modulepreload' ? [attr('href'), 'modulepreload']
      : rel === 'stylesheet' ? [attr('href'), 'stylesheet'] : [undefined, 'script'];
    if (url !== undefined && !/^(https?:)?\/\//i.test(url) && !out.some((a) => a.url === url)) out.push({ url, kind });
  }
  return out;
}

/** The chunks a module script imports statically (`import … from "./x.js"`, `import "./x.js"`), as absolute paths. */
export function staticImports(code: string, from: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
    out.add(new URL(m[1]!, `http://x${from}`).pathname);
  }
  return [...out];
}

/** Each language's translation chunks named in a script (`./locale-<lang>-<file>-<hash>.js`, `pt_BR` for `pt-BR`), as absolute paths by language tag. */
export function localeChunks(code: string, from: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of code.matchAll(/["'`](\.{1,2}\/(?:[\w-]+\/)*locale-([A-Za-z_]+)-[\w-]+\.js)["'`]/g)) {
    const path = new URL(m[1]!, `http://x${from}`).pathname;
    const lang = m[2]!.replace(/_/g, '-');
    const list = out.get(lang) ?? [];
    if (!list.includes(path)) list.push(path);
    out.set(lang, list);
  }
  return out;
}

interface Fetched {
  url: string;
  kind: Kind;
  status: number;
  encoding: string;
  /** Body bytes as sent. */
  body: number;
  /** Status line and header block. */
  head: number;
  /** Body bytes once decoded. */
  decoded: number;
  cache: string;
  text: string;
}

/** One GET as a browser sends it, counting what comes over the wire (node:http does not decode). */
function fetchAsBrowser(base: string, url: string, kind: Kind, acceptEncoding = 'br, gzip'): Promise<Fetched> {
  return new Promise((ok, fail) => {
    const req = request(new URL(url, base), { headers: { 'accept-encoding': acceptEncoding, accept: '*/*', 'user-agent': 'parlor-bench' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', fail);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? 'none';
        const length = Number(res.headers['content-length']);
        if (Number.isFinite(length) && length !== raw.length) return fail(new Error(`${url}: Content-Length ${length}, ${raw.length} bytes received`));
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        let head = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        ok({ url, kind, status: res.statusCode ?? 0, encoding, body: raw.length, head, decoded: body.length, cache: cacheOf(res.headers), text: body.toString('utf8') });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

function cacheOf(h: IncomingHttpHeaders): string {
  const c = h['cache-control'] ?? '';
  return /immutable/.test(c) ? 'immutable' : c === '' ? '-' : c;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const isJs = (f: Fetched) => f.kind !== 'page' && f.kind !== 'stylesheet';

export async function benchWeb(): Promise<void> {
  console.log('\nWeb client — first load as a browser receives it (Accept-Encoding: br, gzip; bytes on the wire)');
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log(`not measured: ${join(DIST, 'index.html')} is missing (npm run build -w @parlor/web)`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-web-'));
  const server = await startServer({
    ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath: join(dir, 'parlor.db'), webRoot: DIST, logLevel: 'silent',
  }, { logger: false });
  try {
    const page = await fetchAsBrowser(server.url, '/', 'page');
    const got: Fetched[] = [page];
    const seen = new Set<string>(['/']);
    const locales = new Map<string, string[]>();
    const queue = initialAssets(page.text);
    while (queue.length > 0) {
      const { url, kind } = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const f = await fetchAsBrowser(server.url, url, kind);
      if (f.status !== 200) throw new Error(`${url}: HTTP ${f.status}`);
      got.push(f);
      if (!url.endsWith('.js')) continue;
      for (const dep of staticImports(f.text, url)) queue.push({ url: dep, kind: 'import' });
      for (const [lang, chunks] of localeChunks(f.text, url)) locales.set(lang, [...new Set([...(locales.get(lang) ?? []), ...chunks])]);
    }
    // The translations of each language, as a browser showing it loads them at start.
    const byLang = new Map<string, Fetched[]>();
    for (const [lang, chunks] of [...locales].sort(([a], [b]) => a.localeCompare(b))) {
      byLang.set(lang, await Promise.all(chunks.map((c) => fetchAsBrowser(server.url, c, 'translation'))));
    }
    const shown = [...got, ...(byLang.get(SHOWN) ?? [])];

    console.log(`${'file'.padEnd(44)} ${'kind'.padEnd(13)} ${'encoding'.padEnd(8)} ${'body'.padStart(9)} ${'headers'.padStart(8)} ${'decoded'.padStart(9)}  cache`);
    for (const f of shown) {
      console.log(`${f.url.padEnd(44)} ${f.kind.padEnd(13)} ${f.encoding.padEnd(8)} ${kb(f.body).padStart(9)} ${String(f.head).padStart(8)} ${kb(f.decoded).padStart(9)}  ${f.cache}`);
    }
    const sum = (fs: Fetched[], key: 'body' | 'head' | 'decoded') => fs.reduce((n, f) => n + f[key], 0);
    const js = shown.filter(isJs);
    console.log(`${'total'.padEnd(44)} ${`${shown.length} files`.padEnd(13)} ${''.padEnd(8)} ${kb(sum(shown, 'body')).padStart(9)} ${String(sum(shown, 'head')).padStart(8)} ${kb(sum(shown, 'decoded')).padStart(9)}`);
    console.log(`  JavaScript ${kb(sum(js, 'body'))} compressed (${kb(sum(js, 'decoded'))} decoded, ${js.length} files); all responses ${kb(sum(shown, 'body') + sum(shown, 'head'))} with headers`);
    // The same JavaScript for a client that takes gzip only.
    const gzipOnly = await Promise.all(js.map((f) => fetchAsBrowser(server.url, f.url, f.kind, 'gzip')));
    console.log(`  with Accept-Encoding: gzip only, the same JavaScript is ${kb(sum(gzipOnly, 'body'))}`);

    // Every language: the same files, with that language's translations.
    const base = sum(got.filter(isJs), 'body');
    const perLang = [...byLang].map(([lang, fs]) => ({ lang, js: base + sum(fs, 'body') }));
    if (perLang.length === 0) perLang.push({ lang: '(no translation chunks found)', js: base });
    console.log(`  first-load JavaScript by language: ${perLang.map((l) => `${l.lang} ${kb(l.js)}`).join(', ')}`);
    const worst = perLang.reduce((a, b) => (b.js > a.js ? b : a));
    console.log(worst.js <= AIM_KB * 1024
      ? `aim met: at most ${kb(worst.js)} of compressed JavaScript on the first load (${worst.lang}; aim ≤ ${AIM_KB} KB)`
      : `aim missed: ${kb(worst.js)} of compressed JavaScript on the first load (${worst.lang}; aim ≤ ${AIM_KB} KB)`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWeb();
