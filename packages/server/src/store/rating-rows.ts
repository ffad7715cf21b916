import type { GameId } from '@parlor/protocol';

/**
 * What a rating is kept under: the game's id for its real-time games, and the id with
 * `:turn-based` for its turn-based ones — a rating of their own, as a move a day is another game
 * of skill than a move a minute (ratings/keys.ts).
 */
export type RatingKey = GameId | `${GameId}:turn-based`;

/** A player's rating in one game at one pace (OpenSkill / Weng-Lin, ratings/). */
export interface RatingRow {
  readonly playerId: string;
  /** The game, and whether its turn-based rating (RatingKey). */
  readonly game: RatingKey;
  readonly mu: number;
  readonly sigma: number;
  /** Rated games played, and won. */
  readonly games: number;
  readonly wins: number;
  readonly updatedAt: string;
}

/** A rating after one rated game. */
export interface RatingPoint {
  readonly tableId: string;
  readonly gameNo: number;
  readonly mu: number;
  readonly sigma: number;
  readonly at: string;
}
