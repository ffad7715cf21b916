/** Flip 7 (shared/rules/flip-7.md): the public surface, every name prefixed F7/flip7. */
export { flip7Game, flip7Game as flip7 } from './game.js';
export {
  F7_CARD_NAMES, F7_DECK_COUNTS, F7_DECK_SIZE, flip7CardCode, flip7CardName, flip7CardKind, flip7FullDeck,
  type F7CardName, type F7CardKind,
} from './cards.js';
export {
  F7_TARGETS, F7_MIN_PLAYERS, F7_MAX_PLAYERS, flip7DefaultOptions, flip7ParseOptions, flip7CheckPlayers,
  type F7Options, type F7Target,
} from './options.js';
export { flip7CloneState, F7_STATUS_NAMES, type F7State, type F7FlipThree, type F7Status } from './state.js';
export type { F7Event, F7ScoreBreakdown } from './events.js';
export { flip7ScoreLine, FLIP7_BONUS as F7_FLIP7_BONUS } from './score.js';
export {
  F7_HIT, F7_STAY, F7_GIVE_TO, flip7ToAct, flip7LegalActions, flip7LegalActionCount, flip7LegalActionAt,
  type F7Action,
} from './legal-actions.js';
export { flip7Apply, flip7ApplyInPlace, flip7Check } from './apply.js';
export { flip7Setup, flip7Start, flip7StartFrom, type F7Start } from './setup.js';
export { flip7View, flip7Outcome, type F7View, type F7Pending, type F7FlipThreeView } from './view.js';
export { flip7UnseenDrawPile, flip7NextFlipOdds, type F7NextFlipOdds, type F7CardCounts } from './odds.js';
export { flip7Scenario } from './scenario.js';
export { flip7Stats, type F7PlayerStats } from './stats.js';
