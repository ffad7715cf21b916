import type { Game } from '../core/game.js';
import { f7Apply } from './apply.js';
import type { F7Event } from './events.js';
import { f7LegalActions, f7ToAct, type F7Action } from './legal-actions.js';
import { F7_MAX_PLAYERS, F7_MIN_PLAYERS, F7_DEFAULT_OPTIONS, f7ParseOptions, type F7Options } from './options.js';
import { f7Setup, f7Start } from './setup.js';
import type { F7State } from './state.js';
import { f7Outcome, f7View, type F7View } from './view.js';

/** The Flip 7 rules engine (shared/rules/flip-7.md). */
export const flip7: Game<F7State, F7Action, F7View, F7Event, F7Options> = {
  id: 'flip-7',
  minPlayers: F7_MIN_PLAYERS,
  maxPlayers: F7_MAX_PLAYERS,
  defaultOptions: F7_DEFAULT_OPTIONS,
  parseOptions: f7ParseOptions,
  setup: (input) => f7Setup(input),
  start: f7Start,
  toAct: f7ToAct,
  legalActions: f7LegalActions,
  apply: f7Apply,
  view: f7View,
  outcome: f7Outcome,
};
