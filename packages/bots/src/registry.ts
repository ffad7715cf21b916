import type { GameId } from '@parlor/rules';
import { BOT_LEVELS, type Bot, type BotLevel } from './bot.js';
import { randomBot } from './random.js';
import { sfBasicBot, sfExpertBot } from './stir-fry-eighteen/index.js';
import { f7BasicBot, f7ExpertBot } from './flip-7/index.js';

type Factories = Partial<Record<Exclude<BotLevel, 'random'>, () => Bot>>;

/**
 * The bots each registered game has besides `random` (which every game has). Typed by the rules
 * registry: a game added there without an entry here is a type error, so the choice is explicit.
 */
const BOTS: Record<GameId, Factories> = {
  'stir-fry-eighteen': { basic: sfBasicBot, expert: sfExpertBot },
  'flip-7': { basic: f7BasicBot, expert: f7ExpertBot },
};

/** The levels available for a game, weakest first. */
export function botLevels(game: GameId): BotLevel[] {
  return BOT_LEVELS.filter((level) => level === 'random' || BOTS[game][level] !== undefined);
}

/** The level that plays for a person who is away: the strongest that plays like a person would, else random. */
export function standInLevel(game: GameId): BotLevel {
  return BOTS[game].basic !== undefined ? 'basic' : 'random';
}

/** A fresh bot for one seat; throws on a level this game does not have (callers validate first). */
export function createBot(game: GameId, level: BotLevel): Bot {
  if (level === 'random') return randomBot();
  const make = BOTS[game][level];
  if (make === undefined) throw new RangeError(`no ${level} bot for ${game}`);
  return make();
}
