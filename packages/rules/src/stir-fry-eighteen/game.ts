import { type GameModule, eventsFor, placesFromScores } from '../core/game.js';
import type { SfAction } from './action.js';
import { sfApply, sfApplyInPlace } from './apply.js';
import { SF_CARDS } from './cards.js';
import type { SfEvent } from './events.js';
import { SF_INFO, SF_TASTE_WINDOW } from './info.js';
import type { SfOptions } from './options.js';
import { sfResample } from './resample.js';
import { sfScenario } from './scenario.js';
import { sfSetup, sfStart } from './setup.js';
import { type SfState, sfCloneState } from './state.js';
import { type SfPlayerStats, sfStats } from './stats.js';
import { sfLegalActions } from './legal-actions.js';
import { sfToAct } from './to-act.js';
import { type SfView, sfView } from './view.js';

/** SF-14: silence until the taste-test window closes is trust. */
const TRUST: SfAction = Object.freeze({ type: 'trust' });

/** Stir Fry Eighteen (shared/rules/stir-fry-eighteen.md) behind the game contract (docs/architecture.md). */
export const stirFryEighteen: GameModule<SfState, SfAction, SfView, SfEvent, SfOptions, SfPlayerStats> = {
  ...SF_INFO,
  setup: (input) => sfSetup(input),
  start: sfStart,
  toAct: sfToAct,
  legalActions: sfLegalActions,
  apply: sfApply,
  view: sfView,
  eventsFor,
  outcome: (s) => s.result === null ? null : {
    scores: s.scores.slice(),
    winners: s.result.winners.slice(),
    places: placesForResult(s.scores, s.result.winners),
  },
  // SF-14: after a declaration every opponent who may test answers at once; silence trusts.
  responseWindow: {
    isOpen: (s) => s.phase === 'taste-test',
    silence: () => TRUST,
    ...SF_TASTE_WINDOW,
  },
  stats: sfStats,
  resample: (s, viewer, rng) => sfResample(s, viewer, rng),
  length: { unit: 'turns', of: (s) => s.turn.number },
  scenario: sfScenario,
  fast: { clone: sfCloneState, applyInPlace: (s, seat, a, events) => sfApplyInPlace(s, seat, a, events && ((e) => events.push(e))) },
  terms: [
    ...SF_CARDS, 'stir fry', 'taste', 'dish', 'cook', 'bluff', 'protein', 'pantry', 'ingredient', 'meticulous',
    'closing time', 'discard down', 'put down',
  ],
};

/**
 * Places by score, except that the winners rank first: under SF-27 the cook who reaches the target
 * wins at once even if, in a position no normal game reaches, someone else had more points.
 */
function placesForResult(scores: readonly number[], winners: readonly number[]): number[] {
  const rest = scores.map((s, i) => (winners.includes(i) ? Infinity : s));
  return placesFromScores(rest);
}
