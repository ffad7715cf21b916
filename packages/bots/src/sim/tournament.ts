import { type GameId, type Rng, createRng, eventsFor } from '@parlor/rules';
import type { Bot, BotLevel } from '../bot.js';
import { createBot } from '../registry.js';
import { GAMES, GAME_LENGTH } from '../games.js';
import { wilson95 } from './stats.js';

export interface SimConfig {
  readonly game: GameId;
  /** The bot of each seat in the first game; seats rotate by one each game. */
  readonly bots: readonly BotLevel[];
  readonly games: number;
  readonly seed: string;
  readonly options?: unknown;
  /** Called after each game with the number finished. */
  readonly onGame?: (done: number) => void;
  /** A game still running after this many actions is abandoned and counted as an error. */
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
  const game = GAMES[config.game];
  const n = config.bots.length;
  const now = config.now ?? (() => performance.now());
  const tally = new Map<string, { seats: number; wins: number; score: number }>();
  for (const b of config.bots) tally.set(b, { seats: 0, wins: 0, score: 0 });
  let length = 0, unfinished = 0;
  const started = now();

  for (let g = 0; g < config.games; g++) {
    const seed = `${config.seed}/${g}`;
    const setup = game.start({ players: n, options: config.options, seed });
    if (!setup.ok) throw new Error(setup.error.message);
    const levels = Array.from({ length: n }, (_, seat) => config.bots[(seat + g) % n]!);
    const bots: Bot[] = levels.map((level) => createBot(config.game, level));
    const rngs: Rng[] = levels.map((_, seat) => createRng(`${seed}/bot${seat}`));
    const order = createRng(`${seed}/order`);
    let state = setup.value.state;
    bots.forEach((b, i) => b.observe?.(eventsFor(setup.value.events, i))); // the opening draw or deal
    let actions = 0;
    while (game.outcome(state) === null) {
      if (actions++ >= (config.maxActions ?? 100_000)) break;
      const toAct = game.toAct(state);
      // Several seats asked at once (a taste-test window): whoever is quickest; here, by lot.
      const seat = toAct.length === 1 ? toAct[0]! : order.pick(toAct);
      const legal = game.legalActions(state, seat);
      let action = bots[seat]!.decide(game.view(state, seat), legal, rngs[seat]!);
      if (action instanceof Promise) action = await action;
      const r = game.apply(state, seat, action);
      if (!r.ok) throw new Error(`${levels[seat]} bot chose a refused action ${JSON.stringify(action)}: ${r.error.message}`);
      state = r.state;
      bots.forEach((b, i) => b.observe?.(eventsFor(r.events, i)));
    }
    const outcome = game.outcome(state);
    if (outcome === null) { unfinished++; config.onGame?.(g + 1); continue; }
    length += GAME_LENGTH[config.game].of(state);
    levels.forEach((level, seat) => {
      const t = tally.get(level)!;
      t.seats++;
      t.score += outcome.scores[seat]!;
      if (outcome.winners.includes(seat)) t.wins += 1 / outcome.winners.length;
    });
    config.onGame?.(g + 1);
  }

  const seconds = (now() - started) / 1000;
  const finished = config.games - unfinished;
  return {
    game: config.game,
    games: config.games,
    bots: [...tally.entries()].map(([bot, t]) => {
      const winRate = t.seats === 0 ? 0 : t.wins / t.seats;
      return { bot, seats: t.seats, wins: t.wins, winRate, ci95: wilson95(winRate, t.seats), meanScore: t.seats === 0 ? 0 : t.score / t.seats };
    }),
    meanLength: finished === 0 ? 0 : length / finished,
    lengthUnit: GAME_LENGTH[config.game].unit,
    gamesPerSecond: seconds > 0 ? config.games / seconds : 0,
    seconds,
    unfinished,
  };
}
