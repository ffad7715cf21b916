/** Flip 7 (shared/rules/flip-7.md): the public surface, functions prefixed f7, types F7, constants F7_. */
export { flip7 } from './game.js';
export {
  F7_CARD_NAMES, F7_CARD_CODES, F7_DECK_COUNTS, F7_DECK_SIZE, F7_MAX_NUMBER, F7_PLUS2, F7_PLUS10, F7_TIMES2, F7_FREEZE,
  F7_FLIP_THREE, F7_SECOND_CHANCE, f7CardCode, f7CardName, f7CardKind, f7FullDeck,
  type F7CardName, type F7CardKind,
} from './cards.js';
export {
  F7_TARGETS, F7_MIN_PLAYERS, F7_MAX_PLAYERS, F7_DEFAULT_OPTIONS, F7_OPTION_FIELDS, f7ParseOptions, f7CheckPlayers,
  type F7Options, type F7Target,
} from './options.js';
export { f7CloneState, F7_STATUSES, type F7State, type F7FlipThree, type F7Status, type F7Phase, type F7Ask, type F7FlipThreeStage } from './state.js';
export type { F7Event, F7ScoreBreakdown } from './events.js';
export { f7ScoreLine, F7_FLIP7_BONUS } from './score.js';
export {
  F7_HIT, F7_STAY, F7_GIVE_TO, f7ToAct, f7LegalActions, f7LegalActionCount, f7LegalActionAt,
  type F7Action,
} from './legal-actions.js';
export { f7Apply, f7ApplyInPlace, f7Check } from './apply.js';
export { f7Setup, f7Start, f7StartFrom, type F7Start } from './setup.js';
export { f7View, f7Outcome, type F7View, type F7Pending, type F7FlipThreeView } from './view.js';
export { f7UnseenDrawPile, f7ReshuffledPile, f7NextFlipOdds, type F7NextFlipOdds, type F7CardCounts } from './odds.js';
export { f7Scenario } from './scenario.js';
export { f7Resample } from './resample.js';
export { f7Stats, type F7PlayerStats } from './stats.js';
export { F7_INFO } from './info.js';
