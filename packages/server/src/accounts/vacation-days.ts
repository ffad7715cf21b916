import { VACATION_DAYS_PER_YEAR, VACATION_START_WITHIN_DAYS, type VacationState } from '@parlor/protocol';
import type { VacationRow } from '../store/vacations.js';

const DAY = 86_400_000;

const yearOf = (ms: number): number => new Date(ms).getUTCFullYear();

/** The days a vacation takes, each in the calendar year (UTC) it begins in: every day begun counts whole. */
function daysByYear(v: VacationRow): Map<number, number> {
  const out = new Map<number, number>();
  const days = Math.ceil((v.to - v.from) / DAY);
  for (let k = 0; k < days; k++) {
    const y = yearOf(v.from + k * DAY);
    out.set(y, (out.get(y) ?? 0) + 1);
  }
  return out;
}

/** Days of `year`'s allowance taken by `periods` (ended ones by the days they had begun, a running or planned one whole). */
export function usedDays(periods: readonly VacationRow[], year: number): number {
  return periods.reduce((n, p) => n + (daysByYear(p).get(year) ?? 0), 0);
}

/** What is wrong with a new vacation `v` beside `periods` at `now` (a sentence), or null: it fits every year it touches. */
export function allowanceProblem(periods: readonly VacationRow[], v: VacationRow): string | null {
  for (const [year, days] of daysByYear(v)) {
    const left = Math.max(0, VACATION_DAYS_PER_YEAR - usedDays(periods, year));
    if (days > left) {
      return `A vacation has ${VACATION_DAYS_PER_YEAR} days a year; ${left} of ${year}'s are left, and this one takes ${days} of them (every day begun counts).`;
    }
  }
  return null;
}

/** The period not over at `now` (running or planned), if any. */
export const notOver = (periods: readonly VacationRow[], now: number): VacationRow | null => periods.find((p) => p.to > now) ?? null;

/** The account's vacation as the API shows it at `now`. */
export function vacationState(periods: readonly VacationRow[], now: number): VacationState {
  const year = yearOf(now);
  const used = usedDays(periods, year);
  const v = notOver(periods, now);
  return {
    year, allowanceDays: VACATION_DAYS_PER_YEAR, usedDays: used, daysLeft: Math.max(0, VACATION_DAYS_PER_YEAR - used),
    startWithinDays: VACATION_START_WITHIN_DAYS, vacation: v === null ? null : { from: v.from, to: v.to, running: v.from <= now },
  };
}
