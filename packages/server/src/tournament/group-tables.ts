/**
 * Players ranked best first, grouped into tables of given sizes so that neighbours in the ranking
 * sit together and as few pairs as possible "clash" (met before, in the sense the caller gives).
 *
 * Greedy, then a bounded improvement pass, so a wave of a thousand players stays well under a
 * millisecond per table:
 * - each table starts from the best-ranked player not yet seated and takes, seat by seat, the
 *   candidate that clashes least with those already at it, among the next `WINDOW` players not yet
 *   seated (earlier in the ranking wins a tie, so scores stay close);
 * - then, for each two tables at most `REACH` apart of which either holds a clash, one player is
 *   swapped with one of the other whenever that lowers the clashes of the two tables together, for
 *   at most `PASSES` passes.
 * Deterministic: the only order used is the ranking given.
 */

/** How many players beyond the first one not yet seated a table may draw from. */
const WINDOW = 12;
/** How many following tables a swap may reach. */
const REACH = 3;
/** How many improvement passes at most. */
const PASSES = 3;

/** How much two players clash: 0 when they may sit together freely, more the less they should. */
export type Clash = (a: string, b: string) => number;

/** The clashes of `player` with everyone at `table` except `skip` (a seat index). */
function clashWith(clash: Clash, player: string, table: readonly string[], skip = -1): number {
  let c = 0;
  for (let i = 0; i < table.length; i++) if (i !== skip) c += clash(player, table[i]!);
  return c;
}

/** Greedy seating, table by table, in the order of `sizes`. */
function greedy(ranked: readonly string[], sizes: readonly number[], clash: Clash): string[][] {
  const seated = new Uint8Array(ranked.length);
  let first = 0;
  const tables: string[][] = [];
  for (const size of sizes) {
    while (seated[first] === 1) first++;
    seated[first] = 1;
    const table = [ranked[first]!];
    const candidates: number[] = [];
    for (let i = first + 1; i < ranked.length && candidates.length < WINDOW + size; i++) if (seated[i] === 0) candidates.push(i);
    while (table.length < size) {
      let best = -1, bestClash = Infinity;
      for (const i of candidates) {
        if (seated[i] === 1) continue;
        const c = clashWith(clash, ranked[i]!, table);
        if (c < bestClash) { best = i; bestClash = c; }
        if (c === 0) break;
      }
      seated[best] = 1;
      table.push(ranked[best]!);
    }
    tables.push(table);
  }
  return tables;
}

/** The clashes among the players of one table. */
export function tableClashes(clash: Clash, table: readonly string[]): number {
  let c = 0;
  for (let i = 0; i < table.length; i++) for (let j = i + 1; j < table.length; j++) c += clash(table[i]!, table[j]!);
  return c;
}

/** Swaps one player of table `a` with one of table `b` if that lowers their clashes; true if it did. */
function improvePair(clash: Clash, a: string[], b: string[]): boolean {
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      const x = a[i]!, y = b[j]!;
      const before = clashWith(clash, x, a, i) + clashWith(clash, y, b, j);
      const after = clashWith(clash, y, a, i) + clashWith(clash, x, b, j);
      if (after < before) { a[i] = y; b[j] = x; return true; }
    }
  }
  return false;
}

/** `ranked` (best first) seated at tables of `sizes` (which sum to its length), in that order of tables. */
export function groupIntoTables(ranked: readonly string[], sizes: readonly number[], clash: Clash): string[][] {
  const tables = greedy(ranked, sizes, clash);
  for (let pass = 0; pass < PASSES; pass++) {
    let changed = false;
    for (let t = 0; t < tables.length; t++) {
      for (let u = t + 1; u <= t + REACH && u < tables.length; u++) {
        // Either table's clash may be the one a swap undoes (the later one's too).
        if (tableClashes(clash, tables[t]!) === 0 && tableClashes(clash, tables[u]!) === 0) continue;
        while (improvePair(clash, tables[t]!, tables[u]!)) changed = true;
      }
    }
    if (!changed) break;
  }
  return tables;
}
