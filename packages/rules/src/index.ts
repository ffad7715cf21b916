export * from './core/error.js';
export * from './core/game.js';
export * from './core/random.js';
export * from './scenario/adapter.js';
