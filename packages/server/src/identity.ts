import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { MAX_NAME_LENGTH } from '@parlor/protocol';

/** A fresh random id or secret, URL-safe. */
export function randomId(bytes = 9): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are kept hashed: a stolen database does not give away anyone's seats. */
export function hashToken(token: string): string {
  return bytesToHex(sha256(utf8ToBytes(token)));
}

/** SHA-256 of a seed, as shown to players before the game (the fairness commitment): the table core's. */
export { commitmentOf } from '@parlor/table';

/**
 * Characters that are letters or symbols to Unicode but draw nothing on their own: the Hangul
 * fillers (U+3164, U+FFA0), the braille blank (U+2800) and the musical null notehead (U+1D159).
 * In a name they count as spaces: they are collapsed and trimmed like spaces, and never make a
 * name visible. (The conjoining fillers U+115F/U+1160 and the Khmer inherent vowels are default
 * ignorable, see VISIBLE; they stay, as parts of the syllables they build, but show nothing alone.)
 */
const BLANK = /[\u3164\uFFA0\u2800\u{1D159}]/gu;
/**
 * One character that draws something: a letter, number, punctuation or symbol that is not default
 * ignorable (U+115F, U+1160, U+17B4, U+17B5…) and not one of the blanks above. Marks, spaces,
 * control, format, private-use and unassigned code points are not enough on their own.
 */
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800\u3164\uFFA0\u{1D159}])[\p{L}\p{N}\p{P}\p{S}]/u;
/**
 * Code points one user-perceived character may hold. Real ones need a few (an emoji with a skin
 * tone 2, a keycap 3, a Devanagari conjunct with its vowel 6); past that it is a stack of
 * combining marks drawn over its neighbours, and a name of 24 of them would weigh kilobytes in
 * every table summary.
 */
export const MAX_CODE_POINTS_PER_CHARACTER = 8;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * A display name as it is stored and shown, or null when it must be refused (BAD_NAME):
 * - refused if it is not well-formed UTF-16 (a lone surrogate: it could not be stored as it was sent);
 * - control, format and line/paragraph separator characters removed (bidi overrides, zero-width
 *   characters, soft hyphens…), then normalised to NFC (é typed as e + ◌́ becomes é);
 * - blank fillers (BLANK) read as spaces; runs of spaces collapsed to one, trimmed at both ends;
 * - refused unless at least one character is visible (VISIBLE);
 * - refused past MAX_NAME_LENGTH user-perceived characters (grapheme clusters: 👍🏽, é and क्षि are one
 *   each), or when one character holds more than MAX_CODE_POINTS_PER_CHARACTER code points.
 * The result is a fixed point: cleanName(cleanName(x)) === cleanName(x).
 */
export function cleanName(raw: string): string | null {
  if (!(raw as string & { isWellFormed(): boolean }).isWellFormed()) return null;
  const name = raw
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .normalize('NFC')
    .replace(BLANK, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  if (!VISIBLE.test(name)) return null;
  let count = 0;
  for (const { segment } of graphemes.segment(name)) {
    if (++count > MAX_NAME_LENGTH) return null;
    let codePoints = 0;
    for (const _ of segment) if (++codePoints > MAX_CODE_POINTS_PER_CHARACTER) return null;
  }
  return name;
}
