import { GAME_IDS } from '@parlor/rules/catalog';
import { z } from 'zod';
import type { GameId } from '@parlor/rules';

/**
 * Tournaments (docs/tournaments.md, docs/api.md "Tournaments"): arenas (a fixed time, paired again
 * as each game ends) and Swiss events (a fixed number of rounds). Created with
 * `POST /api/tournaments`, read with `GET /api/tournaments[/<id>]`, followed live over the
 * WebSocket with `tournament.watch`.
 */
export const TOURNAMENT_FORMATS = ['arena', 'swiss'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
export type TournamentStatus = 'upcoming' | 'running' | 'finished' | 'cancelled';
export const TOURNAMENT_STATUSES = ['upcoming', 'running', 'finished', 'cancelled'] as const;

/** An arena lasts 5 to 360 minutes. */
export const ARENA_MINUTES = { min: 5, max: 360 } as const;
/** A Swiss event has 3 to 11 rounds. */
export const SWISS_ROUNDS = { min: 3, max: 11 } as const;
/** A Swiss round's time limit (minutes): after it, stand-in bots finish the round's games. */
export const ROUND_MINUTES = { min: 5, max: 120, default: 20 } as const;
/** A tournament's table moves have a timer: a tournament game cannot stall. */
export const TOURNAMENT_MOVE_TIMERS = [30, 60, 120] as const;
export const MAX_TOURNAMENT_NAME = 60;
/** At most this many players in one tournament. */
export const MAX_TOURNAMENT_PLAYERS = 2000;
/** How far ahead a tournament may be scheduled. */
export const MAX_TOURNAMENT_LEAD_DAYS = 30;

/** `POST /api/tournaments`: what a tournament is to be. The server checks the game's own ranges (seats, options, response window). */
export const tournamentRequest = z.strictObject({
  game: z.enum(GAME_IDS),
  format: z.enum(TOURNAMENT_FORMATS),
  /** Shown in the lists; the game's and format's names when absent. */
  name: z.string().max(200).optional(),
  /** Arena: how long it runs. */
  minutes: z.number().int().min(ARENA_MINUTES.min).max(ARENA_MINUTES.max).optional(),
  /** Swiss: how many rounds. */
  rounds: z.number().int().min(SWISS_ROUNDS.min).max(SWISS_ROUNDS.max).optional(),
  /** Swiss: each round's time limit in minutes (ROUND_MINUTES.default when absent). */
  roundMinutes: z.number().int().min(ROUND_MINUTES.min).max(ROUND_MINUTES.max).optional(),
  /** When it starts: an ISO time, now or later (within MAX_TOURNAMENT_LEAD_DAYS). */
  startsAt: z.string().max(40),
  /** Players per table (the game's range). */
  seats: z.number().int().min(2).max(12),
  options: z.record(z.string(), z.unknown()).optional(),
  /** Seconds per move (required: 30, 60 or 120; 60 when absent). */
  moveTimer: z.union([z.literal(30), z.literal(60), z.literal(120)]).optional(),
  responseWindow: z.number().int().min(1).max(600).optional(),
  rated: z.boolean(),
  /** By invite: only players with the invite may join, and it is not listed. */
  private: z.boolean().optional(),
  /** The players needed for it to start; still short two minutes after its start time, it is cancelled. By default an arena starts whoever is in, a Swiss event needs the game's minimum. */
  minPlayers: z.number().int().min(2).max(MAX_TOURNAMENT_PLAYERS).optional(),
  /** Bots fill a table when too few people wait (never in the standings). */
  fillWithBots: z.boolean().optional(),
});
export type TournamentRequest = z.infer<typeof tournamentRequest>;

/** `POST /api/tournaments/<id>/join`: the invite of a private tournament. */
export const tournamentJoin = z.strictObject({ invite: z.string().max(64).optional() });

/** A tournament in a list. */
export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly game: GameId;
  readonly format: TournamentFormat;
  readonly status: TournamentStatus;
  readonly startsAt: string;
  /** An arena: when its pairing stops (games then under way finish and count). A Swiss event: null. */
  readonly endsAt: string | null;
  readonly minutes: number | null;
  readonly rounds: number | null;
  readonly roundMinutes: number | null;
  /** A Swiss event's round under way (0 before the first); an arena: 0. */
  readonly round: number;
  readonly seats: number;
  readonly options: Record<string, unknown>;
  readonly moveTimer: number;
  readonly responseWindow: number | null;
  readonly rated: boolean;
  readonly private: boolean;
  readonly minPlayers: number;
  readonly fillWithBots: boolean;
  /** Players who joined (withdrawn ones included). */
  readonly playerCount: number;
  /** Who made it: an account's name, or null for one the server schedules. */
  readonly createdBy: string | null;
  readonly finishedAt: string | null;
}

/** One player of a tournament's standings, best first. */
export interface TournamentPlayer {
  readonly name: string;
  readonly id: string;
  readonly points: number;
  /** Shared by players tied on every tie-break (1, 2, 2, 4). */
  readonly rank: number;
  readonly games: number;
  readonly wins: number;
  /** An arena: wins in a row now (the third and later score double). */
  readonly streak: number;
  /** A Swiss event: the Buchholz tie-break (the opponents' points, once per game with them). */
  readonly buchholz: number | null;
  /** Still paired; false once withdrawn (left, or away after a game) until they join again. */
  readonly active: boolean;
  /** The account says it is a program (a bot account). */
  readonly bot: boolean;
  /** The table the player plays at now, or null. */
  readonly tableId: string | null;
}

/** One game of a tournament. */
export interface TournamentGame {
  readonly tableId: string;
  /** Player names, in seat order (a bot filling a seat: its level followed by " bot"). */
  readonly players: string[];
  readonly finished: boolean;
  /** A Swiss event's round (an arena: 0). */
  readonly round: number;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  /** Each seat's place once finished (1 = best; a player who left is last), else null. */
  readonly places: number[] | null;
}

/** `GET /api/tournaments/<id>`, and the `tournament` message. */
export interface TournamentDetail extends TournamentSummary {
  readonly players: TournamentPlayer[];
  /** The newest first. */
  readonly games: TournamentGame[];
  /** A private tournament's invite, for its members (else null). */
  readonly invite: string | null;
}

/** `GET /api/tournaments?status=…`: newest start first for finished ones, soonest first otherwise. */
export interface TournamentsPage {
  readonly tournaments: TournamentSummary[];
  readonly next: string | null;
}
