import type { Result } from '../core/error.js';

/**
 * How an expectation key compares (spec/scenarios.md "Expectations"):
 * - `exact`: deep equality (numbers, booleans, arrays in order);
 * - `set`: arrays of numbers compared as sets;
 * - `multiset`: arrays of card names compared ignoring order;
 * - `per-player-multiset`: `{"0": [cards…]}`, each named player's cards compared ignoring order;
 * - `per-player`: `{"0": value}`, each named player's value compared exactly.
 */
export type ExpectKind = 'exact' | 'set' | 'multiset' | 'per-player-multiset' | 'per-player';

export interface ExpectKey<S> {
  readonly kind: ExpectKind;
  /** The actual value in the state, in the same shape as the file's expectation. */
  get(state: S): unknown;
}

/**
 * What the generic scenario runner needs from a game besides the rest of its module (the game
 * contract). Scenario setups and `stack` steps place cards by name; they may build positions
 * normal play would not reach, so they work on the state directly.
 */
export interface ScenarioAdapter<S> {
  /**
   * The start position from a scenario's `players`, `options`, `seed` and `setup` (already
   * checked to be an object), after the forced moves that open the game. A refusal means the file
   * is malformed; its message names what is wrong.
   */
  fromSetup(input: { players: number; options: unknown; seed: string; setup: Record<string, unknown> }): Result<S>;
  /** Moves one copy of each named card, all in the draw pile now, to its top, first listed on top. */
  stack(state: S, cards: unknown): Result<S>;
  /** The expectation keys this game understands, besides none: unknown keys make a file malformed. */
  readonly expect: Readonly<Record<string, ExpectKey<S>>>;
}
