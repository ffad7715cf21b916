import type { GameInfo } from '../core/game.js';
import { SF_DEFAULT_OPTIONS, SF_OPTION_FIELDS, type SfOptions, sfParseOptions } from './options.js';

/** SF-4: players allowed. */
export const SF_MIN_PLAYERS = 2;
export const SF_MAX_PLAYERS = 5;

/** SF-14: the taste-test window's length (the game module adds when it is open and what silence means). */
export const SF_TASTE_WINDOW = { seconds: { default: 8, min: 3, max: 30 }, setting: 'tasteWindow' } as const;

/** Stir Fry Eighteen without its rules engine (catalog.ts); game.ts builds the module on it. */
export const SF_INFO = {
  id: 'stir-fry-eighteen',
  name: 'Stir Fry Eighteen',
  ruleTag: 'SF',
  minPlayers: SF_MIN_PLAYERS,
  maxPlayers: SF_MAX_PLAYERS,
  options: { defaults: SF_DEFAULT_OPTIONS, fields: SF_OPTION_FIELDS, parse: sfParseOptions },
  responseWindow: SF_TASTE_WINDOW,
} as const satisfies GameInfo<SfOptions>;
