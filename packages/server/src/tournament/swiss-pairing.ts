/**
 * One Swiss round: every player in the tournament, made into tables.
 *
 * - Table sizes: the fewest tables of at most the tournament's size, as even as the count allows,
 *   never below the game's minimum (13 players at tables of 4: 4 + 3 + 3 + 3). When no split keeps
 *   every table within [minimum, size] (5 players, tables of 4, minimum 3), the fewest players
 *   needed sit the round out with a bye: the lowest ranked who have not had one yet (then the
 *   lowest ranked), as in chess Swiss events.
 * - Who sits with whom: players ranked by score, then rating (a first round has no scores), then
 *   id; neighbours together, and as few pairs who have met before in this tournament as the greedy
 *   grouping and its improvement pass find (group-tables.ts).
 * Pure and deterministic: the same players, in any order, give the same round.
 */
import { type Clash, groupIntoTables } from './group-tables.js';
import { largestSeating } from './table-sizes.js';

export interface SwissPlayer {
  readonly id: string;
  readonly score: number;
  /** A seeding number, higher first among equal scores (a rating); 0 if none. */
  readonly rating: number;
  /** Everyone the player has sat at a table with in this tournament. */
  readonly met: readonly string[];
  readonly hadBye: boolean;
}

export interface SwissRound {
  readonly players: readonly SwissPlayer[];
  readonly size: number;
  readonly minimum: number;
}

export interface SwissRoundResult {
  /** Each table's player ids, the best-ranked table first. */
  readonly tables: string[][];
  /** Who sits this round out. */
  readonly byes: string[];
}

/** Players rank by score, then rating, then id. */
function rank(a: SwissPlayer, b: SwissPlayer): number {
  return b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Players who have met before clash. */
function metClash(players: readonly SwissPlayer[]): Clash {
  const met = new Map<string, ReadonlySet<string>>();
  for (const p of players) met.set(p.id, new Set(p.met));
  return (a, b) => (met.get(a)?.has(b) === true || met.get(b)?.has(a) === true ? 1 : 0);
}

/** The players who take a bye: `count` of them, from the bottom, those without a bye first. */
function byePlayers(ranked: readonly SwissPlayer[], count: number): Set<string> {
  const fromBottom = [...ranked].reverse();
  const order = [...fromBottom.filter((p) => !p.hadBye), ...fromBottom.filter((p) => p.hadBye)];
  return new Set(order.slice(0, count).map((p) => p.id));
}

export function pairSwissRound(round: SwissRound): SwissRoundResult {
  const ranked = [...round.players].sort(rank);
  const sizes = largestSeating(ranked.length, round.size, round.minimum);
  const seatedCount = sizes.reduce((a, b) => a + b, 0);
  const byes = byePlayers(ranked, ranked.length - seatedCount);
  const seated = ranked.filter((p) => !byes.has(p.id));
  const tables = groupIntoTables(seated.map((p) => p.id), sizes, metClash(seated));
  return { tables, byes: ranked.filter((p) => byes.has(p.id)).map((p) => p.id) };
}
