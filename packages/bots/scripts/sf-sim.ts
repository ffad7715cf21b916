/**
 * Measures the Stir Fry Eighteen bots: win rates (with 95% CIs) and the expert's decision time.
 *   npx tsx --conditions=@parlor/source packages/bots/scripts/sf-sim.ts [games] [which]
 * which: "4p" (expert vs 3 basics), "2p" (expert vs basic), "time" (decision times), or "all" (default).
 */
import { type Agent, playGame, stirFryEighteen as game } from '@parlor/rules';
import { simulate, sfBasicBot, sfExpertBot, type Bot } from '../src/index.js';

const games = Number(process.argv[2] ?? 5000);
const which = process.argv[3] ?? 'all';
const options = process.argv[4] ? JSON.parse(process.argv[4]) as unknown : undefined;

async function winRates(bots: ('expert' | 'basic')[], label: string) {
  const r = await simulate({ game: 'stir-fry-eighteen', bots, games, seed: `sf-sim ${label}`, options });
  console.log(`${label}: ${games} games, ${r.seconds.toFixed(1)} s, mean length ${r.meanLength.toFixed(1)} ${r.lengthUnit}, unfinished ${r.unfinished}`);
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

/** Times every expert decision over `n` games (2–5 players, expert in every seat vs basics). */
async function timing(n: number) {
  const times: number[] = [];
  for (let g = 0; g < n; g++) {
    const players = 2 + (g % 4);
    const agents = Array.from({ length: players }, (_, i) => (i === g % players ? timed(sfExpertBot(), times) : sfBasicBot()));
    await playGame({ game, start: { players, seed: `sf-time ${g}`, options }, agents, seed: `t${g}`, maxActions: 5000 });
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(`expert decisions: ${times.length}; median ${q(0.5).toFixed(3)} ms, p90 ${q(0.9).toFixed(3)} ms, p99 ${q(0.99).toFixed(3)} ms, max ${q(1).toFixed(2)} ms`);
}

if (which === '4p' || which === 'all') await winRates(['expert', 'basic', 'basic', 'basic'], 'expert vs 3 basics (4 players)');
if (which === '2p' || which === 'all') await winRates(['expert', 'basic'], 'expert vs basic (heads-up)');
if (which === 'time' || which === 'all') await timing(Math.max(20, Math.floor(games / 25)));
