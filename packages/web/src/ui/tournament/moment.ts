import type { TournamentSummary } from '@parlor/protocol';

/**
 * Where a tournament stands at a time: before its start (the time left), an arena running (the time
 * left until its pairing stops; after that its last games finish), a Swiss event's round, or over.
 */
export type TournamentMoment =
  | { readonly kind: 'starts'; readonly ms: number }
  | { readonly kind: 'ends'; readonly ms: number }
  | { readonly kind: 'closing' }
  | { readonly kind: 'round'; readonly round: number; readonly rounds: number }
  | { readonly kind: 'finished' }
  | { readonly kind: 'cancelled' };

type Timing = Pick<TournamentSummary, 'status' | 'format' | 'startsAt' | 'endsAt' | 'round' | 'rounds'>;

/** The moment of `t` at `now` (ms since the epoch). A time past is 0 left, never less. */
export function tournamentMoment(t: Timing, now: number): TournamentMoment {
  if (t.status === 'finished') return { kind: 'finished' };
  if (t.status === 'cancelled') return { kind: 'cancelled' };
  if (t.status === 'upcoming') return { kind: 'starts', ms: Math.max(0, Date.parse(t.startsAt) - now) };
  if (t.format === 'swiss') {
    const rounds = t.rounds ?? 0;
    // Running before its first round is paired: that round is about to begin.
    return { kind: 'round', round: Math.min(Math.max(1, t.round), Math.max(1, rounds)), rounds };
  }
  const left = t.endsAt === null ? 0 : Date.parse(t.endsAt) - now;
  return left > 0 ? { kind: 'ends', ms: left } : { kind: 'closing' };
}

/**
 * A time left as a clock reads it, rounded up to the second: "1:05:09" with hours, "5:09" and
 * "0:09" without (the same in every language).
 */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Beyond this, an upcoming tournament says its date and time rather than a countdown. */
export const COUNTDOWN_FROM_MS = 24 * 3600 * 1000;

type T = (key: string, opts?: Record<string, unknown>) => string;

/** A time in the page's language: weekday, day, month, hours and minutes. */
export function dateText(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** The moment in words (tournament.json, `when.…`): "Starts in 4:32", "Running — ends in 12:00", "Round 2 of 5". */
export function momentText(m: TournamentMoment, startsAt: string, t: T, lang: string): string {
  switch (m.kind) {
    case 'starts':
      if (m.ms === 0) return t('tournament.when.starting');
      return m.ms > COUNTDOWN_FROM_MS ? t('tournament.when.startsOn', { date: dateText(startsAt, lang) }) : t('tournament.when.startsIn', { time: clockText(m.ms) });
    case 'ends': return t('tournament.when.endsIn', { time: clockText(m.ms) });
    case 'closing': return t('tournament.when.closing');
    case 'round': return t('tournament.when.round', { round: m.round, rounds: m.rounds });
    case 'finished': return t('tournament.when.finished');
    case 'cancelled': return t('tournament.when.cancelled');
  }
}

/** How often the moment's words change: every second while a countdown shows, else not by the clock. */
export function tickMs(m: TournamentMoment): number | null {
  if (m.kind === 'starts') return m.ms > COUNTDOWN_FROM_MS ? 60_000 : 1000;
  return m.kind === 'ends' ? 1000 : null;
}
