export * from './bot.js';
export { randomBot } from './random.js';
export { BOTS, botLevels, createBot } from './registry.js';
export { GAMES, GAME_IDS, GAME_LENGTH, isGameId } from './games.js';
export { simulate, type SimConfig, type SimResult, type SimBotStats } from './sim/tournament.js';
export { wilson95 } from './sim/stats.js';
