import type { RatingHistoryPoint, RatingInfo } from '@parlor/protocol';
import type { RatingPoint, RatingRow } from '../store/store.js';
import { displayRating, isProvisional } from './display.js';
import { PRIOR, conservative } from './ratings.js';

/** Two decimals, as the API gives μ, σ and μ − 3σ. */
const round = (x: number) => Math.round(x * 100) / 100;

/** A stored rating as the API shows it: the display figure, provisional or not, and what it is made of. */
export function ratingInfo(r: RatingRow): RatingInfo {
  return {
    rating: round(conservative(r)), display: displayRating(r), provisional: isProvisional(r.games),
    mu: round(r.mu), sigma: round(r.sigma), games: r.games, wins: r.wins,
  };
}

/**
 * A player's ratings after each rated game of one game (oldest first) as players read them: each
 * point's display figure and its change from the one before (the first from a new player's 1500),
 * provisional while fewer than ten rated games had been played by then. The stored history keeps
 * μ and σ after every game, so before and after need nothing more.
 */
export function displayHistory(points: readonly RatingPoint[]): RatingHistoryPoint[] {
  let before = displayRating(PRIOR);
  return points.map((p, i) => {
    const display = displayRating(p);
    const point: RatingHistoryPoint = {
      at: p.at, rating: round(conservative(p)), display, change: display - before, provisional: isProvisional(i + 1),
      tableId: p.tableId, gameNo: p.gameNo,
    };
    before = display;
    return point;
  });
}
