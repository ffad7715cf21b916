import type { GameId } from '@parlor/rules';
import type { Bot, BotLevel } from './bot.js';
import { randomBot } from './random.js';
import { sfBasicBot, sfExpertBot } from './stir-fry-eighteen/index.js';
import { f7BasicBot, f7ExpertBot } from './flip-7/index.js';

type Factories = Partial<Record<BotLevel, () => Bot>>;

/** Every bot, by game and level. */
export const BOTS: Record<GameId, Factories> = {
  'stir-fry-eighteen': { random: randomBot, basic: sfBasicBot, expert: sfExpertBot },
  'flip-7': { random: randomBot, basic: f7BasicBot, expert: f7ExpertBot },
};

/** The levels available for a game. */
export function botLevels(game: GameId): BotLevel[] {
  return Object.keys(BOTS[game]) as BotLevel[];
}

/** A fresh bot for one seat; throws on a level this game does not have (callers validate first). */
export function createBot(game: GameId, level: BotLevel): Bot {
  const make = BOTS[game][level];
  if (make === undefined) throw new RangeError(`no ${level} bot for ${game}`);
  return make();
}
