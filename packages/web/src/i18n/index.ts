import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from './locales/en/common.json';
import enF7 from './locales/en/f7.json';
import enSf from './locales/en/sf.json';
import itCommon from './locales/it/common.json';
import itF7 from './locales/it/f7.json';
import itSf from './locales/it/sf.json';
import jaCommon from './locales/ja/common.json';
import jaF7 from './locales/ja/f7.json';
import jaSf from './locales/ja/sf.json';
import koCommon from './locales/ko/common.json';
import koF7 from './locales/ko/f7.json';
import koSf from './locales/ko/sf.json';
import plCommon from './locales/pl/common.json';
import plF7 from './locales/pl/f7.json';
import plSf from './locales/pl/sf.json';

/** The five languages of the sources (shared/seeds): every string exists in each. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'it', name: 'Italiano' },
  { code: 'ja', name: '日本語' },
  { code: 'pl', name: 'Polski' },
  { code: 'ko', name: '한국어' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
/** Per language: the shell's strings, and each game's under its own key (`sf.…`, `f7.…`). */
export const RESOURCES = {
  en: { ...enCommon, sf: enSf, f7: enF7 },
  it: { ...itCommon, sf: itSf, f7: itF7 },
  ja: { ...jaCommon, sf: jaSf, f7: jaF7 },
  pl: { ...plCommon, sf: plSf, f7: plF7 },
  ko: { ...koCommon, sf: koSf, f7: koF7 },
} as const;

const KEY = 'parlor.lang';

/** The saved choice, else the browser's first supported language, else English. */
export function detectLanguage(): Language {
  const saved = localStorage.getItem(KEY);
  if (saved && Object.hasOwn(RESOURCES, saved)) return saved as Language;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0]!;
    if (Object.hasOwn(RESOURCES, base)) return base as Language;
  }
  return 'en';
}

export function setLanguage(lang: Language): void {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  void i18next.changeLanguage(lang);
}

export async function initI18n(): Promise<void> {
  const lng = detectLanguage();
  document.documentElement.lang = lng;
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: Object.fromEntries(Object.entries(RESOURCES).map(([k, v]) => [k, { translation: v }])),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}
