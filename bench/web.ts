/**
 * The web client's initial JavaScript download (issue 6, item 10): the scripts the built
 * `packages/web/dist/index.html` loads before anything else — its module entry scripts and the
 * chunks it modulepreloads — gzipped (node:zlib, default level, as a server would send them).
 * Lazily imported chunks are not counted. Aim: ≤ 200 KB.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');
const AIM_KB = 200;

/** The script URLs index.html loads up front: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function initialScripts(html: string): string[] {
  const urls: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((x) => x !== undefined);
    const isScript = /^<script/i.test(tag) && attr('src') !== undefined;
    const isPreload = /^<link/i.test(tag) && attr('rel')?.toLowerCase() === 'modulepreload';
    const url = isScript ? attr('src') : isPreload ? attr('href') : undefined;
    if (url !== undefined && !/^(https?:)?\/\//i.test(url) && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchWeb(): Promise<void> {
  console.log('\nWeb client — initial JavaScript download (entry + modulepreload), gzipped');
  const index = join(DIST, 'index.html');
  if (!existsSync(index)) {
    console.log(`not measured: ${index} is missing (npm run build -w @parlor/web)`);
    return;
  }
  const scripts = initialScripts(readFileSync(index, 'utf8'));
  let raw = 0;
  let gz = 0;
  for (const url of scripts) {
    const body = readFileSync(join(DIST, url.replace(/^\//, '').split(/[?#]/)[0]!));
    const zipped = gzipSync(body).length;
    raw += body.length;
    gz += zipped;
    console.log(`${url.padEnd(40)} ${kb(body.length).padStart(10)} raw ${kb(zipped).padStart(10)} gzipped`);
  }
  console.log(`${'total'.padEnd(40)} ${kb(raw).padStart(10)} raw ${kb(gz).padStart(10)} gzipped (${scripts.length} file${scripts.length === 1 ? '' : 's'})`);
  console.log(gz <= AIM_KB * 1024
    ? `aim met: ${kb(gz)} of JavaScript gzipped before the first render (aim ≤ ${AIM_KB} KB)`
    : `above the aim of ${AIM_KB} KB: ${kb(gz)} of JavaScript gzipped before the first render`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWeb();
