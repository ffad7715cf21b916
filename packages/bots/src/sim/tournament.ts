import { type GameId, gameModule, playGame } from '@parlor/rules';
import type { BotLevel } from '../bot.js';
import { createBot } from '../registry.js';
import { clusteredInterval95 } from './stats.js';

export interface SimConfig {
  readonly game: GameId;
  /** The bot of each seat in the first game; seats rotate by one each game. */
  readonly bots: readonly BotLevel[];
  readonly games: number;
  readonly seed: string;
  readonly options?: unknown;
  /** Called after each game with the number finished. */
  readonly onGame?: (done: number) => void;
  /** A game still running after this many actions is abandoned and counted as unfinished. */
  readonly maxActions?: number;
  readonly now?: () => number;
}

export interface SimBotStats {
  readonly bot: string;
  /** Seats this bot played (games × its copies per game). */
  readonly seats: number;
  /** Wins, a shared win counting 1/k to each of the k winners. */
  readonly wins: number;
  readonly winRate: number;
  /** 95% interval of the win rate, with games (not seats) as the unit of sampling (sim/stats.ts). */
  readonly ci95: [number, number];
  readonly meanScore: number;
}

export interface SimResult {
  readonly game: GameId;
  readonly games: number;
  readonly bots: SimBotStats[];
  readonly meanLength: number;
  readonly lengthUnit: string;
  readonly gamesPerSecond: number;
  readonly seconds: number;
  /** Games that did not finish within maxActions (a bug if ever non-zero). */
  readonly unfinished: number;
}

/**
 * Plays `games` games between bots and tallies them per bot name. Seats rotate game by game so no
 * bot keeps the first seat; the first player or dealer is drawn from each game's seed.
 */
export async function simulate(config: SimConfig): Promise<SimResult> {
  const game = gameModule(config.game);
  const n = config.bots.length;
  const now = config.now ?? (() => performance.now());
  const names = [...new Set(config.bots)];
  const perGame = new Map(names.map((b) => [b, [] as { wins: number; seats: number }[]]));
  const score = new Map(names.map((b) => [b, 0]));
  let length = 0, unfinished = 0;
  const started = now();

  for (let g = 0; g < config.games; g++) {
    const seed = `${config.seed}/${g}`;
    const levels = Array.from({ length: n }, (_, seat) => config.bots[(seat + g) % n]!);
    const played = await playGame({
      game, seed, start: { players: n, options: config.options, seed },
      agents: levels.map((level) => createBot(config.game, level)),
      maxActions: config.maxActions ?? 100_000,
    });
    const outcome = played.outcome;
    if (outcome === null) { unfinished++; config.onGame?.(g + 1); continue; }
    length += game.length.of(played.state);
    for (const name of names) {
      let wins = 0, seats = 0;
      levels.forEach((level, seat) => {
        if (level !== name) return;
        seats++;
        score.set(name, score.get(name)! + outcome.scores[seat]!);
        if (outcome.winners.includes(seat)) wins += 1 / outcome.winners.length;
      });
      perGame.get(name)!.push({ wins, seats });
    }
    config.onGame?.(g + 1);
  }

  const seconds = (now() - started) / 1000;
  const finished = config.games - unfinished;
  return {
    game: config.game,
    games: config.games,
    bots: names.map((bot) => {
      const games = perGame.get(bot)!;
      const seats = games.reduce((a, x) => a + x.seats, 0);
      const wins = games.reduce((a, x) => a + x.wins, 0);
      return {
        bot, seats, wins, winRate: seats === 0 ? 0 : wins / seats, ci95: clusteredInterval95(games),
        meanScore: seats === 0 ? 0 : score.get(bot)! / seats,
      };
    }),
    meanLength: finished === 0 ? 0 : length / finished,
    lengthUnit: game.length.unit,
    gamesPerSecond: seconds > 0 ? config.games / seconds : 0,
    seconds,
    unfinished,
  };
}
