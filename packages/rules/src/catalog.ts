import type { GameInfo } from './core/game.js';
import { F7_INFO } from './flip-7/info.js';
import { SF_INFO } from './stir-fry-eighteen/info.js';

/**
 * Every game as a list of facts (id, names, seats, options, response-window length), without any
 * rules engine: what a lobby, a create form or a message schema needs, at a fraction of the code
 * (`@parlor/rules/catalog`). games.ts builds the registry of game modules on it, game for game: the
 * ids here are the registry's.
 */
export const GAME_INFO = {
  'stir-fry-eighteen': SF_INFO,
  'flip-7': F7_INFO,
} as const satisfies Record<string, GameInfo>;

export type GameId = keyof typeof GAME_INFO;

/** Every game id, in the registry's order. */
export const GAME_IDS = Object.keys(GAME_INFO) as [GameId, ...GameId[]];

export function isGameId(x: unknown): x is GameId {
  return typeof x === 'string' && Object.hasOwn(GAME_INFO, x);
}
