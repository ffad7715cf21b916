/**
 * The avatar of a player who chose none (every guest): a pattern made from their player id, the
 * same on every device and every visit. A 5×5 grid, mirrored left to right like a face, its cells
 * filled by bits of a hash of the id, in one of a few colour pairs whose contrast reads at a glance
 * (at least 3:1, the contrast asked of graphics).
 */

/** Foreground and background of each pattern: a deep colour on a pale tint of another hue. */
export const PATTERN_COLOURS: readonly { readonly fg: string; readonly bg: string }[] = [
  { fg: '#9c2f1c', bg: '#fde4d6' },
  { fg: '#1f5f8b', bg: '#dcecf7' },
  { fg: '#2e6b2a', bg: '#e2f1d8' },
  { fg: '#6a3f98', bg: '#ede3f7' },
  { fg: '#8a5a00', bg: '#fbefcc' },
  { fg: '#00696b', bg: '#d6f1ef' },
  { fg: '#a3265a', bg: '#fbe0ea' },
  { fg: '#3c4a9e', bg: '#e1e5f8' },
];

export interface AvatarPattern {
  /** Rows of cells, top to bottom; each row reads the same both ways. */
  readonly cells: readonly (readonly boolean[])[];
  readonly fg: string;
  readonly bg: string;
}

export const PATTERN_SIZE = 5;

/** FNV-1a (32 bits) of the id's UTF-16 code units, then mixed so that close ids differ everywhere. */
export function patternHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // A final mix (the "fmix32" of MurmurHash3): every input bit moves every output bit.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The pattern of a player id: 15 bits fill the left three columns (the right two mirror them), the
 * bits above them choose the colours. A grid with fewer than 5 or more than 20 filled cells is
 * nudged (its middle column flipped) so that no pattern is nearly empty or nearly solid.
 */
export function avatarPattern(id: string): AvatarPattern {
  const h = patternHash(id);
  const half = Math.ceil(PATTERN_SIZE / 2);
  const rows: boolean[][] = [];
  for (let r = 0; r < PATTERN_SIZE; r++) {
    const left = Array.from({ length: half }, (_, c) => ((h >>> (r * half + c)) & 1) === 1);
    rows.push([...left, ...left.slice(0, PATTERN_SIZE - half).reverse()]);
  }
  const filled = rows.flat().filter(Boolean).length;
  if (filled < 5 || filled > 20) for (const row of rows) row[half - 1] = !row[half - 1];
  const colours = PATTERN_COLOURS[(h >>> 16) % PATTERN_COLOURS.length]!;
  return { cells: rows, fg: colours.fg, bg: colours.bg };
}
