export * from './bot.js';
export { randomBot } from './random.js';
// Each game's own public names (its functions, types and constants): scripts, benchmarks and tests use them.
export * from './stir-fry-eighteen/index.js';
export * from './flip-7/index.js';
export type { GameBots } from './game-bots.js';
export { GAME_BOTS, botLevels, createBot, standInLevel } from './registry.js';
export { simulate, type SimConfig, type SimResult, type SimBotStats } from './sim/tournament.js';
export { clusteredInterval95, wilson95 } from './sim/stats.js';
export { BOT_RATINGS, type BotRating } from './ratings.js';
export * from './coach/index.js';
