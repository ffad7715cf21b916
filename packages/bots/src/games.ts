import { type Game, type GameEvent, type GameId, flip7, stirFryEighteen } from '@parlor/rules';

/** The game modules bots and the simulator drive, by id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const GAMES: Record<GameId, Game<any, any, any, GameEvent, any>> = {
  'stir-fry-eighteen': stirFryEighteen,
  'flip-7': flip7,
};

export const GAME_IDS = Object.keys(GAMES) as GameId[];

/** How long a finished game was, in the unit players count it in: turns (SF) or rounds (Flip 7). */
export const GAME_LENGTH: Record<GameId, { unit: string; of(state: unknown): number }> = {
  'stir-fry-eighteen': { unit: 'turns', of: (s) => (s as { turn: { number: number } }).turn.number },
  'flip-7': { unit: 'rounds', of: (s) => (s as { round: number }).round },
};

export function isGameId(x: unknown): x is GameId {
  return typeof x === 'string' && x in GAMES;
}
