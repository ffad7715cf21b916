import type { GameId } from '@parlor/rules';
import type { ComponentType } from 'react';
import type { GameProps } from '../table/game-props.js';
import { F7Game } from './flip-7/F7Game.js';
import { SfGame } from './stir-fry-eighteen/SfGame.js';

/**
 * Each game's table screen. Typed by the rules registry: a game added there without a screen here
 * is a type error. Its strings are under `games.<id>`, `options.<id>` and its own locale file.
 */
export const GAME_SCREENS: Record<GameId, ComponentType<GameProps>> = {
  'stir-fry-eighteen': SfGame,
  'flip-7': F7Game,
};
