import type { Game } from '../core/game.js';
import { placesFromScores } from '../core/game.js';
import type { SfAction } from './action.js';
import { sfApply } from './apply.js';
import type { SfEvent } from './events.js';
import { type SfOptions, SF_DEFAULT_OPTIONS, sfParseOptions } from './options.js';
import { SF_MAX_PLAYERS, SF_MIN_PLAYERS, sfSetup, sfStart } from './setup.js';
import type { SfState } from './state.js';
import { sfLegalActions } from './legal-actions.js';
import { sfToAct } from './to-act.js';
import { type SfView, sfView } from './view.js';

/** Stir Fry Eighteen behind the game contract (docs/architecture.md). */
export const stirFryEighteen: Game<SfState, SfAction, SfView, SfEvent, SfOptions> = {
  id: 'stir-fry-eighteen',
  minPlayers: SF_MIN_PLAYERS,
  maxPlayers: SF_MAX_PLAYERS,
  defaultOptions: SF_DEFAULT_OPTIONS,
  parseOptions: sfParseOptions,
  setup: (input) => sfSetup(input),
  start: sfStart,
  toAct: sfToAct,
  legalActions: sfLegalActions,
  apply: sfApply,
  view: sfView,
  outcome: (s) => s.result === null ? null : {
    scores: s.scores.slice(),
    winners: s.result.winners.slice(),
    places: placesForResult(s.scores, s.result.winners),
  },
};

/**
 * Places by score, except that the winners rank first: under SF-27 the cook who reaches the target
 * wins at once even if, in a position no normal game reaches, someone else had more points.
 */
function placesForResult(scores: readonly number[], winners: readonly number[]): number[] {
  const rest = scores.map((s, i) => (winners.includes(i) ? Infinity : s));
  return placesFromScores(rest);
}
