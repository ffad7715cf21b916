import { z } from 'zod';
import type { GameExport, GameId, GameStats, RatingChange } from './server-messages.js';

/**
 * Parlor's HTTP API (docs/api.md): JSON over `/api/…`. Accounts and sessions are written with a
 * bearer token (`Authorization: Bearer <token>`, the same token `hello` takes); the read API is
 * public, paged with a cursor, cached and rate-limited. Refusals are `{ "error": CODE, "message" }`.
 */

/** `POST /api/accounts` (a guest's token in the Authorization header claims that guest) and `POST /api/sessions`. */
export const credentials = z.strictObject({
  name: z.string().max(1000),
  password: z.string().max(4000),
});
export type Credentials = z.infer<typeof credentials>;

/** `POST /api/accounts/password`: the current password and the new one. */
export const passwordChange = z.strictObject({
  password: z.string().max(4000),
  newPassword: z.string().max(4000),
});

/** `DELETE /api/accounts`: the password, to be sure. */
export const accountDeletion = z.strictObject({ password: z.string().max(4000) });

/** `PUT /api/accounts/bot`: whether the account is a program playing through the protocol (a bot account). */
export const botChoice = z.strictObject({ bot: z.boolean() });

/** The reply to creating an account or signing in: the name as stored, and a token for `hello`. */
export interface SessionReply {
  readonly name: string;
  readonly token: string;
}

export type ApiErrorCode =
  | 'BAD_REQUEST' | 'BAD_NAME' | 'NAME_TAKEN' | 'NAME_LOOKALIKE' | 'BAD_PASSWORD' | 'BAD_CREDENTIALS' | 'RATE_LIMITED' | 'UNAUTHORIZED'
  | 'ALREADY_ACCOUNT' | 'UNKNOWN_PLAYER' | 'UNKNOWN_GAME' | 'UNKNOWN_TABLE' | 'NO_GAME' | 'BAD_GAME' | 'BAD_CURSOR'
  | 'NOT_FOUND' | 'TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_JSON' | 'REQUEST_TIMEOUT' | 'UPGRADE_REQUIRED' | 'SERVER_ERROR'
  | 'STORE_UNAVAILABLE' | 'SESSION_EXPIRED' | 'BAD_AVATAR' | 'FRIEND_WAIT' | 'TOO_MANY_FRIENDS'
  | 'UNKNOWN_TOURNAMENT' | 'BAD_TOURNAMENT' | 'TOURNAMENT_OVER' | 'TOURNAMENT_FULL' | 'NOT_ENTERED' | 'ACCOUNT_REQUIRED' | 'TRY_AGAIN'
  | 'BAD_EMAIL' | 'MAIL_OFF' | 'BAD_LINK' | 'VACATION_ALLOWANCE' | 'VACATION_EXISTS'
  | 'NOT_MODERATOR' | 'BANNED' | 'NOT_BANNED' | 'REPORT_OPEN' | 'REPORT_CLOSED' | 'ALREADY_APPEALED' | 'NO_APPEAL';

export interface ApiError {
  readonly error: ApiErrorCode;
  readonly message: string;
}

/**
 * A rating (docs/api.md, "Ratings"): `display`, the figure players read (1500 + 30 · (μ − 3σ),
 * never below 0), `provisional` while fewer than ten rated games; the conservative `rating`
 * (μ − 3σ) that leaderboards rank by, and what it is made of.
 */
export interface RatingInfo {
  readonly rating: number;
  readonly display: number;
  readonly provisional: boolean;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly wins: number;
}

/** One game of a player's history. */
export interface PlayedGame {
  readonly tableId: string;
  readonly gameNo: number;
  readonly game: GameId;
  readonly finishedAt: string;
  readonly seat: number;
  readonly players: number;
  readonly place: number;
  readonly score: number;
  readonly won: boolean;
  readonly rated: boolean;
  /** A rated game: what it did to the player's display rating (absent for other games). */
  readonly ratingChange?: RatingChange;
}

/** `GET /api/players/<name>`. */
export interface PlayerProfile {
  readonly name: string;
  /** The player's id (as in seats and game exports): clients draw the pattern of an account without an avatar from it. */
  readonly id: string;
  /** The avatar the account chose (`AVATARS`), or null: none chosen. */
  readonly avatar: string | null;
  /** The account says it is a program playing through the protocol (a bot account). */
  readonly bot: boolean;
  readonly since: string;
  /** Per game played rated in real time: the rating now and after each rated game, oldest first. */
  readonly ratings: Partial<Record<GameId, RatingInfo & { readonly history: RatingHistoryPoint[] }>>;
  /** The same for the games played rated at turn-based tables: a rating of their own per game (docs/api.md, "Ratings"). */
  readonly turnBasedRatings: Partial<Record<GameId, RatingInfo & { readonly history: RatingHistoryPoint[] }>>;
  /** Per game: finished games, wins and the statistics of every game summed (numbers only). */
  readonly games: Partial<Record<GameId, { readonly played: number; readonly wins: number; readonly stats: Record<string, number> }>>;
  readonly recent: PlayedGame[];
  /** How reliably the player finishes their games (docs/api.md, "Reputation"). */
  readonly reputation: Reputation;
}

/**
 * Over the player's last 100 finished games that another person played too (games against bots
 * only do not count): games finished (at their seat at the end) and left (a stand-in bot had their
 * seat at the end: they left, were replaced while away, or ran out of time too many moves in a row).
 */
export interface Reputation {
  readonly finished: number;
  readonly left: number;
  /** Whole percent of those games finished; null below 5 of them (a new player). */
  readonly percent: number | null;
  /** Games left in the last 7 days. */
  readonly recentLeft: number;
}

/**
 * A player's rating after one rated game: the conservative `rating` (μ − 3σ) and, as players read
 * it, `display` with the game's change (`change` = display − the display before it) and whether it
 * was still provisional; the game is `tableId`/`gameNo`.
 */
export interface RatingHistoryPoint {
  readonly at: string;
  readonly rating: number;
  readonly display: number;
  readonly change: number;
  readonly provisional: boolean;
  readonly tableId: string;
  readonly gameNo: number;
}

/** `GET /api/players/<name>/games`, `GET /api/me/games`. */
export interface GamesPage {
  readonly games: PlayedGame[];
  readonly next: string | null;
}

/** The pace a game is rated at: real-time (`live`) or turn-based, each with a rating of its own. */
export type RatingMode = 'live' | 'turn-based';

/** `GET /api/leaderboard/<game>` (`?mode=turn-based` for the turn-based ratings). */
export interface Leaderboard {
  readonly game: GameId;
  readonly mode: RatingMode;
  readonly players: (RatingInfo & { readonly rank: number; readonly name: string })[];
  readonly next: string | null;
}

/** `GET /api/me`: who a token belongs to. */
export interface Me {
  readonly id: string;
  readonly name: string;
  readonly account: boolean;
  /** The avatar chosen (an account's), or null. */
  readonly avatar: string | null;
  /** The account says it is a bot (`PUT /api/accounts/bot`); false for a guest. */
  readonly bot: boolean;
}

export type { GameExport, GameStats, RatingChange };
