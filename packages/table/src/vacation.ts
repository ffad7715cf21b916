/**
 * Days off (docs/protocol.md, "Turn-based tables"): at a turn-based table created with
 * `vacation: true`, a seat whose player has declared a vacation has its move clock stopped while it
 * lasts — neither the move's own time nor the bank runs — so no stand-in plays for it then.
 *
 * The periods reach the table as part of what it knows of a person (state.ts's `Person.vacations`), given by
 * the shell from its store. That keeps a table rebuilt from the store exact: a period can only be
 * declared from now on, and ending one early cuts it at that moment, so the part of every period
 * before any given moment never changes afterwards. The banks a live table worked out at each move
 * (from the periods as they were then) are therefore the ones a later restore works out from the
 * log and the periods as stored, and the due times follow from the same numbers.
 */
import type { Seat } from '@parlor/rules';
import type { TableRow } from './rows.js';

/** One vacation: from `from` until `to` (ms since the epoch, `to` excluded). */
export interface VacationPeriod {
  readonly from: number;
  readonly to: number;
}

const NONE: readonly VacationPeriod[] = [];

/** Whether the table lets its players' days off stop their clocks. */
export const allowsVacation = (row: TableRow): boolean => row.turnBased?.vacation === true;

/** The days off that count for `seat` at this table: its player's, where the table allows them; none otherwise. */
export function seatVacations(row: TableRow, people: Readonly<Record<string, { readonly vacations?: readonly VacationPeriod[] }>>, seat: Seat): readonly VacationPeriod[] {
  if (!allowsVacation(row)) return NONE;
  const s = row.seats[seat];
  return s?.kind === 'player' ? people[s.playerId]?.vacations ?? NONE : NONE;
}

/** The periods in order, overlapping ones joined, empty ones dropped. */
function merged(periods: readonly VacationPeriod[]): VacationPeriod[] {
  const out: { from: number; to: number }[] = [];
  for (const p of [...periods].filter((x) => x.to > x.from).sort((a, b) => a.from - b.from)) {
    const last = out.at(-1);
    if (last !== undefined && p.from <= last.to) last.to = Math.max(last.to, p.to);
    else out.push({ from: p.from, to: p.to });
  }
  return out;
}

/** How much of [from, to) falls in the periods (ms): the time a clock stood still between them. */
export function pausedBetween(periods: readonly VacationPeriod[], from: number, to: number): number {
  let paused = 0;
  for (const p of merged(periods)) paused += Math.max(0, Math.min(to, p.to) - Math.max(from, p.from));
  return paused;
}

/** The moment a clock started at `from` has run for `ms`, standing still during the periods. */
export function clockEnd(periods: readonly VacationPeriod[], from: number, ms: number): number {
  let t = from;
  let left = ms;
  for (const p of merged(periods)) {
    if (p.to <= t) continue;
    if (p.from > t) {
      if (p.from - t >= left) return t + left;
      left -= p.from - t;
    }
    t = p.to;
  }
  return t + left;
}

/** The period running at `at`, if any. */
export function vacationAt(periods: readonly VacationPeriod[], at: number): VacationPeriod | null {
  return merged(periods).find((p) => p.from <= at && at < p.to) ?? null;
}
