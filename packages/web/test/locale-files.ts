import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The web client's translation files, read as flat key → text maps, for the tests that check them. */
const dir = resolve(import.meta.dirname, '../src/i18n/locales');
export const LANGS = ['en', 'de', 'es', 'fr', 'it', 'pl', 'pt-BR', 'ja', 'ko', 'zh-Hans'] as const;
/** The namespaces (file names), as English has them. */
export const FILES = readdirSync(join(dir, 'en')).filter((f) => f.endsWith('.json'));

type Tree = { [k: string]: string | Tree };
function flatten(t: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(t)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** One language's file as dotted keys and their texts. */
export const load = (lang: string, file: string): Map<string, string> =>
  flatten(JSON.parse(readFileSync(join(dir, lang, file), 'utf8')) as Tree);
