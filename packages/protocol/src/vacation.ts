import { z } from 'zod';
import { VACATION_DAYS_PER_YEAR, VACATION_START_WITHIN_DAYS } from './limits.js';

/**
 * An account's days off over HTTP (docs/api.md, "Vacation"): at turn-based tables that allow it, a
 * player on vacation has their clock stopped. A yearly allowance of days (calendar years in UTC),
 * counted by the days begun.
 */

/** `PUT /api/accounts/vacation`: so many days from now, or from `start` (ms since the epoch, within the next weeks). */
export const vacationRequest = z.strictObject({
  days: z.number().int().min(1).max(VACATION_DAYS_PER_YEAR),
  start: z.number().int().nonnegative().optional(),
});
export type VacationRequest = z.infer<typeof vacationRequest>;

/** One vacation: from and until (ms since the epoch). */
export interface VacationSpan {
  readonly from: number;
  readonly to: number;
}

/** `GET`, `PUT` and `DELETE /api/accounts/vacation`: the account's allowance and its vacation not yet over. */
export interface VacationState {
  /** The calendar year (UTC) the counts are of: this one. */
  readonly year: number;
  /** Days off a year (VACATION_DAYS_PER_YEAR). */
  readonly allowanceDays: number;
  /** Days of this year's allowance taken (days begun of past vacations, all days of one running or planned). */
  readonly usedDays: number;
  readonly daysLeft: number;
  /** How far ahead a vacation may start (VACATION_START_WITHIN_DAYS). */
  readonly startWithinDays: number;
  /** The vacation running now or planned (at most one), with whether it has begun; null: none. */
  readonly vacation: (VacationSpan & { readonly running: boolean }) | null;
}

