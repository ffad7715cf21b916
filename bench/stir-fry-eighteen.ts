/**
 * Stir Fry Eighteen engine speed: complete games of random legal play per second (2, 4 and 5
 * players) and `apply` calls per second, on one core. Run with `npm run bench`.
 */
import {
  type SfAction, type SfState, sfCloneState, createRng, sfApplyInPlace, sfLegalActions, sfToAct, stirFryEighteen as game,
} from '@parlor/rules';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

interface Figures { games: number; applies: number; seconds: number }

/** Plays random games for about SECONDS; `inPlace` uses the mutating path search would use. */
function measure(players: number, inPlace: boolean): Figures {
  const rng = createRng(`bench ${players}`);
  let games = 0, applies = 0;
  const start = performance.now();
  const deadline = start + SECONDS * 1000;
  while (performance.now() < deadline) {
    for (let batch = 0; batch < 20; batch++) {
      const setup = game.setup({ players, seed: `g${games}` });
      if (!setup.ok) throw new Error(setup.error.message);
      let s: SfState = inPlace ? sfCloneState(setup.value) : setup.value;
      while (s.phase !== 'over') {
        const toAct = sfToAct(s);
        const seat = toAct.length === 1 ? toAct[0]! : toAct[rng.int(toAct.length)]!;
        const legal: readonly SfAction[] = sfLegalActions(s, seat);
        const action = legal[rng.int(legal.length)]!;
        if (inPlace) sfApplyInPlace(s, seat, action);
        else {
          const r = game.apply(s, seat, action);
          if (!r.ok) throw new Error(r.error.message);
          s = r.state;
        }
        applies++;
      }
      games++;
    }
  }
  return { games, applies, seconds: (performance.now() - start) / 1000 };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function benchStirFryEighteen(): Promise<void> {
  console.log(`\nStir Fry Eighteen — random legal play, one core, ${SECONDS} s per figure`);
  console.log('players  games/s (apply)  games/s (in place)  apply/s (apply)  actions/game');
  let fourPlayer = 0;
  for (const players of [2, 4, 5]) {
    const pure = measure(players, false);
    const mut = measure(players, true);
    if (players === 4) fourPlayer = pure.games / pure.seconds;
    console.log(
      `${String(players).padStart(7)}  ${fmt(pure.games / pure.seconds).padStart(15)}  ${fmt(mut.games / mut.seconds).padStart(18)}` +
      `  ${fmt(pure.applies / pure.seconds).padStart(15)}  ${(pure.applies / pure.games).toFixed(0).padStart(12)}`);
  }
  const aim = 5000;
  console.log(fourPlayer >= aim
    ? `aim met: ${fmt(fourPlayer)} complete 4-player games/s through the pure apply (aim ${fmt(aim)})`
    : `below the aim of ${fmt(aim)} 4-player games/s: ${fmt(fourPlayer)}. Each apply copies the state and enumerates legal actions (cook subsets, discard-down multisets); random play also takes long games.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStirFryEighteen();
