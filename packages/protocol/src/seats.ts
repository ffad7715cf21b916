import { GAME_INFO } from '@parlor/rules/catalog';

/** The fewest and the most seats of any game among `games`. */
export function seatBounds(games: readonly { readonly minPlayers: number; readonly maxPlayers: number }[]): { min: number; max: number } {
  return { min: Math.min(...games.map((g) => g.minPlayers)), max: Math.max(...games.map((g) => g.maxPlayers)) };
}

const bounds = seatBounds(Object.values(GAME_INFO));
/**
 * The seats a table may have, over every game in the registry: what the schema accepts in
 * `table.create`. The table's own game narrows them (BAD_PLAYERS).
 */
export const MIN_SEATS = bounds.min;
export const MAX_SEATS = bounds.max;
