import { PROVISIONAL_GAMES } from '@parlor/protocol/limits';
import { type Skill, conservative } from './ratings.js';

/** The display rating of a new player, whose conservative rating μ − 3σ is 0 (docs/api.md, "Display rating"). */
export const DISPLAY_START = 1500;

/**
 * Display points per unit of the conservative rating. Between two players whose ratings have
 * settled, openskill's two-seat win chance is 1 / (1 + e^(−Δμ / c)), c = √(2β² + σ₁² + σ₂²) ≈ 6
 * (β = 25/6, σ ≈ 2), so 10-to-1 odds are a Δμ of about 6 · ln 10 ≈ 14; at 30 points a unit that is
 * about 400 points, what 10-to-1 means on the Elo scale players know from chess.
 */
export const DISPLAY_SCALE = 30;

/** A rating is provisional until this many rated games of the game (its σ is still large); the protocol's, as clients count with it. */
export { PROVISIONAL_GAMES };

/**
 * The rating players read: 1500 + 30 · (μ − 3σ), rounded, and never below 0. A monotone function
 * of the conservative rating the leaderboard ranks by, so a higher figure never ranks lower; it
 * starts at 1500 and rises as games show a player's skill (σ shrinks), and falls when they lose
 * more than their rating expects.
 */
export function displayRating(r: Skill): number {
  const d = Math.round(DISPLAY_START + DISPLAY_SCALE * conservative(r));
  return Number.isFinite(d) && d > 0 ? d : 0;
}

/** Whether a rating after `games` rated games is still provisional (shown "1512?"). */
export function isProvisional(games: number): boolean {
  return games < PROVISIONAL_GAMES;
}

/**
 * What one rated game did to a player's display rating: the figures before and after, and the
 * change between them (after − before, so the shown figures always add up).
 */
export interface DisplayChange {
  readonly before: number;
  readonly after: number;
  readonly change: number;
}

export function displayChange(before: Skill, after: Skill): DisplayChange {
  const b = displayRating(before);
  const a = displayRating(after);
  return { before: b, after: a, change: a - b };
}
