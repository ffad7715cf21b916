import type { Bot } from './bot.js';

/** Plays a uniformly random legal action: the baseline every other bot must beat. Any game has it. */
export function randomBot<V, A>(): Bot<V, A> {
  return {
    level: 'random',
    blind: true,
    decide: (_view, legal, rng) => rng.pick(legal),
  };
}
