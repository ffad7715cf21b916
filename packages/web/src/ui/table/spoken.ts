/**
 * Sentences and lists put together as the page's language writes them, for what the table reads
 * out (the reading keys, the announcer): each part ends with the language's full stop ("." or
 * "。") unless it ends a sentence already, and list items are parted by its comma (", " or "、").
 * The marks are the language's own (`reader.fullStop`, `reader.comma` in common.json).
 */
type T = (key: string, values?: Record<string, unknown>) => string;

const ENDED = /[.!?。！？…]$/u;

/** The parts as sentences, in order, empty ones left out. */
export function sentences(parts: readonly string[], t: T): string {
  const stop = t('reader.fullStop');
  return parts.map((p) => p.trim()).filter((p) => p !== '').map((p) => (ENDED.test(p) ? p : `${p}${stop}`)).join(' ');
}

/** The items as one list. */
export function listed(items: readonly string[], t: T): string {
  return items.join(t('reader.comma'));
}

/** "label: value", with the language's colon (the lobby's "Target score: 100"). */
export function labelled(label: string, value: string | number, t: T): string {
  return t('lobby.option', { label, value });
}

/** The items as one list, where an item has commas of its own ("Pork, 5 points; Ginger, 2 points"). */
export function listedLong(items: readonly string[], t: T): string {
  return items.join(t('reader.semicolon'));
}
