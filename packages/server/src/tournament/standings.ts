/**
 * Tournament standings: every player in order, with a rank that players tied on every tie-break
 * share (1, 2, 2, 4). Players fully tied are listed by id, so a table of standings is always
 * shown the same way.
 *
 * - Arena: points, then more wins, then who reached their points first (earlier `reachedAt`, the
 *   time of the game that brought the player's points to where they are).
 * - Swiss: points, then Buchholz (the sum of the points of every opponent, once for each game
 *   played with them: a player who met strong opponents ranks higher), then more wins. Byes add
 *   nothing to Buchholz. Swiss points are fractions (swiss-points.ts), so they compare equal
 *   within `EPSILON`.
 */

export interface ArenaStanding {
  readonly id: string;
  readonly points: number;
  readonly wins: number;
  /** When the player's points last changed (ms); a player with no game yet, +Infinity. */
  readonly reachedAt: number;
}

export interface SwissStanding {
  readonly id: string;
  readonly points: number;
  readonly wins: number;
  /** The opponents of each game the player has played, one entry per opponent per game. */
  readonly opponents: readonly string[];
}

export interface Ranked<T> {
  readonly rank: number;
  readonly player: T;
}

export interface SwissRanked extends Ranked<SwissStanding> {
  readonly buchholz: number;
}

/** How close two sums of Swiss points are to count as equal. */
export const EPSILON = 1e-9;

/** Compares two numbers, higher first, equal within EPSILON. */
const higher = (a: number, b: number) => (Math.abs(a - b) < EPSILON ? 0 : b - a);
const idOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts by `compare` (then id) and gives each its rank, shared while `compare` says equal. */
function rankBy<T extends { id: string }>(items: readonly T[], compare: (a: T, b: T) => number): { rank: number; item: T }[] {
  const sorted = [...items].sort((a, b) => compare(a, b) || idOrder(a.id, b.id));
  const out: { rank: number; item: T }[] = [];
  sorted.forEach((item, i) => {
    const prev = out[i - 1];
    const rank = prev !== undefined && compare(prev.item, item) === 0 ? prev.rank : i + 1;
    out.push({ rank, item });
  });
  return out;
}

export function arenaStandings(players: readonly ArenaStanding[]): Ranked<ArenaStanding>[] {
  const compare = (a: ArenaStanding, b: ArenaStanding) =>
    b.points - a.points || b.wins - a.wins || (a.reachedAt === b.reachedAt ? 0 : a.reachedAt < b.reachedAt ? -1 : 1);
  return rankBy(players, compare).map(({ rank, item }) => ({ rank, player: item }));
}

/** Each player's Buchholz: the sum of their opponents' points, per game played with them. */
export function buchholz(players: readonly SwissStanding[]): Map<string, number> {
  const points = new Map(players.map((p) => [p.id, p.points]));
  return new Map(players.map((p) => [p.id, p.opponents.reduce((sum, o) => sum + (points.get(o) ?? 0), 0)]));
}

export function swissStandings(players: readonly SwissStanding[]): SwissRanked[] {
  const bh = buchholz(players);
  const rows = players.map((p) => ({ id: p.id, p, bh: bh.get(p.id)! }));
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    higher(a.p.points, b.p.points) || higher(a.bh, b.bh) || b.p.wins - a.p.wins;
  return rankBy(rows, compare).map(({ rank, item }) => ({ rank, player: item.p, buchholz: item.bh }));
}
