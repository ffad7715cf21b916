import { z } from 'zod';
import type { GameExport, GameId, GameStats } from './server-messages.js';

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

/** The reply to creating an account or signing in: the name as stored, and a token for `hello`. */
export interface SessionReply {
  readonly name: string;
  readonly token: string;
}

export type ApiErrorCode =
  | 'BAD_REQUEST' | 'BAD_NAME' | 'NAME_TAKEN' | 'NAME_LOOKALIKE' | 'BAD_PASSWORD' | 'BAD_CREDENTIALS' | 'RATE_LIMITED' | 'UNAUTHORIZED'
  | 'ALREADY_ACCOUNT' | 'UNKNOWN_PLAYER' | 'UNKNOWN_GAME' | 'UNKNOWN_TABLE' | 'NO_GAME' | 'BAD_GAME' | 'BAD_CURSOR'
  | 'NOT_FOUND' | 'TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_JSON' | 'REQUEST_TIMEOUT' | 'UPGRADE_REQUIRED' | 'SERVER_ERROR'
  | 'STORE_UNAVAILABLE' | 'SESSION_EXPIRED';

export interface ApiError {
  readonly error: ApiErrorCode;
  readonly message: string;
}

/** A rating as shown: the conservative `rating` (μ − 3σ) and what it is made of. */
export interface RatingInfo {
  readonly rating: number;
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
}

/** `GET /api/players/<name>`. */
export interface PlayerProfile {
  readonly name: string;
  readonly since: string;
  /** Per game played rated: the rating now and after each rated game, oldest first. */
  readonly ratings: Partial<Record<GameId, RatingInfo & { readonly history: { readonly at: string; readonly rating: number }[] }>>;
  /** Per game: finished games, wins and the statistics of every game summed (numbers only). */
  readonly games: Partial<Record<GameId, { readonly played: number; readonly wins: number; readonly stats: Record<string, number> }>>;
  readonly recent: PlayedGame[];
}

/** `GET /api/players/<name>/games`, `GET /api/me/games`. */
export interface GamesPage {
  readonly games: PlayedGame[];
  readonly next: string | null;
}

/** `GET /api/leaderboard/<game>`. */
export interface Leaderboard {
  readonly game: GameId;
  readonly players: (RatingInfo & { readonly rank: number; readonly name: string })[];
  readonly next: string | null;
}

/** `GET /api/me`: who a token belongs to. */
export interface Me {
  readonly id: string;
  readonly name: string;
  readonly account: boolean;
}

export type { GameExport, GameStats };
