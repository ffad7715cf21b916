/**
 * Stir Fry Eighteen engine speed: complete games of random legal play per second (2, 4 and 5
 * players) and actions per second, on one core, played through the game driver (`playGame`) by
 * random blind agents: through the pure, checked apply (as the server plays) and in place
 * (`inPlace: true`, the game's fast path, as search and simulation play). Each game starts as the
 * server starts one (`start` from a seed text). Then the per-game work, counted from the events of
 * 4-player games of this bench. Run with `npm run bench` (`BENCH_SECONDS`, default 2).
 */
import { randomBot } from '@parlor/bots';
import { type Agent, playGame, type SfEvent, stirFryEighteen as game } from '@parlor/rules';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
/** 4-player games whose events are counted (pure apply), for the per-game figures. */
const COUNTED_GAMES = 200;

interface Figures { games: number; actions: number; turns: number; seconds: number }

/**
 * Plays random games for about `seconds`; `inPlace` uses the fast path. Game n has the same seed in
 * both paths, so both play the same games.
 */
async function measure(players: number, inPlace: boolean, seconds = SECONDS): Promise<Figures> {
  const agents: Agent[] = Array.from({ length: players }, () => randomBot());
  let games = 0, actions = 0, turns = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    for (let batch = 0; batch < 20; batch++) {
      const seed = `bench stir-fry-eighteen ${players}p/${games}`;
      const played = await playGame({ game, start: { players, seed }, agents, seed, inPlace });
      if (played.outcome === null) throw new Error(`a bench game did not finish (${seed})`);
      actions += played.actions;
      turns += game.length.of(played.state);
      games++;
    }
  }
  return { games, actions, turns, seconds: (performance.now() - start) / 1000 };
}

/** What 4-player random games consist of, counted from their events (every audience) and decisions. */
interface Counts {
  games: number; decisions: number; legal: number; events: number; turns: number; shuffles: number;
  declarations: number; tasteTests: number; cooks: number; discardDowns: number;
}

async function count(players: number, games: number): Promise<Counts> {
  const c: Counts = { games, decisions: 0, legal: 0, events: 0, turns: 0, shuffles: 0, declarations: 0, tasteTests: 0, cooks: 0, discardDowns: 0 };
  const tally = (events: readonly SfEvent[]) => {
    for (const e of events) {
      if (e.type === 'turn-start') c.turns++;
      else if (e.type === 'shuffle') c.shuffles++;
      else if (e.type === 'declare') c.declarations++;
      else if (e.type === 'taste-test') c.tasteTests++;
      else if (e.type === 'cook') c.cooks++;
      else if (e.type === 'discard-down') c.discardDowns++;
    }
  };
  const agents = Array.from({ length: players }, (): Agent => ({
    blind: true,
    decide: (_view, legal, rng) => { c.decisions++; c.legal += legal.length; return rng.pick(legal); },
  }));
  for (let g = 0; g < games; g++) {
    const seed = `bench stir-fry-eighteen counted/${g}`;
    const started = game.start({ players, seed });
    if (!started.ok) throw new Error(started.error.message);
    tally(started.value.events);
    await playGame({
      game, start: started.value, agents, seed,
      onAction: (played) => { c.events += played.events.length; tally(played.events); },
    });
  }
  return c;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function benchStirFryEighteen(): Promise<void> {
  console.log(`\nStir Fry Eighteen — random legal play through playGame, one core, ${SECONDS} s per figure`);
  await measure(4, false, 0.3); // warm-up
  await measure(4, true, 0.3);
  console.log('players  games/s (apply)  games/s (in place)  actions/s (apply)  actions/game  turns/game');
  let fourPlayer = 0;
  for (const players of [2, 4, 5]) {
    const pure = await measure(players, false);
    const mut = await measure(players, true);
    if (players === 4) fourPlayer = pure.games / pure.seconds;
    console.log(
      `${String(players).padStart(7)}  ${fmt(pure.games / pure.seconds).padStart(15)}  ${fmt(mut.games / mut.seconds).padStart(18)}` +
      `  ${fmt(pure.actions / pure.seconds).padStart(17)}  ${(pure.actions / pure.games).toFixed(0).padStart(12)}  ${(pure.turns / pure.games).toFixed(0).padStart(10)}`);
  }
  const c = await count(4, COUNTED_GAMES);
  const g = (x: number) => (x / c.games).toFixed(1);
  console.log(`4 players, per game (counted from the events of ${c.games} more games): ${g(c.decisions)} decisions ` +
    `(${(c.legal / c.decisions).toFixed(1)} legal actions each), ${g(c.turns)} turns, ${g(c.declarations)} discards declared, ` +
    `${g(c.tasteTests)} taste tests, ${g(c.cooks)} dishes cooked, ${g(c.discardDowns)} discard-downs, ${g(c.shuffles)} shuffles; ` +
    `${(c.events / c.decisions).toFixed(1)} events per action`);
  const aim = 5000;
  console.log(fourPlayer >= aim
    ? `aim met: ${fmt(fourPlayer)} complete 4-player games/s through the pure apply (aim ${fmt(aim)})`
    : `below the aim of ${fmt(aim)} 4-player games/s: ${fmt(fourPlayer)}. Every decision enumerates the seat's legal actions ` +
      '(cook subsets, discard-down multisets; counted above) and every pure apply parses and checks the action, copies the state ' +
      'and builds its events; random play also makes long games (turns per game above).');
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStirFryEighteen();
