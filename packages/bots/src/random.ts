import type { Bot } from './bot.js';

/** Plays a uniformly random legal action: the baseline every other bot must beat. */
export function randomBot<V, A>(): Bot<V, A> {
  return {
    level: 'random',
    decide: (_view, legal, rng) => rng.pick(legal),
  };
}
