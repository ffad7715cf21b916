import { type GameModule, eventsFor } from '../core/game.js';
import { f7Apply, f7ApplyInPlace } from './apply.js';
import type { F7Event } from './events.js';
import { f7LegalActions, f7ToAct, type F7Action } from './legal-actions.js';
import { F7_INFO } from './info.js';
import type { F7Options } from './options.js';
import { f7Resample } from './resample.js';
import { f7Scenario } from './scenario.js';
import { f7Setup, f7Start } from './setup.js';
import { f7CloneState, type F7State } from './state.js';
import { f7Stats, type F7PlayerStats } from './stats.js';
import { f7Outcome, f7View, type F7View } from './view.js';

/** Flip 7 (shared/rules/flip-7.md) behind the game contract (docs/architecture.md). */
export const flip7: GameModule<F7State, F7Action, F7View, F7Event, F7Options, F7PlayerStats> = {
  ...F7_INFO,
  setup: (input) => f7Setup(input),
  start: f7Start,
  toAct: f7ToAct,
  legalActions: f7LegalActions,
  apply: f7Apply,
  view: f7View,
  eventsFor,
  outcome: f7Outcome,
  stats: f7Stats,
  resample: f7Resample,
  length: { unit: 'rounds', of: (s) => s.round },
  scenario: f7Scenario,
  fast: { clone: f7CloneState, applyInPlace: (s, seat, a, events) => f7ApplyInPlace(s, seat, a, events ?? undefined) },
  terms: ['flip 7', 'flip three', 'second chance', 'bust', 'hit'],
};
