import type { ActionOf, EventOf, GameId, ViewOf } from '@parlor/rules';
import { coachFlip7 } from './flip-7.js';
import type { SeatWalk } from './fold.js';
import { coachStirFry } from './stir-fry-eighteen.js';
import type { CoachDecision } from './types.js';

/**
 * A game's coach: every decision of the coached seat judged from what it saw (the walk of
 * fold.ts), flagged when it cost more than `threshold` (default: the game's own).
 */
export type CoachJudge<G extends GameId = GameId> = (walk: SeatWalk<ViewOf<G>, ActionOf<G>, EventOf<G>>, seat: number, threshold?: number) =>
  { threshold: number; decisions: CoachDecision[] };

/**
 * Each registered game's coach. Typed by the rules registry: a game added there without an entry
 * here is a type error, so the choice is explicit; a game without a coach has `null`.
 */
const COACHES: { readonly [G in GameId]: CoachJudge<G> | null } = {
  'stir-fry-eighteen': (walk, seat, threshold) => coachStirFry(walk.moments, seat, walk.players, threshold),
  'flip-7': (walk, seat, threshold) => coachFlip7(walk.moments, seat, threshold),
};

/** The coach of a game, or null when it has none. */
export function coachOf(game: GameId): CoachJudge | null {
  return COACHES[game] as CoachJudge | null;
}
