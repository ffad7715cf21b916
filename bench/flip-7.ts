/**
 * Flip 7 engine speed: complete 4-player games played through the game driver (`playGame`) by four
 * random blind agents, single-threaded, from the compiled engine: once in place (`inPlace: true`,
 * the game's fast path, as search and simulation use it) and once through the pure, checked apply
 * (as the server uses it). Then the per-game work it measured, counted from the events of games of
 * this bench. Run alone with `npm run build && npx tsx bench/flip-7.ts` (`BENCH_SECONDS`, default 2).
 *
 * Games are built from the bench's own generator with `f7StartFrom` (a shuffled 94-card deck, a
 * random first dealer): the same start `setup` makes, without hashing a seed text with SHA-256 for
 * each game. The driver still seeds its own generators per game (printed apart below).
 */
import { randomBot } from '@parlor/bots';
import {
  type Agent, createRng, type F7Event, f7FullDeck, f7StartFrom, type F7State, flip7 as game, nextU32, playGame,
  randomInt, type RngState, seedRng, shuffleInPlace,
} from '@parlor/rules';

const PLAYERS = 4;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const TARGET_GAMES_PER_SECOND = 50_000;
/** Games whose events are counted (pure apply), for the per-game figures. */
const COUNTED_GAMES = 2000;

/** A new 4-player game from the bench generator; its opening events go to `events` when given. */
function newGame(rng: RngState, events: F7Event[] | null = null): F7State {
  const gameRng: RngState = [nextU32(rng), nextU32(rng), nextU32(rng), nextU32(rng) | 1];
  const draw = f7FullDeck();
  shuffleInPlace(gameRng, draw);
  return f7StartFrom({ players: PLAYERS, target: 200, rng: gameRng, draw, discard: [], scores: new Array<number>(PLAYERS).fill(0), dealer: randomInt(rng, PLAYERS) }, events);
}

interface Tally { games: number; rounds: number; actions: number; ms: number }

const agents: Agent[] = Array.from({ length: PLAYERS }, () => randomBot());
let gameNo = 0;

/** Plays random games through the driver for about `ms` milliseconds. */
async function run(ms: number, inPlace: boolean, rng: RngState): Promise<Tally> {
  const t: Tally = { games: 0, rounds: 0, actions: 0, ms: 0 };
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let g = 0; g < 200; g++) {
      const played = await playGame({ game, start: { state: newGame(rng) }, agents, seed: `bench flip-7/${gameNo++}`, inPlace });
      if (played.outcome === null) throw new Error('a bench game did not finish');
      t.games++;
      t.rounds += played.state.round;
      t.actions += played.actions;
    }
    now = performance.now();
  }
  t.ms = now - start;
  return t;
}

/** What the games of this bench consist of, counted from their events (all Flip 7 events are public, F7-16). */
interface Counts {
  games: number; decisions: number; legal: number; roundEnds: number; deals: number; flips: number;
  reshuffles: number; reshuffled: number; events: number; stateArrays: number;
}

async function count(games: number, rng: RngState): Promise<Counts> {
  const c: Counts = { games, decisions: 0, legal: 0, roundEnds: 0, deals: 0, flips: 0, reshuffles: 0, reshuffled: 0, events: 0, stateArrays: 0 };
  const tally = (events: readonly F7Event[]) => {
    for (const e of events) {
      if (e.type === 'round-end') c.roundEnds++;
      else if (e.type === 'deal') c.deals++;
      else if (e.type === 'flip') c.flips++;
      else if (e.type === 'reshuffle') { c.reshuffles++; c.reshuffled += e.cards; }
    }
  };
  const counting = Array.from({ length: PLAYERS }, (): Agent => ({
    blind: true,
    decide: (_view, legal, r) => { c.decisions++; c.legal += legal.length; return r.pick(legal); },
  }));
  for (let g = 0; g < games; g++) {
    const opening: F7Event[] = [];
    const state = newGame(rng, opening);
    if (g === 0) c.stateArrays = arraysIn(state);
    tally(opening);
    await playGame({
      game, start: { state, events: opening }, agents: counting, seed: `bench flip-7 counted/${g}`,
      onAction: (played) => { c.events += played.events.length; tally(played.events); },
    });
  }
  return c;
}

