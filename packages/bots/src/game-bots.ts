import type { GameId } from '@parlor/rules';
import type { BotFactory, BotLevel } from './bot.js';
import type { GameCoach } from './coach/game-coach.js';

/** A rating in OpenSkill's terms (Weng–Lin; the `openskill` package's default model, Plackett–Luce). */
export interface BotRating {
  readonly mu: number;
  readonly sigma: number;
}

/**
 * Everything the bots package knows of one game, in one object that its bots folder exports
 * (`<game>/bots.ts`) and registry.ts lists once: the bot levels, their ratings and the coach. The
 * level lists, the ratings table and the coach's lookup and English words all derive from it.
 */
export interface GameBots<G extends GameId = GameId> {
  /** Its bots besides `random` (which every game has), by level; `{}` for a game with none. */
  readonly levels: Partial<Record<Exclude<BotLevel, 'random'>, BotFactory>>;
  /**
   * The fixed rating of each of its levels, `random`'s included, for rated tables (ratings.ts says
   * what they mean; `packages/bots/scripts/calibrate-ratings.ts` measures them; docs/bots.md,
   * "Bot ratings"). A level without a bot has none.
   */
  readonly ratings: { readonly random: BotRating } & Partial<Record<Exclude<BotLevel, 'random'>, BotRating>>;
  /** Its post-game coach, or null: without one the coach says it does not know the game. */
  readonly coach: GameCoach<G> | null;
}
