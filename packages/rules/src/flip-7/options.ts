import type { Result } from '../core/error.js';
import { type OptionField, checkPlayerCount, parseOptions } from '../core/options.js';

/** F7-2: the target score. */
export type F7Target = 100 | 200 | 300;

export interface F7Options {
  readonly target: F7Target;
}

export const F7_TARGETS: readonly F7Target[] = [100, 200, 300];

export const F7_DEFAULT_OPTIONS: Readonly<F7Options> = Object.freeze({ target: 200 });

/** Every option, in the order the create form shows them. */
export const F7_OPTION_FIELDS: readonly OptionField[] = [
  { key: 'target', kind: 'choice', values: F7_TARGETS, rule: 'F7-2', description: 'The score that ends the game at the end of a round.' },
];

/** F7-2: players allowed. */
export const F7_MIN_PLAYERS = 2;
export const F7_MAX_PLAYERS = 12;

/** Validates raw options (F7-2): unknown keys and wrong values are refused by name. */
export function f7ParseOptions(raw: unknown, players?: number): Result<F7Options> {
  return parseOptions('Flip 7', F7_OPTION_FIELDS, F7_DEFAULT_OPTIONS, raw, players);
}

/** F7-2: 2 to 12 players. */
export function f7CheckPlayers(players: unknown): Result<number> {
  return checkPlayerCount('Flip 7', players, F7_MIN_PLAYERS, F7_MAX_PLAYERS, 'F7-2');
}
