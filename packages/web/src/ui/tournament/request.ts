import {
  ARENA_MINUTES, type GameId, MAX_TOURNAMENT_LEAD_DAYS, MAX_TOURNAMENT_NAME, MAX_TOURNAMENT_PLAYERS, ROUND_MINUTES, SWISS_ROUNDS,
  type TournamentFormat, type TournamentRequest,
} from '@parlor/protocol';

/**
 * The create form's fields (ui/tournament/NewTournamentPage.tsx) and the request they make
 * (`POST /api/tournaments`), with what the form checks before sending: each problem names its
 * field and its sentence (tournament.json, `new.problems.…`). The server checks the same and the
 * game's own ranges again.
 */
export interface TournamentForm {
  readonly game: GameId;
  readonly format: TournamentFormat;
  readonly name: string;
  readonly minutes: number;
  readonly rounds: number;
  readonly roundMinutes: number;
  /** Starts at once, or at `startAt`. */
  readonly startNow: boolean;
  /** A `datetime-local` input's value ("2026-12-24T18:00"), in the browser's time zone. */
  readonly startAt: string;
  readonly seats: number;
  readonly options: Record<string, unknown>;
  readonly moveTimer: 30 | 60 | 120;
  /** The game's response window in seconds, for a game that has one; else null. */
  readonly responseWindow: number | null;
  readonly rated: boolean;
  readonly private: boolean;
  /** The fewest players for it to start (else it is cancelled); null: it starts with whoever has joined. */
  readonly minPlayers: number | null;
  readonly fillWithBots: boolean;
}

export type FormField = 'minutes' | 'rounds' | 'roundMinutes' | 'startAt' | 'name' | 'minPlayers' | 'responseWindow';

export interface FormProblem {
  readonly field: FormField;
  /** The key under `tournament.new.problems`. */
  readonly key: string;
  readonly values?: Record<string, number>;
}

/** A time as a `datetime-local` input shows it, to the minute, in the browser's time zone. */
export function localInputValue(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

const whole = (x: number, min: number, max: number) => Number.isInteger(x) && x >= min && x <= max;

/**
 * The request the form makes at `now`, or its problems. `window` is the game's response window's
 * range (null for a game without one); `minSeats` the game's fewest players.
 */
export function formRequest(f: TournamentForm, now: number, window: { readonly min: number; readonly max: number } | null, minSeats: number):
  { readonly ok: true; readonly request: TournamentRequest } | { readonly ok: false; readonly problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const name = f.name.replace(/\s+/gu, ' ').trim();
  if ([...name].length > MAX_TOURNAMENT_NAME) problems.push({ field: 'name', key: 'nameLong', values: { max: MAX_TOURNAMENT_NAME } });
  else if (name !== '' && !/[\p{L}\p{N}]/u.test(name)) problems.push({ field: 'name', key: 'nameLetters' });
  if (f.format === 'arena' && !whole(f.minutes, ARENA_MINUTES.min, ARENA_MINUTES.max)) {
    problems.push({ field: 'minutes', key: 'minutes', values: { min: ARENA_MINUTES.min, max: ARENA_MINUTES.max } });
  }
  if (f.format === 'swiss') {
    if (!whole(f.rounds, SWISS_ROUNDS.min, SWISS_ROUNDS.max)) problems.push({ field: 'rounds', key: 'rounds', values: { min: SWISS_ROUNDS.min, max: SWISS_ROUNDS.max } });
    if (!whole(f.roundMinutes, ROUND_MINUTES.min, ROUND_MINUTES.max)) {
      problems.push({ field: 'roundMinutes', key: 'roundMinutes', values: { min: ROUND_MINUTES.min, max: ROUND_MINUTES.max } });
    }
  }
  let startsAt = now;
  if (!f.startNow) {
    const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(f.startAt) ? new Date(f.startAt).getTime() : Number.NaN;
    if (Number.isNaN(at)) problems.push({ field: 'startAt', key: 'startMissing' });
    else if (at < now - 60_000) problems.push({ field: 'startAt', key: 'startPast' });
    else if (at > now + MAX_TOURNAMENT_LEAD_DAYS * 86_400_000) problems.push({ field: 'startAt', key: 'startFar', values: { days: MAX_TOURNAMENT_LEAD_DAYS } });
    else startsAt = Math.max(at, now);
  }
  if (f.minPlayers !== null && !whole(f.minPlayers, 2, MAX_TOURNAMENT_PLAYERS)) problems.push({ field: 'minPlayers', key: 'minPlayers', values: { min: 2, max: MAX_TOURNAMENT_PLAYERS } });
  if (window !== null && f.responseWindow !== null && !whole(f.responseWindow, window.min, window.max)) {
    problems.push({ field: 'responseWindow', key: 'responseWindow', values: { min: window.min, max: window.max } });
  }
  if (problems.length > 0) return { ok: false, problems };
  const request: TournamentRequest = {
    game: f.game,
    format: f.format,
    ...(name === '' ? {} : { name }),
    ...(f.format === 'arena' ? { minutes: f.minutes } : { rounds: f.rounds, roundMinutes: f.roundMinutes }),
    startsAt: new Date(startsAt).toISOString(),
    seats: f.seats,
    options: f.options,
    moveTimer: f.moveTimer,
    ...(window !== null && f.responseWindow !== null ? { responseWindow: f.responseWindow } : {}),
    rated: f.rated,
    private: f.private,
    // Never fewer than a table of the game needs (the server reads it so too).
    ...(f.minPlayers === null ? {} : { minPlayers: Math.max(f.minPlayers, minSeats) }),
    fillWithBots: f.fillWithBots,
  };
  return { ok: true, request };
}
