/** A tournament's state, its inputs and effects, as the director (director.ts) steps them: plain data. */
import type { BotLevel, GameId } from '@parlor/protocol';

export type TournamentFormat = 'arena' | 'swiss';
export type TournamentStatus = 'upcoming' | 'running' | 'finished' | 'cancelled';

/** How long an arena player waits for a full table before a smaller one (or bots, where allowed) will do. */
export const ARENA_MAX_WAIT_MS = 20_000;
/**
 * A table that would give a player only the opponents of their previous game waits this long for
 * others to finish and join the wave, before the same players meet again.
 */
export const ARENA_REPEAT_WAIT_MS = 10_000;
/** A tournament short of its minimum at its start time waits this long for more players before it is cancelled. */
export const START_GRACE_MS = 2 * 60_000;
/** The level of the bots that fill a table when too few people wait. */
export const FILL_BOT_LEVEL: BotLevel = 'basic';

/** What a tournament is, fixed when it is made. Times are ms since the epoch. */
export interface TournamentSettings {
  readonly id: string;
  readonly name: string;
  readonly game: GameId;
  readonly format: TournamentFormat;
  readonly startsAt: number;
  /** An arena's length. */
  readonly minutes: number | null;
  /** A Swiss event's rounds, and each round's time limit. */
  readonly rounds: number | null;
  readonly roundMinutes: number | null;
  /** Players per table. */
  readonly seats: number;
  readonly options: Record<string, unknown>;
  readonly moveTimer: number;
  readonly responseWindow: number | null;
  readonly rated: boolean;
  readonly private: boolean;
  readonly invite: string;
  /** The players it needs at its start, or it is cancelled (0: an arena that starts whoever is in). */
  readonly minPlayers: number;
  readonly fillWithBots: boolean;
  /** The account that made it, or null for one the server schedules. */
  readonly createdBy: string | null;
  readonly createdByName: string | null;
  readonly createdAt: number;
}

/** A player in a tournament, with everything their points and pairing need. */
export interface Entrant {
  readonly id: string;
  readonly name: string;
  /** A bot account (it says so on its profile). */
  readonly bot: boolean;
  /** Seeds a Swiss event's first round (the player's rating in the game; 0 when none). */
  readonly rating: number;
  readonly joinedAt: number;
  /** Paired while true; a player who leaves, or is away when their game ends, is withdrawn until they join again. */
  readonly active: boolean;
  /** An arena player waiting for a table: since when. */
  readonly waitingSince: number | null;
  /** The table the player is at now. */
  readonly tableId: string | null;
  /** The other players of their previous game (an arena pairs them apart). */
  readonly lastOpponents: readonly string[];
  /** Everyone they have sat with (a Swiss event avoids repeats). */
  readonly met: readonly string[];
  /** Their opponents, once per game (Buchholz). */
  readonly opponents: readonly string[];
  readonly points: number;
  readonly games: number;
  readonly wins: number;
  readonly streak: number;
  /** When their points last changed (arena tie-break), null before. */
  readonly reachedAt: number | null;
  readonly hadBye: boolean;
}

/** Who sits in one seat of a tournament game. */
export type Sitter = { readonly kind: 'player'; readonly id: string } | { readonly kind: 'bot'; readonly level: BotLevel };

export interface TournamentGame {
  readonly tableId: string;
  /** A Swiss event's round; 0 in an arena. */
  readonly round: number;
  readonly seats: readonly Sitter[];
  readonly startedAt: number;
  readonly finishedAt: number | null;
  /** Each seat's place (1 = best), once finished. */
  readonly places: readonly number[] | null;
  /** The seats whose players left the game (last, whatever their stand-in made of it). */
  readonly left: readonly number[];
  /** Stand-in bots were told to finish it (a Swiss round's time ran out). */
  readonly standIns: boolean;
}

export interface TournamentState {
  readonly settings: TournamentSettings;
  readonly status: TournamentStatus;
  /** A Swiss event's round under way (0 before the first). */
  readonly round: number;
  readonly roundStartedAt: number | null;
  /**
   * Players by id; `order` is the order they joined. A Map, not a plain object: a step copies it
   * (the state is immutable), and a Map of 1,000 players copies about ten times faster.
   */
  readonly entrants: ReadonlyMap<string, Entrant>;
  readonly order: readonly string[];
  /** Every game, oldest first. */
  readonly games: readonly TournamentGame[];
  readonly finishedAt: number | null;
}

export type TournamentInput =
  | { readonly type: 'join'; readonly player: string; readonly name: string; readonly bot: boolean; readonly rating: number }
  | { readonly type: 'leave'; readonly player: string }
  /** A game ended: each seat's place, the seats whose players left, and the players with no open connection now. */
  | { readonly type: 'finished'; readonly tableId: string; readonly places: readonly number[]; readonly left: readonly number[]; readonly absent: readonly string[] }
  | { readonly type: 'tick' };

export type TournamentEffect =
  /** Make this game's table and start it (again after a crash, if it is not in the store). */
  | { readonly type: 'table'; readonly game: TournamentGame }
  /** Stand-in bots play every person's seat at this table to the end. */
  | { readonly type: 'stand-ins'; readonly tableId: string }
  /** Send this player to their new table. */
  | { readonly type: 'paired'; readonly player: string; readonly tableId: string };

export interface TournamentRefusal {
  readonly code: string;
  readonly message: string;
}

export interface TournamentStep {
  readonly state: TournamentState;
  readonly effects: readonly TournamentEffect[];
  readonly refusal: TournamentRefusal | null;
  /** Whether the state is other than it was (the shell stores it and tells the watchers). */
  readonly changed: boolean;
}

/** At most this many players in one tournament. */
export const MAX_ENTRANTS = 2000;

/** A new tournament, before its start. */
export function newTournament(settings: TournamentSettings): TournamentState {
  return { settings, status: 'upcoming', round: 0, roundStartedAt: null, entrants: new Map(), order: [], games: [], finishedAt: null };
}

/** When an arena stops pairing; null for a Swiss event. */
export function arenaEnd(s: TournamentSettings): number | null {
  return s.format === 'arena' && s.minutes !== null ? s.startsAt + s.minutes * 60_000 : null;
}

