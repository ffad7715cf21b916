/**
 * Bot decision times: for each game and bot level, the median and 99th-percentile time of
 * `decide` over the decisions of real games (four seats of that level), on one core.
 */
import { type Bot, type BotLevel, botLevels, createBot } from '@parlor/bots';
import { GAME_IDS, type GameId, gameModule, playGame } from '@parlor/rules';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

/** A bot whose every decision is timed into `times`. */
function timed(bot: Bot, times: number[]): Bot {
  return {
    level: bot.level,
    ...(bot.observe === undefined ? {} : { observe: (events) => bot.observe!(events) }),
    decide: (view, legal, rng) => {
      const t0 = performance.now();
      const a = bot.decide(view, legal, rng);
      times.push(performance.now() - t0);
      return a;
    },
  };
}

async function decisionTimes(game: GameId, level: BotLevel): Promise<number[]> {
  const times: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  for (let n = 0; performance.now() < deadline; n++) {
    const seed = `bench-bots/${n}`;
    await playGame({
      game: gameModule(game), seed, start: { players: 4, seed },
      agents: [0, 1, 2, 3].map(() => timed(createBot(game, level), times)),
    });
  }
  return times.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export async function benchBots(): Promise<void> {
  console.log(`\nBot decision times — 4-seat games, one core, ${SECONDS} s per bot (aim: expert < 50 ms median, < 250 ms p99)`);
  console.log('game               bot      decisions   median ms    p99 ms    max ms');
  for (const game of GAME_IDS) {
    for (const level of botLevels(game)) {
      const t = await decisionTimes(game, level);
      console.log(`${game.padEnd(18)} ${level.padEnd(8)} ${String(t.length).padStart(9)} ${at(t, 0.5).toFixed(4).padStart(11)} ${at(t, 0.99).toFixed(4).padStart(9)} ${t.at(-1)!.toFixed(2).padStart(9)}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBots();
