/**
 * Flip 7 engine speed: complete 4-player games with a uniformly random legal action at every
 * decision, single-threaded, from the compiled engine. Run alone with `npm run build && npx tsx bench/flip-7.ts`.
 */
import {
  f7Apply, f7ApplyInPlace, f7FullDeck, f7LegalActionAt, f7LegalActionCount, f7StartFrom, f7ToAct,
  nextU32, randomInt, seedRng, shuffleInPlace, type F7State, type RngState,
} from '@parlor/rules';

const PLAYERS = 4;
const TARGET_GAMES_PER_SECOND = 50_000;

/** A new 4-player game from the bench generator (no SHA-256 seeding per game). */
function newGame(rng: RngState): F7State {
  const gameRng: RngState = [nextU32(rng), nextU32(rng), nextU32(rng), nextU32(rng) | 1];
  const draw = f7FullDeck();
  shuffleInPlace(gameRng, draw);
  return f7StartFrom({ players: PLAYERS, target: 200, rng: gameRng, draw, discard: [], scores: [0, 0, 0, 0], dealer: randomInt(rng, PLAYERS) });
}

interface Tally { games: number; rounds: number; applies: number; ms: number }

/** Plays random games for about `ms` milliseconds. */
function run(ms: number, inPlace: boolean, rng: RngState): Tally {
  const t = { games: 0, rounds: 0, applies: 0, ms: 0 };
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let g = 0; g < 200; g++) {
      let s = newGame(rng);
      while (s.phase !== 'over') {
        const seat = s.asker;
        const action = f7LegalActionAt(s, randomInt(rng, f7LegalActionCount(s)));
        if (inPlace) f7ApplyInPlace(s, seat, action);
        else {
          const r = f7Apply(s, seat, action);
          if (!r.ok) throw new Error(r.error.message);
          s = r.state;
        }
        t.applies++;
      }
      t.games++;
      t.rounds += s.round;
    }
    now = performance.now();
  }
  t.ms = now - start;
  return t;
}

function report(label: string, t: Tally): number {
  const per = (x: number) => Math.round((x * 1000) / t.ms).toLocaleString('en-US');
  const gps = (t.games * 1000) / t.ms;
  console.log(`flip-7 ${label}: ${per(t.games)} games/s, ${per(t.rounds)} rounds/s, ${per(t.applies)} apply/s ` +
    `(${(t.applies / t.games).toFixed(1)} decisions and ${(t.rounds / t.games).toFixed(1)} rounds per game)`);
  return gps;
}

export async function benchFlip7(): Promise<void> {
  const rng = seedRng('bench flip-7');
  // Sanity: the bench's decisions are the engine's legal actions.
  const probe = newGame(rng);
  if (f7ToAct(probe)[0] !== probe.asker) throw new Error('bench out of step with the engine');
  run(300, true, rng); // warm-up
  const inPlace = report('in place (f7ApplyInPlace)', run(2000, true, rng));
  run(200, false, rng);
  const pure = report('pure (f7Apply)', run(2000, false, rng));
  if (inPlace < TARGET_GAMES_PER_SECOND) {
    console.log(`flip-7: in place is below ${TARGET_GAMES_PER_SECOND.toLocaleString('en-US')} games/s: the cost is the plain per-decision work ` +
      '(~104 decisions, ~130 flips, ~14 round ends each moving ~20 cards to the discard pile, ~2 Fisher-Yates reshuffles per game) ' +
      'in JavaScript arrays; it is also sensitive to other processes sharing the core (measure on an idle machine).');
  }
  if (pure < TARGET_GAMES_PER_SECOND) {
    console.log('flip-7: the pure apply copies the whole state (14 arrays) and builds an event list on every call; ' +
      'search should copy once and use f7ApplyInPlace.');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFlip7();
