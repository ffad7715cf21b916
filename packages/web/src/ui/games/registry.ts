import type { GameId } from '@parlor/rules';
import type { ComponentType } from 'react';
import type { GameProps } from '../table/game-props.js';
import type { ReplayProps } from '../replay/types.js';
import { F7_WEB } from './flip-7/web-game.js';
import { SF_WEB } from './stir-fry-eighteen/web-game.js';
import type { CoverProps, WebGame } from './web-game.js';

/**
 * Each registered game in the web client (web-game.ts: its locale file, table screen, replay view,
 * "How to play" and guided first game), one line a game. Typed by the rules registry: a game
 * added there without an entry here is a type error. Its strings are under `games.<id>`,
 * `options.<id>` (common.json), `learn.<short>` (learn.json) and its own locale file.
 */
export const WEB_GAMES: Readonly<Record<GameId, WebGame>> = {
  'stir-fry-eighteen': SF_WEB,
  'flip-7': F7_WEB,
};

const each = <T>(part: (g: WebGame) => T): Record<GameId, T> =>
  Object.fromEntries(Object.entries(WEB_GAMES).map(([id, g]) => [id, part(g)])) as Record<GameId, T>;

/** Each game's table screen (WebGame.screen). */
export const GAME_SCREENS: Readonly<Record<GameId, ComponentType<GameProps>>> = each((g) => g.screen);

/** Each game's picture for the lobby's game cards (WebGame.cover), loaded after the first screen. */
export const GAME_COVERS: Readonly<Record<GameId, ComponentType<CoverProps>>> = each((g) => g.cover);

/** Each game's replay view (WebGame.replay): every hand, the piles, the scores, and the log up to a position. */
export const GAME_REPLAYS: Readonly<Record<GameId, ComponentType<ReplayProps>>> = each((g) => g.replay);

/** Each game's describer of one move in words (WebGame.describe), loaded with its words when first asked for. */
export const GAME_DESCRIBERS: Readonly<Record<GameId, WebGame['describe']>> = each((g) => g.describe);
