import type { GameId, RatingMode } from '@parlor/protocol';
import type { RatingKey } from '../store/store.js';

export type { RatingMode };
/** The two paces a game is rated at: real-time (`live`, as the lobby says) and turn-based. */
export const RATING_MODES: readonly RatingMode[] = ['live', 'turn-based'];

const TURN_BASED = ':turn-based';

/**
 * The key a game's rating at a pace is kept under: its id for real-time games (as every rating
 * before turn-based play), its id and `:turn-based` for turn-based ones, so that a move a day and a
 * move a minute never change each other's rating. Derived from the game id alone.
 */
export function ratingKey(game: GameId, mode: RatingMode): RatingKey {
  return mode === 'live' ? game : `${game}${TURN_BASED}`;
}

/** The game and pace a key is of. */
export function keyParts(key: RatingKey): { readonly game: GameId; readonly mode: RatingMode } {
  return key.endsWith(TURN_BASED)
    ? { game: key.slice(0, -TURN_BASED.length) as GameId, mode: 'turn-based' }
    : { game: key as GameId, mode: 'live' };
}
