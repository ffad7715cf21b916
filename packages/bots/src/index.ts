export * from './bot.js';
export { randomBot } from './random.js';
export { sfBasicBot, sfExpertBot, SfBelief } from './stir-fry-eighteen/index.js';
export {
  f7BasicBot, f7ExpertBot, f7BasicDecide, f7ExpertDecide, F7_BASIC, F7_EXPERT,
  f7SolveRound, f7QuickSolve, F7_FULL_PILE, F7_NUMBERS_PILE,
  type F7SolverLine, type F7SolveOptions, type F7QuickOptions, type F7RoundSolution, type F7QuickSolution, type F7Pile,
} from './flip-7/index.js';
export { botLevels, createBot, standInLevel } from './registry.js';
export { simulate, type SimConfig, type SimResult, type SimBotStats } from './sim/tournament.js';
export { clusteredInterval95, wilson95 } from './sim/stats.js';
export { BOT_RATINGS, type BotRating } from './ratings.js';
export * from './coach/index.js';
