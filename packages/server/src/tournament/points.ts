/**
 * Arena points for one finished game.
 *
 * - Place points: one point for every player at the table finished strictly ahead of. At a table
 *   of n the winner takes n − 1, the last 0. Tied players share their place (the game's places:
 *   1, 2, 2, 4) and each takes what the shared places' worst earns (both second places above take
 *   1, the player they tie with not being beaten).
 * - A player who left the game is last, whatever the stand-in made of the seat: 0 points, and
 *   everyone who stayed finished ahead of them (several who left tie for last).
 * - A win is first place among the players who stayed to the end. The third win in a row and every win after it, until a
 *   game that is not a win, score double (the streak, as on Lichess arenas).
 */

/** One seat of a finished game: its place (1 = best, ties share) and whether its player left. */
export interface ArenaSeat {
  readonly place: number;
  readonly left: boolean;
}

/** What a player has in an arena: points, games, wins and the wins in a row up to now. */
export interface ArenaRecord {
  readonly points: number;
  readonly games: number;
  readonly wins: number;
  readonly streak: number;
}

export const NEW_ARENA_RECORD: ArenaRecord = { points: 0, games: 0, wins: 0, streak: 0 };

/** The wins in a row after which a win scores double (a third win in a row is the first doubled). */
export const STREAK_BEFORE_DOUBLE = 2;

/** Whether seat `a` finished strictly ahead of seat `b`. */
function ahead(a: ArenaSeat, b: ArenaSeat): boolean {
  if (a.left) return false;
  return b.left || a.place < b.place;
}

/** Each seat's place points, before any streak bonus. */
export function placePoints(seats: readonly ArenaSeat[]): number[] {
  return seats.map((s) => seats.filter((o) => ahead(s, o)).length);
}

/**
 * Whether each seat won: it stayed to the end and nobody who stayed finished ahead of it (those who
 * left being last, the best of those who stayed is first, whatever a stand-in made of a seat left).
 */
export function arenaWins(seats: readonly ArenaSeat[]): boolean[] {
  return seats.map((s) => !s.left && seats.every((o) => o.left || o.place >= s.place));
}

/** A player's record after one more game, worth `base` place points, won or not. */
export function addArenaGame(record: ArenaRecord, base: number, won: boolean): ArenaRecord {
  const doubled = won && record.streak >= STREAK_BEFORE_DOUBLE;
  return {
    points: record.points + (doubled ? 2 * base : base),
    games: record.games + 1,
    wins: record.wins + (won ? 1 : 0),
    streak: won ? record.streak + 1 : 0,
  };
}

/** Every seat's record after the game, given each seat's record before it. */
export function scoreArenaGame(seats: readonly ArenaSeat[], before: readonly ArenaRecord[]): ArenaRecord[] {
  const base = placePoints(seats);
  const wins = arenaWins(seats);
  return seats.map((_, i) => addArenaGame(before[i]!, base[i]!, wins[i]!));
}
