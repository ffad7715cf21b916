/**
 * Tournaments an operator schedules (PARLOR_TOURNAMENTS, docs/operations.md): each schedule is a
 * tournament request without its start, and when it recurs — every hour at a minute, every day at
 * a time, or every week on a day at a time, in UTC. The server keeps the next `AHEAD` of each one
 * made, under ids the schedule and the start fix, so that every process of a cluster makes the same
 * ones and the store keeps one of each.
 */
import { createHash } from 'node:crypto';
import { tournamentRequest, type TournamentRequest } from '@parlor/protocol';
import { z } from 'zod';
import { tournamentSettings } from './request.js';

/** How many coming occurrences of each schedule are made ahead. */
export const AHEAD = 2;

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export const tournamentSchedule = tournamentRequest.omit({ startsAt: true, private: true }).extend({
  /** "hour" (at "MM"), "day" (at "HH:MM") or "week" (at "Mon HH:MM"), UTC. */
  every: z.enum(['hour', 'day', 'week']),
  at: z.string().max(20),
});
export type TournamentSchedule = z.infer<typeof tournamentSchedule>;

export interface Schedule {
  readonly key: string;
  readonly request: Omit<TournamentRequest, 'startsAt'>;
  /** The first start at or after `t` (ms). */
  next(t: number): number;
}

function recurrence(s: TournamentSchedule): ((t: number) => number) | string {
  const hm = /^([01]\d|2[0-3]):([0-5]\d)$/;
  if (s.every === 'hour') {
    const m = /^([0-5]\d)$/.exec(s.at);
    if (m === null) return `"at" of an hourly tournament is the minute, "00" to "59", not "${s.at}"`;
    const minute = Number(m[1]);
    return (t) => {
      const d = new Date(t);
      const at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), minute);
      return at >= t ? at : at + 3_600_000;
    };
  }
  if (s.every === 'day') {
    const m = hm.exec(s.at);
    if (m === null) return `"at" of a daily tournament is "HH:MM" (UTC), not "${s.at}"`;
    return (t) => {
      const d = new Date(t);
      const at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), Number(m[1]), Number(m[2]));
      return at >= t ? at : at + 86_400_000;
    };
  }
  const m = /^([A-Za-z]{3}) (\d\d:\d\d)$/.exec(s.at);
  const day = m === null ? -1 : DAYS.indexOf(m[1]!.toLowerCase() as (typeof DAYS)[number]);
  const time = m === null ? null : hm.exec(m[2]!);
  if (day < 0 || time === null) return `"at" of a weekly tournament is a day and a time, such as "Sat 19:00" (UTC), not "${s.at}"`;
  return (t) => {
    const d = new Date(t);
    let at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + ((day - d.getUTCDay() + 7) % 7), Number(time[1]), Number(time[2]));
    if (at < t) at += 7 * 86_400_000;
    return at;
  };
}

/** PARLOR_TOURNAMENTS read: a JSON array of schedules, each checked as a tournament would be; an error names what is wrong. */
export function parseSchedules(raw: string | undefined): Schedule[] {
  if (raw === undefined || raw.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    throw new Error(`PARLOR_TOURNAMENTS must be a JSON array of schedules (docs/operations.md): ${(e as Error).message}`);
  }
  if (!Array.isArray(json)) throw new Error('PARLOR_TOURNAMENTS must be a JSON array of schedules (docs/operations.md)');
  return json.map((item, i) => {
    const r = tournamentSchedule.safeParse(item);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw new Error(`PARLOR_TOURNAMENTS[${i}]${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
    }
    const next = recurrence(r.data);
    if (typeof next === 'string') throw new Error(`PARLOR_TOURNAMENTS[${i}]: ${next}`);
    const { every: _every, at: _at, ...request } = r.data;
    const check = tournamentSettings({ ...request, startsAt: new Date(0).toISOString() }, { id: 'x', invite: 'x', creator: null, creatorName: null, now: 0 });
    if (!check.ok) throw new Error(`PARLOR_TOURNAMENTS[${i}]: ${check.refusal.message}`);
    const key = createHash('sha256').update(JSON.stringify(r.data)).digest('hex').slice(0, 8);
    return { key, request, next };
  });
}

/** The tournaments a schedule should have made by `now`: their ids and starts (the next AHEAD). */
export function dueOccurrences(s: Schedule, now: number): { readonly id: string; readonly startsAt: number }[] {
  const out: { id: string; startsAt: number }[] = [];
  let t = now;
  for (let i = 0; i < AHEAD; i++) {
    const at = s.next(t);
    const stamp = new Date(at).toISOString().slice(0, 16).replace(/[-:T]/g, '');
    out.push({ id: `s${s.key}-${stamp}`, startsAt: at });
    t = at + 60_000;
  }
  return out;
}
