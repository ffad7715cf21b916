/**
 * The locale files loaded only when a page asks for them (i18n/index.ts, `loadStrings`): the "How to
 * play" pages and guided games (`learn.json`), the replays (`replay.json`), the coach's review
 * (`coach.json`), the offline games (`offline.json`) and each game's own words (`sf.json`, `f7.json`). This module is itself loaded on demand, so that the first load of the page does
 * not even name their chunks.
 */
export const ON_DEMAND_FILES = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/learn.json', './locales/*/replay.json', './locales/*/coach.json', './locales/*/offline.json',
  './locales/*/sf.json', './locales/*/f7.json',
]);
