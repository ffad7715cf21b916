import { skeleton } from './skeleton.js';

/** Upper then lower case: folds ß to ss and final sigma to sigma as full case folding does. */
const fold = (s: string) => s.toUpperCase().toLowerCase();

/**
 * A name as compared for uniqueness among accounts: Unicode compatibility-normalised (NFKC, so
 * full-width and ligature forms match their plain letters) and case-folded, then normalised again.
 * "Zoë", "ZOË" and "Ｚｏë" are one name. Sign-in and profiles find an account by it.
 */
export function nameKey(name: string): string {
  return fold(name.normalize('NFKC')).normalize('NFKC');
}

/**
 * The two keys under which a name could be mistaken for another (docs/api.md, "Names"). Two names
 * are lookalikes when either key is the same:
 * - `folded`, the skeleton of the case-folded name: `Alice`, `ALICE`, `Alіce` (Cyrillic і),
 *   `Ali\u0301ce` and `Alice.` share it;
 * - `cased`, the skeleton of the name as written, then case-folded: a capital I drawn as an l —
 *   `AIice` for `Alice` — which folding first would hide (I folds to i, and i is no l).
 */
export interface NameSkeletons {
  readonly folded: string;
  readonly cased: string;
}

export function nameSkeletons(name: string): NameSkeletons {
  const nfkc = name.normalize('NFKC');
  return { folded: fold(skeleton(fold(nfkc).normalize('NFKC'))), cased: fold(skeleton(nfkc)) };
}

/** The keys a name's skeletons are stored under (table `name_skeletons`): `f:` the folded one, `c:` the cased one. */
export function skeletonKeys(name: string): string[] {
  const k = nameSkeletons(name);
  return [`f:${k.folded}`, `c:${k.cased}`];
}
