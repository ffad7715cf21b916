import type { Game } from '../core/game.js';
import { flip7Apply } from './apply.js';
import type { F7Event } from './events.js';
import { flip7LegalActions, flip7ToAct, type F7Action } from './legal-actions.js';
import { F7_MAX_PLAYERS, F7_MIN_PLAYERS, flip7DefaultOptions, flip7ParseOptions, type F7Options } from './options.js';
import { flip7Setup, flip7Start } from './setup.js';
import type { F7State } from './state.js';
import { flip7Outcome, flip7View, type F7View } from './view.js';

/** The Flip 7 rules engine (shared/rules/flip-7.md). */
export const flip7Game: Game<F7State, F7Action, F7View, F7Event, F7Options> = {
  id: 'flip-7',
  minPlayers: F7_MIN_PLAYERS,
  maxPlayers: F7_MAX_PLAYERS,
  defaultOptions: flip7DefaultOptions,
  parseOptions: flip7ParseOptions,
  setup: (input) => flip7Setup(input),
  start: flip7Start,
  toAct: flip7ToAct,
  legalActions: flip7LegalActions,
  apply: flip7Apply,
  view: flip7View,
  outcome: flip7Outcome,
};
