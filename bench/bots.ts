/**
 * Bot decision times: for each game and bot level, the median and 99th-percentile time of
 * `decide` over the decisions of real games (four seats of that level), on one core.
 */
import { type BotLevel, GAMES, GAME_IDS, botLevels, createBot } from '@parlor/bots';
import { type GameId, createRng, eventsFor } from '@parlor/rules';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

async function decisionTimes(game: GameId, level: BotLevel): Promise<number[]> {
  const g = GAMES[game];
  const times: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  for (let n = 0; performance.now() < deadline; n++) {
    const setup = g.start({ players: 4, seed: `bench-bots/${n}` });
    if (!setup.ok) throw new Error(setup.error.message);
    let state = setup.value.state;
    const bots = [0, 1, 2, 3].map(() => createBot(game, level));
    bots.forEach((b, i) => b.observe?.(eventsFor(setup.value.events, i)));
    const rng = createRng(`bench-bots/${n}`);
    while (g.outcome(state) === null) {
      const toAct = g.toAct(state);
      const seat = rng.pick(toAct);
      const view = g.view(state, seat);
      const legal = g.legalActions(state, seat);
      const t0 = performance.now();
      let action = bots[seat]!.decide(view, legal, rng);
      if (action instanceof Promise) action = await action;
      times.push(performance.now() - t0);
      const r = g.apply(state, seat, action);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
      bots.forEach((b, i) => b.observe?.(eventsFor(r.events, i)));
    }
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
