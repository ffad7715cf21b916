import { readFile } from 'node:fs/promises';
import { type CoachExport, coachGame, coachProblemText, coachSentence, coachSummaryLine } from '@parlor/bots';
import { gameModule } from '@parlor/rules';

/**
 * `parlor coach <export.json> --seat <n>`: the post-game coach (docs/bots.md, "The coach") for one
 * seat of a finished game's export — every decision of that seat judged from what it could see,
 * one line each (flagged ones marked), closing with a one-line summary. Resolves to 0, or 1 when
 * the file cannot be read or replayed or the seat does not exist (a one-line reason on `fail`).
 */
export async function coachCommand(path: string, seatArg: string, print: (line: string) => void, fail: (line: string) => void): Promise<number> {
  const seat = Number(seatArg);
  if (!/^\d+$/.test(seatArg.trim()) || !Number.isInteger(seat)) {
    fail(`parlor coach: --seat must be a seat number (0 for the first seat), not "${seatArg}"`);
    return 2;
  }
  let file: unknown;
  try {
    file = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    fail(`parlor coach: cannot read ${path}: ${(e as Error).message}`);
    return 1;
  }
  const result = coachGame(file as CoachExport, seat);
  if (!result.ok) {
    fail(`parlor coach: ${coachProblemText(result.problem)}`);
    return 1;
  }
  const r = result.report;
  const names = (file as CoachExport).seats?.map((s, i) => s.name ?? `seat ${i}`) ?? [];
  // Where a decision was, in the game's unit of length, one of it ('rounds' → 'round').
  const unit = gameModule(r.game).length.unit.replace(/s$/, '');
  print(`Coach for ${r.name} (seat ${seat}), ${r.game}: ${r.decisions.length} decisions; flagged (!) when one cost more than ${r.threshold.toFixed(1)} points on average; ~ when winning and points disagreed.`);
  for (const d of r.decisions) {
    const mark = d.flagged ? '!' : d.winBest !== null && d.winBest === d.chosen && d.cost > 0 ? '~' : ' ';
    // A coach's values past the budget of its exact solve carry their level (`facts.level` above 0): approximate.
    const approx = typeof d.facts.level === 'number' && d.facts.level > 0 ? ` [approximate values, level ${d.facts.level}]` : '';
    print(`${mark} ${unit} ${String(d.round).padStart(2)} · action ${String(d.index).padStart(3)}: ${coachSentence(d, names, seat)}${approx}`);
  }
  print(coachSummaryLine(r));
  return 0;
}
