/**
 * The locale files loaded only when a page asks for them (i18n/index.ts, `loadStrings`): every file
 * but those loaded at start (index.ts, AT_START: `common.json`, `account.json`, `turns.json`, `reputation.json`) — the "How to play"
 * pages and guided games (`learn.json`), the replays (`replay.json`), the coach's review
 * (`coach.json`), the offline games (`offline.json`) and each game's own words. This module is
 * itself loaded on demand, so that the first load of the page does not even name their chunks.
 */
export const ON_DEMAND_FILES = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json', '!./locales/*/common.json', '!./locales/*/account.json', '!./locales/*/turns.json', '!./locales/*/reputation.json',
]);
