/**
 * Measures the Flip 7 bots: win rates (with 95% CIs) and the expert's decision time.
 *   npx tsx --conditions=@parlor/source packages/bots/scripts/f7-sim.ts [games] [which] [options-json]
 * which: "2p" (expert vs basic), "4p" (expert vs 3 basics), "time" (decision times), or "all" (default).
 */
import { createRng, flip7 as game } from '@parlor/rules';
import { simulate, f7BasicBot, f7ExpertBot, type Bot } from '../src/index.js';

const games = Number(process.argv[2] ?? 5000);
const which = process.argv[3] ?? 'all';
const options = process.argv[4] ? JSON.parse(process.argv[4]) as unknown : undefined;

async function winRates(bots: ('expert' | 'basic')[], label: string, n: number) {
  const r = await simulate({ game: 'flip-7', bots, games: n, seed: `f7-sim ${label}`, options });
  console.log(`${label}: ${n} games, ${r.seconds.toFixed(1)} s, mean length ${r.meanLength.toFixed(1)} ${r.lengthUnit}, unfinished ${r.unfinished}`);
  for (const b of r.bots) {
    console.log(`  ${b.bot.padEnd(7)} seats ${b.seats}  win rate ${(100 * b.winRate).toFixed(1)}%  95% CI [${(100 * b.ci95[0]).toFixed(1)}, ${(100 * b.ci95[1]).toFixed(1)}]  mean score ${b.meanScore.toFixed(1)}`);
  }
}

/** Times every expert decision over `n` games (2–12 players, one expert, the rest basics). */
function timing(n: number) {
  const times: number[] = [];
  for (let g = 0; g < n; g++) {
    const players = 2 + (g % 11);
    const setup = game.setup({ players, seed: `f7-time ${g}`, options });
    if (!setup.ok) throw new Error(setup.error.message);
    const bots: Bot[] = Array.from({ length: players }, (_, i) => (i === g % players ? f7ExpertBot() : f7BasicBot()) as Bot);
    const rng = createRng(`t${g}`);
    let s = setup.value;
    for (let k = 0; k < 20000 && game.outcome(s) === null; k++) {
      const seat = game.toAct(s)[0]!;
      const legal = game.legalActions(s, seat);
      const view = game.view(s, seat);
      const t0 = performance.now();
      const a = bots[seat]!.decide(view, legal, rng);
      const dt = performance.now() - t0;
      if (bots[seat]!.level === 'expert') times.push(dt);
      const r = game.apply(s, seat, a);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(`expert decisions: ${times.length}; median ${q(0.5).toFixed(3)} ms, p90 ${q(0.9).toFixed(3)} ms, p99 ${q(0.99).toFixed(3)} ms, max ${q(1).toFixed(2)} ms`);
}

if (which === 'all' || which === '2p') await winRates(['expert', 'basic'], 'heads-up expert vs basic', games);
if (which === 'all' || which === '4p') await winRates(['expert', 'basic', 'basic', 'basic'], '4 players expert vs 3 basics', which === 'all' ? Math.round(games / 2) : games);
if (which === 'all' || which === 'time') timing(Math.max(50, Math.round(games / 50)));
