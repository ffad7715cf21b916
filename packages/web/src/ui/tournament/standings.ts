import type { TournamentDetail, TournamentFormat, TournamentGame, TournamentPlayer } from '@parlor/protocol';

/**
 * What the tournament page shows of its standings and games, from a `TournamentDetail` as the
 * server sends it (docs/tournaments.md): the rows of the standings, where you stand in it, the
 * results, the games under way and those finished.
 */

/** Points as the standings say them: an arena's whole points; a Swiss event's fractions to two places (⅔ → 0.67). */
export function pointsText(points: number, format: TournamentFormat, lang: string): string {
  if (format === 'arena') return Math.round(points).toLocaleString(lang);
  return points.toLocaleString(lang, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
}

/** An arena player whose next win scores double: two wins in a row or more (the third and later score double). */
export const STREAK_HOT = 2;

export interface StandingRow {
  readonly id: string;
  readonly rank: number;
  readonly name: string;
  readonly bot: boolean;
  readonly points: string;
  readonly games: number;
  readonly wins: number;
  /** An arena's streak (wins in a row now); null for a Swiss event. */
  readonly streak: number | null;
  /** The next win scores double (an arena streak of two or more). */
  readonly hot: boolean;
  /** A Swiss event's Buchholz; null for an arena. */
  readonly buchholz: string | null;
  readonly active: boolean;
  readonly me: boolean;
}

/** The standings' rows, best first as the server ranks them. */
export function standingRows(d: Pick<TournamentDetail, 'players' | 'format'>, me: string | null, lang: string): StandingRow[] {
  return d.players.map((p) => ({
    id: p.id,
    rank: p.rank,
    name: p.name,
    bot: p.bot,
    points: pointsText(p.points, d.format, lang),
    games: p.games,
    wins: p.wins,
    streak: d.format === 'arena' ? p.streak : null,
    hot: d.format === 'arena' && p.streak >= STREAK_HOT,
    buchholz: d.format === 'swiss' ? pointsText(p.buchholz ?? 0, 'swiss', lang) : null,
    active: p.active,
    me: p.id === me,
  }));
}

/** Where you stand: not entered, entered and paired, or withdrawn (left, or away after a game) until you join again. */
export type Entry = 'out' | 'in' | 'withdrawn';

export function entryOf(d: Pick<TournamentDetail, 'players'>, me: string | null): Entry {
  const p = me === null ? undefined : d.players.find((x) => x.id === me);
  if (p === undefined) return 'out';
  return p.active ? 'in' : 'withdrawn';
}

/** Whether joining (or leaving) can still be asked for: before the start or while it runs. */
export const isOpen = (d: Pick<TournamentDetail, 'status'>): boolean => d.status === 'upcoming' || d.status === 'running';

/** The table you play at now, when the standings say you have one and its game is still under way. */
export function myTable(d: Pick<TournamentDetail, 'players' | 'games'>, me: string | null): string | null {
  const p = me === null ? undefined : d.players.find((x) => x.id === me);
  const table = p?.tableId ?? null;
  if (table === null) return null;
  return d.games.some((g) => g.tableId === table && g.finished) ? null : table;
}

/** The results of a finished tournament: its top three places (more players when they share a rank). */
export function podium(d: Pick<TournamentDetail, 'players' | 'status'>): TournamentPlayer[] {
  if (d.status !== 'finished') return [];
  return d.players.filter((p) => p.rank <= 3);
}

/** One game as the page lists it: who plays, in seat order; once finished, by place, each with it. */
export interface GameRow {
  readonly tableId: string;
  readonly round: number;
  readonly players: readonly { readonly name: string; readonly place: number | null }[];
}

function gameRow(g: TournamentGame): GameRow {
  const players = g.players.map((name, i) => ({ name, place: g.places?.[i] ?? null }));
  if (g.places !== null) players.sort((a, b) => (a.place ?? 0) - (b.place ?? 0));
  return { tableId: g.tableId, round: g.round, players };
}

/** The games under way, and those finished (newest first, as the server sends them). */
export function gameRows(d: Pick<TournamentDetail, 'games'>): { live: GameRow[]; finished: GameRow[] } {
  return {
    live: d.games.filter((g) => !g.finished).map(gameRow),
    finished: d.games.filter((g) => g.finished).map(gameRow),
  };
}
