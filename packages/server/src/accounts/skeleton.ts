import { readFileSync } from 'node:fs';

/**
 * Unicode's confusables table (UTS #39), one character → its prototype: vendored, because no npm
 * package computing skeletons is maintained (packages/server/unicode/README.md says which were looked
 * at and where the file comes from). The path is the same from src/ and from dist/.
 */
const PROTOTYPES = JSON.parse(readFileSync(new URL('../../unicode/confusables.json', import.meta.url), 'utf8')) as Record<string, string>;

/**
 * What the skeletons are computed with: the table's version and this file's steps. Stored beside
 * the accounts' skeletons; when it changes (a newer table, a changed step), the server recomputes
 * them all at start (`rekeyAccountNames`).
 */
export const SKELETON_DATA = 'unicode-13.0.0+marks-ends.1';

/** Default-ignorable code points (zero-width and format characters, variation selectors): invisible, so nothing. */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
/**
 * Letters whose combining marks are decoration a reader's eye skips (an accent on a Latin, Greek or
 * Cyrillic letter, or on a digit or symbol): `Alíce` is read as `Alice`. In other scripts a mark is
 * part of the spelling (Japanese dakuten: が is not か; Indic vowel signs), so it stays.
 */
const DECORATED_BASE = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/u;
const MARK = /\p{M}/u;
/** Punctuation and spaces at either end: `Alice.`, `Alice。` and `·Alice` are read as `Alice`. */
const ENDS = /^[\p{P}\p{Z}]+|[\p{P}\p{Z}]+$/gu;

/** Removes the marks that follow a decorated base (or begin the text); `s` is in NFD. */
function dropDecoration(s: string): string {
  let out = '';
  let keepMarks = false;
  for (const c of s) {
    if (MARK.test(c)) {
      if (keepMarks) out += c;
      continue;
    }
    keepMarks = !DECORATED_BASE.test(c);
    out += c;
  }
  return out;
}

/** The ends trimmed, unless nothing would be left (a name of dots stays a name of dots). */
function trimEnds(s: string): string {
  const t = s.replace(ENDS, '');
  return t === '' ? s : t;
}

/**
 * UTS #39's skeleton (NFD, default-ignorables removed, each character replaced by its prototype,
 * NFD again), with decorating marks dropped before and after the replacement (ł becomes l plus a
 * stroke, which then goes) and punctuation and spaces trimmed from both ends.
 */
export function skeleton(s: string): string {
  const before = trimEnds(dropDecoration(s.replace(IGNORABLE, '').normalize('NFD')));
  let mapped = '';
  for (const c of before) mapped += PROTOTYPES[c] ?? c;
  return trimEnds(dropDecoration(mapped.normalize('NFD')));
}
