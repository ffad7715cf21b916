import type { Refused, Result } from './error.js';
import type { OptionField } from './options.js';
import type { Rng } from './random.js';
import type { ScenarioAdapter } from '../scenario/adapter.js';

/** Seats are numbered 0 … players−1, in play order (SF-5, F7-3). */
export type Seat = number;
/** Who a view or an event list is for: a seat, or someone watching. */
export type Viewer = Seat | 'spectator';

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

/** A game's table options: their defaults, their description (for forms and help) and their parser. */
export interface GameOptions<O> {
  readonly defaults: Readonly<O>;
  /** Every option, in the order a form shows them. */
  readonly fields: readonly OptionField[];
  /**
   * Validates raw options, filling defaults; refuses unknown keys and wrong values by name. With
   * `players`, also options that depend on the seat count (a seat that must exist).
   */
  parse(raw: unknown, players?: number): Result<O>;
}

/**
 * A moment when several seats are asked at once and answer against one clock (Stir Fry
 * Eighteen's taste-test window, SF-14). The server runs the clock; the game says when such a
 * window is open, what silence means, and how long it lasts by default.
 */
export interface ResponseWindow<S, A> {
  /** Whether a window is open now — true even when only one of its seats is still to answer. */
  isOpen(state: S): boolean;
  /** The answer of a seat still silent when the window closes. */
  silence(state: S, seat: Seat): A;
  /** Its length in seconds: the default, and the range a table may choose from. */
  readonly seconds: { readonly default: number; readonly min: number; readonly max: number };
  /**
   * The game's own name for the length setting. The wire protocol calls the setting
   * `responseWindow`, and also accepts and reports it under this name.
   */
  readonly setting: string;
}

/** A response window's length settings alone (what a create form offers), without its rules. */
export type ResponseWindowLength = Pick<ResponseWindow<unknown, unknown>, 'seconds' | 'setting'>;

/**
 * What a game is, without its rules engine: its id, names, seat range, options and response-window
 * length. Small on purpose: the web client's lobby and the protocol's schemas read it (catalog.ts)
 * without loading any game's rules; each game's module is built on its own (`...SF_INFO`).
 */
export interface GameInfo<O = unknown> {
  /** The id on the wire, in exports and in scenario files. */
  readonly id: string;
  /** The game's name in English (the web client translates it by id). */
  readonly name: string;
  /** The prefix of the game's rule numbers (`SF` for SF-14), cited in refusals and scenarios. */
  readonly ruleTag: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly options: GameOptions<O>;
  /** The length settings of the game's response window (see GameModule); null when it has none. */
  readonly responseWindow: ResponseWindowLength | null;
}

/** For search and simulation: copy once, then play legal actions in place without checks. */
export interface FastPath<S, A, E extends GameEvent> {
  clone(state: S): S;
  /** Plays `action` (one of `legalActions(state, seat)`, unchecked) and the forced moves after it; events only when a list is given. */
  applyInPlace(state: S, seat: Seat, action: A, events: E[] | null): void;
}

/**
 * The contract every game module meets (docs/architecture.md): everything Parlor knows of a game.
 * All functions are pure: no I/O, no clock, no Math.random; chance comes from the seeded generator
 * carried in the state, so a game is fully determined by (players, options, seed, actions).
 */
export interface GameModule<S, A, V, E extends GameEvent, O, St = unknown> extends GameInfo<O> {
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
  /** The events of a list that `viewer` may see. */
  eventsFor(events: readonly E[], viewer: Viewer): E[];
  /** `null` while the game runs; the result once it is over. */
  outcome(state: S): Outcome | null;
  /** Moments when several seats answer at once against a clock; null when the game has none. */
  readonly responseWindow: ResponseWindow<S, A> | null;
  /** Per-seat statistics of a whole game, from all its events (every audience), oldest first. */
  stats(events: readonly E[], players: number): St[];
  /**
   * Another state that `viewer` cannot tell from `state`: everything hidden from it (other hands,
   * the draw pile's order, the generator) drawn afresh from `rng`, everything it may know kept.
   */
  resample(state: S, viewer: Viewer, rng: Rng): S;
  /** How long a game was, in the unit players count it in (turns, rounds). */
  readonly length: { readonly unit: string; of(state: S): number };
  /** What the scenario runner needs besides the contract (spec/scenarios.md). */
  readonly scenario: ScenarioAdapter<S>;
  readonly fast: FastPath<S, A, E>;
  /**
   * Words that belong to this game alone (its cards, moves and phases) — not the plain words every
   * card game shares (card, deal, turn). The server and the protocol are game-agnostic: a test
   * fails if one of these, the game's id, name or a rule number appears in their sources.
   */
  readonly terms: readonly string[];
}

/** Any registered game, for code that hosts games without knowing which. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameModule<any, any, any, GameEvent, any, any>;

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
