export * from './core/error.js';
export * from './core/game.js';
export * from './core/random.js';
export * from './scenario/adapter.js';
export * from './scenario/runner.js';
export { SCENARIO_ADAPTERS } from './scenario/games.js';
export * from './stir-fry-eighteen/index.js';
export * from './flip-7/index.js';
