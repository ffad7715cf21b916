/**
 * What the bots' measurement scripts (f7-sim.ts, sf-sim.ts) share: their command line, the win rates
 * of a line-up (with 95% CIs) and the expert's decision times. Seeds come from the game's short name
 * and the line-up's label, so that a run is repeated exactly (the figures in docs/bots-*.md).
 */
import { type Agent, type GameId, gameModule, playGame } from '@parlor/rules';
import { type Bot, simulate } from '../src/index.js';

export interface Measured {
  readonly game: GameId;
  /** In the seeds: "f7", "sf". */
  readonly short: string;
  readonly expert: () => Bot;
  readonly basic: () => Bot;
  /** Games of the timing run have 2 to this many players. */
  readonly maxPlayers: number;
  readonly maxActions: number;
}

/** The command line: `[games] [which] [options-json]`. */
export function commandLine(): { games: number; which: string; options: unknown } {
  return {
    games: Number(process.argv[2] ?? 5000),
    which: process.argv[3] ?? 'all',
    options: process.argv[4] ? JSON.parse(process.argv[4]) as unknown : undefined,
  };
}

export async function winRates(m: Measured, bots: ('expert' | 'basic')[], label: string, n: number, options: unknown): Promise<void> {
  const r = await simulate({ game: m.game, bots, games: n, seed: `${m.short}-sim ${label}`, options });
  console.log(`${label}: ${n} games, ${r.seconds.toFixed(1)} s, mean length ${r.meanLength.toFixed(1)} ${r.lengthUnit}, unfinished ${r.unfinished}`);
  for (const b of r.bots) {
    console.log(`  ${b.bot.padEnd(7)} seats ${b.seats}  win rate ${(100 * b.winRate).toFixed(1)}%  95% CI [${(100 * b.ci95[0]).toFixed(1)}, ${(100 * b.ci95[1]).toFixed(1)}]  mean score ${b.meanScore.toFixed(1)}`);
  }
}

/**
 * The bot, as a driver agent that times its decisions into `times` (decision time only: the
 * driver's own work, building the view and applying the action, is not counted).
 */
function timed(bot: Bot, times: number[]): Agent {
  return {
    observe: bot.observe === undefined ? undefined : (events) => bot.observe!(events),
    decide: (view, legal, rng) => {
      const t0 = performance.now();
      const a = bot.decide(view, legal, rng);
      times.push(performance.now() - t0);
      return a;
    },
  };
}

/** Times every expert decision over `n` games (2 to `maxPlayers` players, one expert, the rest basics). */
export async function timing(m: Measured, n: number, options: unknown): Promise<void> {
  const times: number[] = [];
  for (let g = 0; g < n; g++) {
    const players = 2 + (g % (m.maxPlayers - 1));
    const agents = Array.from({ length: players }, (_, i) => (i === g % players ? timed(m.expert(), times) : m.basic()));
    await playGame({ game: gameModule(m.game), start: { players, seed: `${m.short}-time ${g}`, options }, agents, seed: `t${g}`, maxActions: m.maxActions });
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(`expert decisions: ${times.length}; median ${q(0.5).toFixed(3)} ms, p90 ${q(0.9).toFixed(3)} ms, p99 ${q(0.99).toFixed(3)} ms, max ${q(1).toFixed(2)} ms`);
}
