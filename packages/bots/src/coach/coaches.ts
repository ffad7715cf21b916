import type { GameId } from '@parlor/rules';
import { GAME_BOTS } from '../registry.js';
import type { CoachJudge, GameCoach } from './game-coach.js';

export type { CoachJudge, GameCoach };

/** The coach of a game, or null when it has none. */
export function coachOf(game: GameId): CoachJudge | null {
  return (GAME_BOTS[game].coach?.judge ?? null) as CoachJudge | null;
}

/** Every registered game's coach, in the registry's order (games without one left out). */
export function everyCoach(): GameCoach[] {
  return Object.values(GAME_BOTS).flatMap((b) => (b.coach === null ? [] : [b.coach as unknown as GameCoach]));
}
