import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The ten languages, each named in itself (the picker shows these names): the five of the sources
 * (shared/seeds) and German, French, Spanish, Brazilian Portuguese and Simplified Chinese. Every
 * string exists in each. A code is the BCP 47 tag the page's `lang` gets (fonts and screen readers
 * go by it: `zh-Hans` is drawn with Simplified Chinese glyphs, not Japanese ones).
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'it', name: 'Italiano' },
  { code: 'pl', name: 'Polski' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'zh-Hans', name: '简体中文' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

type Loader = () => Promise<{ default: Record<string, unknown> }>;

/**
 * The locale files, `locales/<lang>/<file>.json`, loaded per language: a browser downloads only the
 * language it shows. `common.json` holds the shell's strings at the top level; every other file's
 * strings sit under its name (`learn.…`, `coach.…`, a game's own under its short name), so a new
 * file is picked up without a line here. AT_START's files load with the language: the shell's
 * (`common`, with the games' names and options and the few `learn.…` words the lobby and the table
 * show), the account menu's (`account`), the header's count of turn-based tables waiting (`turns`,
 * with the /me/turns page's few words) and players' reliability, which seats and lobby rows show
 * (`reputation`, with the profile's and the create form's words). Every other file loads only once a page asks for it
 * (`loadStrings`; their loaders are in on-demand.ts), to keep the first load small: the "How to
 * play" pages and guided games (`learn`: the /learn pages and the table's rules panel ask for it),
 * the replays (`replay`: the /games pages), the coach's review (`coach`: asked for by each coach's
 * panel, under a finished game and beside a replay's moves), the offline games (`offline`: the
 * /offline pages) and each game's own words (loaded with the part of the game a page shows:
 * ui/games/web-game.ts).
 */
const AT_START: ReadonlySet<string> = new Set(['common', 'account', 'turns', 'reputation']);
const FILES = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*/common.json', './locales/*/account.json', './locales/*/turns.json',
  './locales/*/reputation.json']);

/** The on-demand files asked for so far: a language chosen later loads them with the rest. */
const wanted = new Set<string>();
/** What has been added to i18next, as `<lang>/<file>`, and what is being loaded. */
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

const isLanguage = (x: string): x is Language => LANGUAGES.some((l) => l.code === x);

/** The files of one language among `files` (paths as import.meta.glob gives them). */
function filesOf(lang: Language, files: Record<string, Loader>): { file: string; load: Loader }[] {
  const out: { file: string; load: Loader }[] = [];
  for (const [path, load] of Object.entries(files)) {
    const m = /^\.\/locales\/([A-Za-z-]+)\/([\w-]+)\.json$/.exec(path);
    if (m !== null && m[1] === lang) out.push({ file: m[2]!, load });
  }
  return out;
}

/** Every locale file's loader: those of the language, and the on-demand ones once any is asked for. */
async function loaders(): Promise<Record<string, Loader>> {
  if (wanted.size === 0) return FILES;
  return { ...FILES, ...(await import('./on-demand.js')).ON_DEMAND_FILES };
}

/**
 * Loads `lang`'s files that `pick` names and are not loaded yet, and adds them to i18next (deeply:
 * common.json's `learn` words and learn.json's share one subtree).
 */
async function load(lang: Language, pick: (file: string) => boolean): Promise<void> {
  const todo = filesOf(lang, await loaders()).filter(({ file }) => pick(file) && !loaded.has(`${lang}/${file}`));
  if (todo.length === 0) return;
  const key = `${lang}/${todo.map((f) => f.file).sort().join('+')}`;
  let running = loading.get(key);
  if (running === undefined) {
    running = (async () => {
      const parts = await Promise.all(todo.map(async ({ file, load: get }) => ({ file, strings: (await get()).default })));
      // common.json first, at the top; each other file under its name, merged into what is there.
      for (const { file, strings } of parts.sort((a, b) => Number(b.file === 'common') - Number(a.file === 'common'))) {
        i18next.addResourceBundle(lang, 'translation', file === 'common' ? strings : { [file]: strings }, true, true);
        loaded.add(`${lang}/${file}`);
      }
    })().finally(() => loading.delete(key));
    loading.set(key, running);
  }
  await running;
}

/** A language's files: those loaded at start, and the on-demand ones asked for so far. */
const ensure = (lang: Language): Promise<void> => load(lang, (file) => AT_START.has(file) || wanted.has(file));

/** Whether an on-demand file's strings are there in the language shown. */
export function stringsLoaded(file: string): boolean {
  return AT_START.has(file) || loaded.has(`${i18next.language}/${file}`);
}

/** Loads an on-demand file (`learn`, `replay`, `coach`, `offline`, a game's own) in the language shown, and in any language chosen after. */
export function loadStrings(file: string): Promise<void> {
  wanted.add(file);
  const lang = i18next.language;
  return isLanguage(lang) ? load(lang, (f) => f === file) : Promise.resolve();
}

const KEY = 'parlor.lang';

/**
 * The language of a browser's language tag (`navigator.languages`, which the browser builds from the
 * same list it sends as `Accept-Language`), or null when none of the ten fits. An exact tag wins;
 * else the tag's language alone: any Portuguese reads Brazilian Portuguese, and any Chinese
 * (Traditional too: `zh-TW`, `zh-Hant`) Simplified Chinese, the only Portuguese and Chinese there
 * are, sooner than English.
 */
export function languageOfTag(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  const exact = LANGUAGES.find((l) => l.code.toLowerCase() === lower);
  if (exact !== undefined) return exact.code;
  const base = lower.split(/[-_]/)[0]!;
  return LANGUAGES.find((l) => l.code.toLowerCase().split('-')[0] === base)?.code ?? null;
}

/** The first of `tags` (most preferred first) that one of the ten languages fits, else English. */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lang = languageOfTag(tag);
    if (lang !== null) return lang;
  }
  return 'en';
}

/** The saved choice, else the browser's first supported language, else English. */
export function detectLanguage(): Language {
  const saved = localStorage.getItem(KEY);
  if (saved && isLanguage(saved)) return saved;
  return pickLanguage(navigator.languages ?? [navigator.language]);
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
    // An on-demand file that arrives while its page shows (the table's rules panel) re-renders it.
    react: { bindI18nStore: 'added' },
  });
  await ensure(lng);
  await i18next.changeLanguage(lng);
}
