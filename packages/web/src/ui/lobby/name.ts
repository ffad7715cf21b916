import { MAX_NAME_LENGTH } from '@parlor/protocol';

export { MAX_NAME_LENGTH };

let segmenter: Intl.Segmenter | null | undefined;

/**
 * A name as the server will keep it, roughly (docs/protocol.md, hello): format and control
 * characters dropped, NFC, blank fillers read as spaces, runs of spaces collapsed, trimmed.
 */
export function cleanName(raw: string): string {
  return raw
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .normalize('NFC')
    .replace(/[\u3164\uFFA0\u2800]/g, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * How many characters a name has as people see them: user-perceived characters (grapheme clusters,
 * Intl.Segmenter), the server's count — "é", "👍🏽" and "क्षि" are one each. Code points where the
 * browser has no Segmenter.
 */
export function nameLength(name: string): number {
  if (segmenter === undefined) {
    try { segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' }); } catch { segmenter = null; }
  }
  if (segmenter === null) return [...name].length;
  let n = 0;
  for (const _ of segmenter.segment(name)) n++;
  return n;
}

/** Whether the server will take this name: 1 to MAX_NAME_LENGTH characters as seen, once cleaned. */
export function nameProblem(raw: string): 'empty' | 'long' | null {
  const name = cleanName(raw);
  if (name === '') return 'empty';
  return nameLength(name) > MAX_NAME_LENGTH ? 'long' : null;
}
