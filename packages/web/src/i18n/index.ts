import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The five languages of the sources (shared/seeds): every string exists in each. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'it', name: 'Italiano' },
  { code: 'ja', name: '日本語' },
  { code: 'pl', name: 'Polski' },
  { code: 'ko', name: '한국어' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

/**
 * Every locale file, `locales/<lang>/<file>.json`, loaded on demand: a browser downloads only the
 * language it shows. `common.json` holds the shell's strings at the top level; every other file's
 * strings sit under its name (`sf.…`, `f7.…`), so a new file is picked up without a line here.
 */
const FILES = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const isLanguage = (x: string): x is Language => LANGUAGES.some((l) => l.code === x);

/** One language's strings, every file of it together. */
async function bundle(lang: Language): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  await Promise.all(Object.entries(FILES).map(async ([path, load]) => {
    const m = /^\.\/locales\/([a-z]+)\/([\w-]+)\.json$/.exec(path);
    if (m === null || m[1] !== lang) return;
    const strings = (await load()).default;
    if (m[2] === 'common') Object.assign(out, strings);
    else out[m[2]!] = strings;
  }));
  return out;
}

async function ensure(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  i18next.addResourceBundle(lang, 'translation', await bundle(lang), true, true);
}

const KEY = 'parlor.lang';

/** The saved choice, else the browser's first supported language, else English. */
export function detectLanguage(): Language {
  const saved = localStorage.getItem(KEY);
  if (saved && isLanguage(saved)) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0]!;
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(KEY, lang);
  await ensure(lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

/** Starts i18next in the detected language, its strings loaded first (no fallback is needed: every key exists in every language). */
export async function initI18n(): Promise<void> {
  const lng = detectLanguage();
  document.documentElement.lang = lng;
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensure(lng);
  await i18next.changeLanguage(lng);
}