/** Arrays in a value, nested ones included: what a copy of the state allocates. */
function arraysIn(x: unknown): number {
  if (Array.isArray(x)) return 1 + x.reduce((n: number, y) => n + arraysIn(y), 0);
  if (x !== null && typeof x === 'object') return Object.values(x).reduce((n: number, y) => n + arraysIn(y), 0);
  return 0;
}

/** Microseconds the driver spends seeding one game's generators (one SHA-256 per seat, one for the order). */
function seedingMicros(): number {
  const n = 20_000;
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sink += createRng(`bench flip-7/${i}/bot${i % PLAYERS}`).int(2);
  const per = ((performance.now() - t0) * 1000) / n;
  if (sink < 0) throw new Error('unreachable');
  return per * (PLAYERS + 1);
}

const int = (x: number) => Math.round(x).toLocaleString('en-US');

function report(label: string, t: Tally): number {
  const per = (x: number) => int((x * 1000) / t.ms);
  console.log(`flip-7 ${label}: ${per(t.games)} games/s, ${per(t.rounds)} rounds/s, ${per(t.actions)} actions/s ` +
    `(${(t.actions / t.games).toFixed(1)} actions and ${(t.rounds / t.games).toFixed(1)} rounds per game)`);
  return (t.games * 1000) / t.ms;
}

export async function benchFlip7(): Promise<void> {
  const rng = seedRng('bench flip-7');
  const ms = SECONDS * 1000;
  await run(300, true, rng); // warm-up
  const inPlace = report('in place (playGame, inPlace: true)', await run(ms, true, rng));
  await run(200, false, rng);
  const pure = report('pure (playGame, checked apply)', await run(ms, false, rng));
  const c = await count(COUNTED_GAMES, rng);
  const g = (x: number) => (x / c.games).toFixed(1);
  const cards = c.deals + c.flips;
  console.log(`flip-7 per game (counted from the events of ${int(c.games)} more games): ${g(c.decisions)} decisions ` +
    `(${(c.legal / c.decisions).toFixed(2)} legal actions each), ${g(c.roundEnds)} rounds, ${g(cards)} cards drawn ` +
    `(${(cards / c.roundEnds).toFixed(1)} per round: ${g(c.deals)} dealt, ${g(c.flips)} flipped), ` +
    `${g(c.reshuffles)} reshuffles of ${c.reshuffles === 0 ? '-' : (c.reshuffled / c.reshuffles).toFixed(1)} cards each; ` +
    `${(c.events / c.decisions).toFixed(1)} events per action`);
  const seeding = seedingMicros();
  const inPlaceMicros = 1e6 / inPlace;
  console.log(`flip-7: the driver seeds ${PLAYERS + 1} generators per game (SHA-256 each): ${seeding.toFixed(1)} µs per game, ` +
    `measured apart, of the ${inPlaceMicros.toFixed(1)} µs a game takes in place`);
  if (inPlace < TARGET_GAMES_PER_SECOND) {
    console.log(`flip-7: in place is below ${int(TARGET_GAMES_PER_SECOND)} games/s: the cost is the per-game work counted above, ` +
      'in JavaScript arrays, plus the driver\'s seeding; it is also sensitive to other processes sharing the core (measure on an idle machine).');
  }
  if (pure < TARGET_GAMES_PER_SECOND) {
    console.log(`flip-7: the pure apply checks the action, copies the whole state (${c.stateArrays} arrays for ${PLAYERS} players) ` +
      'and builds an event list on every call; search should copy once and play in place.');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFlip7();
