/**
 * How many players sit at each table when `count` players are seated at tables of at most `size`
 * and at least `minimum` players: the fewest tables that hold them all, their sizes as even as the
 * count allows (they differ by one at most), the larger ones first. 13 players at tables of 4 →
 * [4, 3, 3, 3]. Null when no split keeps every table within [minimum, size] (5 players, size 4,
 * minimum 3: one table is too many players, two are too few).
 */
export function evenTableSizes(count: number, size: number, minimum: number): number[] | null {
  if (count === 0) return [];
  const tables = Math.ceil(count / size);
  if (count < tables * minimum) return null;
  const base = Math.floor(count / tables);
  const larger = count % tables;
  return Array.from({ length: tables }, (_, i) => (i < larger ? base + 1 : base));
}

/**
 * The most players, at most `count`, that tables of [minimum, size] seat exactly, with their
 * sizes. A whole number of full tables always fits, so this looks at most `size` counts down.
 */
export function largestSeating(count: number, size: number, minimum: number): number[] {
  for (let k = count; k > 0; k--) {
    const sizes = evenTableSizes(k, size, minimum);
    if (sizes !== null) return sizes;
  }
  return [];
}
