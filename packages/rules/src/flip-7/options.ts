import { ok, refuse, type Result } from '../core/error.js';

/** F7-2: the target score. */
export type F7Target = 100 | 200 | 300;

export interface F7Options {
  readonly target: F7Target;
}

export const F7_TARGETS: readonly F7Target[] = [100, 200, 300];

export const F7_DEFAULT_OPTIONS: Readonly<F7Options> = Object.freeze({ target: 200 });

/** F7-2: players allowed. */
export const F7_MIN_PLAYERS = 2;
export const F7_MAX_PLAYERS = 12;

/** Validates raw options (F7-2): unknown keys and wrong values are refused by name. */
export function f7ParseOptions(raw: unknown): Result<F7Options> {
  if (raw === undefined || raw === null) return ok({ ...F7_DEFAULT_OPTIONS });
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return refuse('BAD_OPTIONS', 'Options must be an object, e.g. {"target": 200}.', 'F7-2');
  }
  const rec = raw as Record<string, unknown>;
  for (const key of Object.keys(rec)) {
    if (key !== 'target') return refuse('BAD_OPTIONS', `Unknown option "${key}"; Flip 7 has only "target".`, 'F7-2');
  }
  if (rec['target'] === undefined) return ok({ ...F7_DEFAULT_OPTIONS });
  const target = rec['target'];
  if (!F7_TARGETS.includes(target as F7Target)) {
    return refuse('BAD_OPTIONS', `Option "target" must be one of ${F7_TARGETS.join(', ')}.`, 'F7-2');
  }
  return ok({ target: target as F7Target });
}

/** F7-2: 2 to 12 players. */
export function f7CheckPlayers(players: unknown): Result<number> {
  if (typeof players !== 'number' || !Number.isInteger(players) || players < F7_MIN_PLAYERS || players > F7_MAX_PLAYERS) {
    return refuse('BAD_PLAYERS', `Flip 7 is played by ${F7_MIN_PLAYERS} to ${F7_MAX_PLAYERS} players.`, 'F7-2');
  }
  return ok(players);
}
