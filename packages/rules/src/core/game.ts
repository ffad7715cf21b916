import type { Refused, Result } from './error.js';

/** Seats are numbered 0 … players−1, in play order (SF-5, F7-3). */
export type Seat = number;
/** Who a view or an event list is for: a seat, or someone watching. */
export type Viewer = Seat | 'spectator';

export type GameId = 'stir-fry-eighteen' | 'flip-7';

/**
 * Every fact the game reports. `only` marks a fact meant for one seat alone (the cards it drew);
 * anything without `only` is public. Events never carry anything hidden from their audience.
 */
export interface GameEvent {
  readonly type: string;
  readonly only?: Seat;
}

export interface SetupInput {
  readonly players: number;
  /** Raw options; validated by the game (unknown keys and wrong values are refused). */
  readonly options?: unknown;
  /** Any text; the game's every shuffle follows from it. */
  readonly seed: string;
  /** The seat that starts (SF-5) or deals first (F7-3); chosen at random when absent. */
  readonly first?: Seat;
}

export interface Applied<S, E extends GameEvent> {
  readonly ok: true;
  readonly state: S;
  readonly events: E[];
}

export interface Outcome {
  /** Final total of every seat. */
  readonly scores: number[];
  /** The seats that won (several share a win on a tie where the rules allow it). */
  readonly winners: Seat[];
  /** Each seat's place, 1 = best; tied seats share a place. */
  readonly places: number[];
}

/**
 * The contract every game module meets (docs/architecture.md). All functions are pure: no I/O, no
 * clock, no Math.random; chance comes from the seeded generator carried in the state.
 */
export interface Game<S, A, V, E extends GameEvent, O> {
  readonly id: GameId;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly defaultOptions: Readonly<O>;
  /** Validates raw options, filling defaults; refuses unknown keys and wrong values by name. */
  parseOptions(raw: unknown): Result<O>;
  /** A new game, after every forced move (so it waits for its first real decision). */
  setup(input: SetupInput): Result<S>;
  /** `setup`, with the events of those opening forced moves (the first turn's draw, the first deal). */
  start(input: SetupInput): Result<{ readonly state: S; readonly events: E[] }>;
  /** The seats the game waits for now; empty when it is over. */
  toAct(state: S): Seat[];
  /** Every action `seat` may take now, each in canonical form; empty when it may take none. Read-only (may be shared). */
  legalActions(state: S, seat: Seat): readonly A[];
  /**
   * Plays `action` (untrusted input) for `seat`, then every forced move that follows. Refusals are
   * values with a code; the given state is never modified either way.
   */
  apply(state: S, seat: Seat, action: unknown): Applied<S, E> | Refused;
  /** Exactly what `viewer` may know now. */
  view(state: S, viewer: Viewer): V;
  /** `null` while the game runs; the result once it is over. */
  outcome(state: S): Outcome | null;
}

/** The events of a list that `viewer` may see: the public ones and its own. */
export function eventsFor<E extends GameEvent>(events: readonly E[], viewer: Viewer): E[] {
  return events.filter((e) => e.only === undefined || e.only === viewer);
}

/** Places from scores, higher is better; equal scores share a place (1 = best). */
export function placesFromScores(scores: readonly number[]): number[] {
  return scores.map((s) => 1 + scores.filter((t) => t > s).length);
}

/** The seats holding the highest score. */
export function leaders(scores: readonly number[]): Seat[] {
  const best = Math.max(...scores);
  const out: Seat[] = [];
  scores.forEach((s, i) => { if (s === best) out.push(i); });
  return out;
}
