import type { GameId } from '@parlor/rules';
import { BOT_LEVELS, type Bot, type BotLevel } from './bot.js';
import type { GameBots } from './game-bots.js';
import { randomBot } from './random.js';
import { F7_BOTS } from './flip-7/bots.js';
import { SF_BOTS } from './stir-fry-eighteen/bots.js';

/**
 * What the bots package knows of each registered game (game-bots.ts: its levels, their ratings,
 * its coach), one line a game. Typed by the rules registry: a game added there without an entry
 * here is a type error, so the choice is explicit (a game with no bots of its own: `levels: {}`,
 * `random`'s rating, `coach: null`).
 */
export const GAME_BOTS: { readonly [G in GameId]: GameBots<G> } = {
  'stir-fry-eighteen': SF_BOTS,
  'flip-7': F7_BOTS,
};

/** The levels available for a game, weakest first. */
export function botLevels(game: GameId): BotLevel[] {
  return BOT_LEVELS.filter((level) => level === 'random' || GAME_BOTS[game].levels[level] !== undefined);
}

/** The level that plays for a person who is away: the strongest that plays like a person would, else random. */
export function standInLevel(game: GameId): BotLevel {
  return GAME_BOTS[game].levels.basic !== undefined ? 'basic' : 'random';
}

/** A fresh bot for one seat; throws on a level this game does not have (callers validate first). */
export function createBot(game: GameId, level: BotLevel): Bot {
  if (level === 'random') return randomBot();
  const make = GAME_BOTS[game].levels[level];
  if (make === undefined) throw new RangeError(`no ${level} bot for ${game}`);
  return make();
}
