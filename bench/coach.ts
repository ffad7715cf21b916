/**
 * The coach on the expert bot's own games (issue 14, item 4): how often it flags a decision of a
 * player that plays exactly like the expert, and how long a whole game's report takes. Three
 * experts per game, the coached seat rotating, fixed seeds; BENCH_COACH_GAMES games per game
 * (default 6), one core.
 */
import { coachGame, createBot, recordGame } from '@parlor/bots';

const GAMES = Number(process.env.BENCH_COACH_GAMES ?? 6);

export async function benchCoach(): Promise<void> {
  console.log(`\nCoach on the expert's own games — 3 experts, ${GAMES} games per game, one seat coached per game, one core`);
  for (const game of ['flip-7', 'stir-fry-eighteen'] as const) {
    let decisions = 0, flagged = 0, conflicts = 0, lost = 0;
    const times: number[] = [];
    for (let g = 0; g < GAMES; g++) {
      const exp = await recordGame(game, `bench-coach/${g}`, [0, 1, 2].map(() => createBot(game, 'expert')));
      const t0 = performance.now();
      const r = coachGame(exp, g % 3);
      times.push(performance.now() - t0);
      if (!r.ok) throw new Error(`coach refused bench-coach/${g}: ${r.problem.code}`);
      decisions += r.report.summary.decisions;
      flagged += r.report.summary.flagged;
      conflicts += r.report.summary.conflicts;
      lost += r.report.summary.pointsLost;
    }
    times.sort((a, b) => a - b);
    const rate = decisions === 0 ? 0 : (100 * flagged) / decisions;
    console.log(`  ${game.padEnd(18)} decisions ${String(decisions).padStart(5)}  flagged ${String(flagged).padStart(3)} (${rate.toFixed(1)}%)` +
      `  win-vs-points ${conflicts}  points given away ${(lost / GAMES).toFixed(2)} per game` +
      `  report per game: median ${(times[Math.floor(times.length / 2)]! / 1000).toFixed(2)} s, max ${(times.at(-1)! / 1000).toFixed(2)} s`);
  }
}
