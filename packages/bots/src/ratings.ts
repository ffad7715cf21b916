import { GAME_IDS, type GameId } from '@parlor/rules';
import type { BotLevel } from './bot.js';
import type { BotRating } from './game-bots.js';
import { GAME_BOTS } from './registry.js';

export type { BotRating };

/**
 * Each bot level's fixed rating, per game, for rated tables: the server rates every seat with
 * `openskill`'s `rate` (defaults: a new account 25 ± 25/3, β 25/6, τ 25/300; each seat a one-player
 * team, ranked by who won: winners first, the rest tied) and keeps these unchanged, so a person who
 * plays bots alone is rated too.
 *
 * What they mean: μ is where an account that plays exactly like that level, at the calibration's
 * tables, neither rises nor sinks (openskill's update averaged over all its seats is zero); σ is
 * the steady σ of an account that plays often. A person who beats a level more often than that
 * level does climbs above it; one who loses to `random` more than `random` does sinks below it.
 * `random` is placed so that its displayed rating μ − 3σ is 0, a new account's; only the gaps are
 * measured. (Ranked by place instead, Flip 7's expert would rate below its basic: it plays to win
 * the game, not for places; docs/bots.md, "Bot ratings".)
 *
 * Each game's figures are in its entry of the registry (`ratings`, game-bots.ts), made by
 * `npx tsx --conditions=@parlor/source packages/bots/scripts/calibrate-ratings.ts` (fixed seeds;
 * standard errors of the gaps 0.3–0.8 at the 2026-11-30 calibration). Method, figures and the
 * sanity check: docs/bots.md, "Bot ratings".
 */
export const BOT_RATINGS: Record<GameId, Partial<Record<BotLevel, BotRating>>> = Object.fromEntries(
  GAME_IDS.map((game) => [game, GAME_BOTS[game].ratings]),
) as Record<GameId, Partial<Record<BotLevel, BotRating>>>;
