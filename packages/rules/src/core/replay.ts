import type { ErrorCode, RuleError } from './error.js';
import type { GameEvent, GameModule, Seat, SetupInput } from './game.js';
import type { GameId } from '../catalog.js';
import { gameModule } from '../games.js';

/**
 * One action of a stored or exported log: its number, its seat and the action, as untrusted data
 * (an export read from a file). Callers may carry more (who moved, when): each position hands
 * back the entry it came from.
 */
export interface LoggedAction {
  readonly seq?: unknown;
  readonly seat?: unknown;
  readonly action?: unknown;
}

/**
 * A position of a replayed log: the state after `n` actions, with all its events, of every
 * audience (filter with `eventsFor`). The opening is the state after `start`, with its events
 * (the first draw, the first deal); every other position names the action that led to it.
 */
export type ReplayPosition<S, E extends GameEvent, L> = ReplayOpening<S, E> | ReplayStep<S, E, L>;

export interface ReplayOpening<S, E extends GameEvent> {
  readonly ok: true;
  readonly n: 0;
  readonly state: S;
  readonly seat: null;
  readonly action: null;
  readonly events: readonly E[];
  readonly entry: null;
}

export interface ReplayStep<S, E extends GameEvent, L> {
  readonly ok: true;
  /** The action's place in the log, plus one. */
  readonly n: number;
  readonly state: S;
  readonly seat: Seat;
  /** The action as logged. */
  readonly action: unknown;
  readonly events: readonly E[];
  /** The log's entry for this action. */
  readonly entry: L;
}

/** Why a log stops replaying: the rules' own refusal, or a log that is not in order. */
export type ReplayErrorCode = ErrorCode | 'MISNUMBERED' | 'NO_SEAT';

export interface ReplayError {
  readonly code: ReplayErrorCode;
  readonly message: string;
  /** The rule a refusal rests on, when the rules gave one. */
  readonly rule?: string;
  /** The index in the log of the action that stopped the replay; null when the setup was refused. */
  readonly index: number | null;
}

/** The last item of a replay that stops early; every position before it was yielded. */
export interface ReplayStopped {
  readonly ok: false;
  readonly error: ReplayError;
}

export type ReplayItem<S, E extends GameEvent, L> = ReplayPosition<S, E, L> | ReplayStopped;

/**
 * Folds a log into positions, lazily: the opening (`start` of the setup), then one position per
 * action (`apply`), in order. It stops with a `ReplayStopped` item when the setup is refused, or an
 * action is numbered other than its place in the log, has no seat, or is refused by the rules.
 * The only state it holds is the current one: a caller that needs the last position alone keeps
 * only that, one that shows every position keeps them all.
 */
export function replay<S, E extends GameEvent, L extends LoggedAction>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  game: GameModule<S, any, any, E, any, any>, setup: SetupInput, log: Iterable<L>,
): Generator<ReplayItem<S, E, L>, void, undefined>;
export function replay<L extends LoggedAction>(
  game: GameId, setup: SetupInput, log: Iterable<L>,
): Generator<ReplayItem<unknown, GameEvent, L>, void, undefined>;
export function* replay<L extends LoggedAction>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  game: GameModule<unknown, any, any, GameEvent, any, any> | GameId, setup: SetupInput, log: Iterable<L>,
): Generator<ReplayItem<unknown, GameEvent, L>, void, undefined> {
  const module = typeof game === 'string' ? gameModule(game) : game;
  const started = module.start(setup);
  if (!started.ok) {
    yield stopped(started.error, null);
    return;
  }
  let state = started.value.state;
  yield { ok: true, n: 0, state, seat: null, action: null, events: started.value.events, entry: null };
  let index = 0;
  for (const entry of log) {
    // A log read from a file may hold anything: a missing entry has no seat.
    const { seq, seat, action } = (entry ?? {}) as LoggedAction;
    if (seq !== undefined && seq !== index) {
      yield stopped({ code: 'MISNUMBERED', message: `action ${index} is numbered ${String(seq)}` }, index);
      return;
    }
    if (typeof seat !== 'number') {
      yield stopped({ code: 'NO_SEAT', message: `action ${index} has no seat` }, index);
      return;
    }
    const r = module.apply(state, seat, action);
    if (!r.ok) {
      yield stopped(r.error, index);
      return;
    }
    state = r.state;
    index++;
    yield { ok: true, n: index, state, seat, action, events: r.events, entry };
  }
}

function stopped(error: Omit<RuleError, 'code'> & { readonly code: ReplayErrorCode }, index: number | null): ReplayStopped {
  return { ok: false, error: { ...error, index } };
}
