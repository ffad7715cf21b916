/**
 * The post-game coach (issue 14): a pure function over a finished game's export and one seat.
 * Each decision of that seat is judged from what it could see then (fold.ts hands over only its
 * view, legal actions and events), and reported as structured findings (types.ts) that the web
 * client and the `parlor coach` command word (words.ts for English).
 */
import type { GameId } from '@parlor/rules';
import { type CoachJudge, coachOf } from './coaches.js';
import { type CoachExport, checkExport, walkForSeat } from './fold.js';
import type { CoachDecision, CoachReport, CoachResult, CoachSummary } from './types.js';

export * from './types.js';
export { coachOf, type CoachJudge, type GameCoach } from './coaches.js';
export { walkForSeat, checkExport, type CoachExport, type SeatMoment, type SeatWalk } from './fold.js';
export { recordGame, type RecordedExport } from './record.js';
export { coachMessage, coachSentence, coachSummaryLine, coachProblemText, fillTemplate, COACH_ENGLISH, COACH_ENGLISH_THINGS, COACH_PERCENT_VALUES, COACH_SEAT_VALUES, COACH_THING_VALUES, type CoachMessage } from './words.js';

export interface CoachOptions {
  /** Flag decisions costing more than this many expected points (default: the game's coach's own). */
  readonly threshold?: number;
  /**
   * For tests: views are taken from this state instead (e.g. the game's `resample` for the seat:
   * everything hidden from it drawn afresh) — the advice must not change.
   */
  readonly redraw?: (state: unknown, seat: number) => unknown;
}

/** Sums a list of judged decisions. */
export function summarise(decisions: readonly CoachDecision[]): CoachSummary {
  let pointsLost = 0, flaggedLost = 0, flagged = 0, conflicts = 0;
  for (const d of decisions) {
    if (d.winBest !== null) conflicts++;
    else pointsLost += d.cost;
    if (d.flagged) { flagged++; flaggedLost += d.cost; }
  }
  return { decisions: decisions.length, flagged, pointsLost, flaggedLost, conflicts };
}

/** The coach's report on `seat` of the finished game `exp` (an export as `parlor verify` reads it). */
export function coachGame(exp: CoachExport, seat: number, options: CoachOptions = {}): CoachResult {
  const bad = checkExport(exp, seat);
  if (bad !== null) return { ok: false, problem: bad };
  // A game without a coach is one the coach does not know.
  const judge = coachOf(exp.game as GameId);
  if (judge === null) return { ok: false, problem: { code: 'game', game: exp.game } };
  const walked = walkForSeat(exp, seat, options.redraw);
  if (!walked.ok) return { ok: false, problem: walked.problem };
  const { walk } = walked;
  const judged = judge(walk as Parameters<CoachJudge>[0], seat, options.threshold);
  const report: CoachReport = {
    game: walk.game,
    seat,
    name: exp.seats?.[seat]?.name ?? `seat ${seat}`,
    threshold: judged.threshold,
    decisions: judged.decisions,
    summary: summarise(judged.decisions),
  };
  return { ok: true, report };
}
