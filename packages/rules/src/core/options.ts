import { type Result, ok, refuse } from './error.js';

/**
 * One table option as a game describes it. `description` is one English sentence (the CLI's help,
 * docs); the web client shows translated labels keyed by the game id and `key`.
 */
export type OptionField =
  | {
    readonly key: string; readonly kind: 'choice'; readonly values: readonly (string | number)[];
    readonly description: string; readonly rule?: string;
    /** The numbers among `values` are seats: only those below the table's seat count are allowed. */
    readonly seats?: boolean;
  }
  | { readonly key: string; readonly kind: 'flag'; readonly description: string; readonly rule?: string };

/**
 * Validates raw table options against a game's fields: missing keys take their defaults; an unknown
 * key or a wrong value is refused with BAD_OPTIONS, naming the key, what it may be and the rule.
 * With `players`, a seat-valued option must name one of the table's seats.
 */
export function parseOptions<O>(game: string, fields: readonly OptionField[], defaults: Readonly<O>, raw: unknown, players?: number): Result<O> {
  if (raw === undefined || raw === null) return ok({ ...defaults });
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return refuse('BAD_OPTIONS', `Options must be an object such as {"${fields[0]?.key ?? 'option'}": …}.`);
  }
  const given = raw as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!fields.some((f) => f.key === key)) {
      return refuse('BAD_OPTIONS', `Unknown option ${show(key)}; ${game}'s options are ${fields.map((f) => f.key).join(', ')}.`);
    }
  }
  const out: Record<string, unknown> = { ...defaults };
  for (const f of fields) {
    const v = given[f.key];
    if (v === undefined) continue;
    if (f.kind === 'flag' ? typeof v !== 'boolean' : !f.values.includes(v as string | number)) {
      const allowed = f.kind === 'flag' ? 'true or false' : `one of ${f.values.map((x) => JSON.stringify(x)).join(', ')}`;
      return refuse('BAD_OPTIONS', `Option "${f.key}" must be ${allowed}, not ${show(v)}.`, f.rule);
    }
    if (f.kind === 'choice' && f.seats === true && typeof v === 'number' && players !== undefined && v >= players) {
      return refuse('BAD_OPTIONS', `Option "${f.key}" must be a seat from 0 to ${players - 1} at a table of ${players}, not ${v}.`, f.rule);
    }
    out[f.key] = v;
  }
  return ok(out as O);
}

/** Every value an option may take at a table of `players` seats (a seat-valued option: only its seats). */
export function allowedValues(f: OptionField, players: number): readonly (string | number | boolean)[] {
  if (f.kind === 'flag') return [false, true];
  return f.seats === true ? f.values.filter((v) => typeof v !== 'number' || v < players) : f.values;
}

/** A whole number of players in [min, max], or BAD_PLAYERS citing `rule`. */
export function checkPlayerCount(game: string, players: unknown, min: number, max: number, rule: string): Result<number> {
  if (typeof players !== 'number' || !Number.isInteger(players) || players < min || players > max) {
    return refuse('BAD_PLAYERS', `${game} is for ${min} to ${max} players, not ${show(players)}.`, rule);
  }
  return ok(players);
}

/** A value as JSON, cut to 40 characters (refusals never echo much of their input). */
export function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
