import type { GameInfo } from '../core/game.js';
import { F7_DEFAULT_OPTIONS, F7_MAX_PLAYERS, F7_MIN_PLAYERS, F7_OPTION_FIELDS, type F7Options, f7ParseOptions } from './options.js';

/** Flip 7 without its rules engine (catalog.ts); game.ts builds the module on it. */
export const F7_INFO = {
  id: 'flip-7',
  name: 'Flip 7',
  ruleTag: 'F7',
  minPlayers: F7_MIN_PLAYERS,
  maxPlayers: F7_MAX_PLAYERS,
  options: { defaults: F7_DEFAULT_OPTIONS, fields: F7_OPTION_FIELDS, parse: f7ParseOptions },
  responseWindow: null, // one player decides at a time (F7-5, F7-8)
} as const satisfies GameInfo<F7Options>;
