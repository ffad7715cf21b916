import type { Mover } from '@parlor/protocol';
import { type AnyEvent, type AnyGame, type GameId, GAMES, type Seat } from '@parlor/rules';
import type { LogEntry } from '../../state/store.js';

/**
 * A guided first game (issue 11): a real game of the rules package, started from a position built
 * by the game's scenario adapter (a deal chosen so that the lesson happens), walked through one step
 * at a time. The newcomer plays seat 0; the other seats play the moves the script gives them. Every
 * move goes through the module's `apply` — the lesson never decides a rule itself. Pure: the page
 * (GuidedPage.tsx) holds a `Run` and calls these functions; the tests play each script to its end.
 */

/** The newcomer's seat in every lesson. */
export const NEWCOMER: Seat = 0;

/** A value, or how to compute it from the game state at the moment it is needed. */
export type FromState<T, S> = T | ((state: S) => T);

/** A scripted move of another seat, or cards put on top of the draw pile (the adapter's `stack`). */
export type ScriptMove<S, A> =
  | { readonly seat: Seat; readonly action: FromState<A, S> }
  | { readonly stack: FromState<readonly string[], S> };

/** Values for a step's text: plain strings and numbers, and card ids (`cards`) the page names in its language. */
export interface StepValues {
  readonly [key: string]: string | number | { readonly card: string } | { readonly cards: readonly string[] };
}

export interface LessonStep<S, A> {
  /** Names the step's texts: `learn.<game short>.guided.<id>.title` and `.text`. */
  readonly id: string;
  /** What the other seats do when the step begins (played one by one, before the step's text applies). */
  readonly before?: readonly ScriptMove<S, A>[];
  /**
   * The newcomer's move the step teaches: which of their legal actions it accepts. Without it the
   * step only explains, and the newcomer goes on with "Next".
   */
  readonly accept?: (action: A, state: S) => boolean;
  /** Values for the step's text, read from the game as it stands when the step is ready. */
  readonly values?: (state: S) => StepValues;
  /** Hooks for the page's highlights: card ids and move names (see learn.css). */
  readonly highlight?: (state: S) => readonly string[];
  /** The rule numbers the step's text explains (shown beside it). */
  readonly rules?: readonly string[];
}

export interface Lesson<S = unknown, A = unknown> {
  readonly game: GameId;
  /** Its texts' folder under `learn.`: its game's short name (`learn.<short>.guided.<step>`). */
  readonly short: string;
  readonly players: number;
  readonly options: Record<string, unknown>;
  readonly seed: string;
  /** The scenario adapter's setup (docs/scenarios.md): the chosen deal. */
  readonly setup: Record<string, unknown>;
  readonly steps: readonly LessonStep<S, A>[];
  /** A card id of the step values (`card`, `cards`) in the page's language, as the game's screen names it. */
  cardName(card: string, t: (key: string) => string): string;
}

/** A lesson being played: the game, the step reached and the moves still to play before it. */
export interface Run<S = unknown, A = unknown> {
  readonly lesson: Lesson<S, A>;
  readonly state: S;
  /** Index of the current step; `steps.length` once the lesson is over. */
  readonly step: number;
  /** Moves of the other seats still to play before the current step is ready. */
  readonly queue: readonly ScriptMove<S, A>[];
  /** Moves played so far (the snapshot's `seq`). */
  readonly seq: number;
  /** Every event the newcomer may see, with its move (the game log). */
  readonly log: readonly LogEntry[];
  /** Every event of every audience (for the end-of-game statistics only). */
  readonly all: readonly AnyEvent[];
  /** The last move: its events as the newcomer sees them, who made it and from which seat. */
  readonly last: { readonly events: readonly AnyEvent[]; readonly by: Mover | null; readonly seat: Seat | null };
}

const moduleOf = <S, A>(lesson: Lesson<S, A>): AnyGame => GAMES[lesson.game];

const resolve = <T, S>(v: FromState<T, S>, state: S): T =>
  (typeof v === 'function' ? (v as (s: S) => T)(state) : v);

/** A script that does not play by the rules is a bug of the lesson: say where. */
export class LessonError extends Error {}

/** The lesson's start: the position from the scenario adapter, the first step's moves queued. */
export function startRun<S, A>(lesson: Lesson<S, A>): Run<S, A> {
  const game = moduleOf(lesson);
  const r = game.scenario.fromSetup({ players: lesson.players, options: lesson.options, seed: lesson.seed, setup: lesson.setup });
  if (!r.ok) throw new LessonError(`${lesson.game} lesson: bad setup: ${r.error.message}`);
  return {
    lesson, state: r.value as S, step: 0, queue: lesson.steps[0]?.before ?? [], seq: 0, log: [], all: [],
    last: { events: [], by: null, seat: null },
  };
}

/** True once the current step's own moves have all been played (its text and move apply now). */
export function ready<S, A>(run: Run<S, A>): boolean {
  return run.queue.length === 0;
}

export function finished<S, A>(run: Run<S, A>): boolean {
  return run.step >= run.lesson.steps.length;
}

export function currentStep<S, A>(run: Run<S, A>): LessonStep<S, A> | null {
  return run.lesson.steps[run.step] ?? null;
}

/** Plays `action` for `seat` through the module's `apply`, logging it as the newcomer sees it. */
function play<S, A>(run: Run<S, A>, seat: Seat, action: unknown, by: Mover): Run<S, A> | null {
  const game = moduleOf(run.lesson);
  const r = game.apply(run.state, seat, action);
  if (!r.ok) return null;
  const seq = run.seq + 1;
  const seen = game.eventsFor(r.events, NEWCOMER) as AnyEvent[];
  return {
    ...run,
    state: r.state as S,
    seq,
    log: [...run.log, ...seen.map((event) => ({ seq, event, by, seat }))],
    all: [...run.all, ...(r.events as AnyEvent[])],
    last: { events: seen, by, seat },
  };
}

/** Plays the next queued move of the other seats (or stacks the pile); throws when the script breaks a rule. */
export function playQueued<S, A>(run: Run<S, A>): Run<S, A> {
  const [move, ...rest] = run.queue;
  if (move === undefined) return run;
  const where = `${run.lesson.game} lesson, step "${currentStep(run)?.id ?? 'end'}"`;
  if ('stack' in move) {
    const game = moduleOf(run.lesson);
    const r = game.scenario.stack(run.state, resolve(move.stack, run.state));
    if (!r.ok) throw new LessonError(`${where}: cannot stack: ${r.error.message}`);
    return { ...run, state: r.value as S, queue: rest };
  }
  const action = resolve(move.action, run.state);
  const next = play(run, move.seat, action, 'bot');
  if (next === null) throw new LessonError(`${where}: seat ${move.seat} may not play ${JSON.stringify(action)}`);
  return { ...next, queue: rest };
}

/** Plays every queued move at once (tests, and a page that skips the pauses). */
export function playAllQueued<S, A>(run: Run<S, A>): Run<S, A> {
  let r = run;
  while (!ready(r)) r = playQueued(r);
  return r;
}

/**
 * The newcomer's legal actions while the current step waits for their move: every one the rules
 * allow, so that the screen's buttons and hints tell the truth (empty while the others' moves are
 * queued, and on a "Next" step).
 */
export function open<S, A>(run: Run<S, A>): readonly A[] {
  const step = currentStep(run);
  if (step === null || step.accept === undefined || !ready(run)) return [];
  return moduleOf(run.lesson).legalActions(run.state, NEWCOMER) as readonly A[];
}

/** Of those, the ones the current step accepts: the move it teaches. */
export function offered<S, A>(run: Run<S, A>): A[] {
  const accept = currentStep(run)?.accept;
  return accept === undefined ? [] : open(run).filter((a) => accept(a, run.state));
}

/** Whether the current step waits for "Next" (it teaches no move of the newcomer's). */
export function waitsForNext<S, A>(run: Run<S, A>): boolean {
  const step = currentStep(run);
  return step !== null && step.accept === undefined && ready(run);
}

function advance<S, A>(run: Run<S, A>): Run<S, A> {
  const step = run.step + 1;
  return { ...run, step, queue: run.lesson.steps[step]?.before ?? [] };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The newcomer's move: played when the step accepts it (and the rules do), which ends the step;
 * `null` otherwise — a move the rules allow but the step does not teach, or none: the game is
 * unchanged and the page explains what the step asks for.
 */
export function act<S, A>(run: Run<S, A>, action: A): Run<S, A> | null {
  if (!offered(run).some((a) => same(a, action))) return null;
  const next = play(run, NEWCOMER, action, 'player');
  return next === null ? null : advance(next);
}

/** "Next" on a step that teaches no move. */
export function next<S, A>(run: Run<S, A>): Run<S, A> {
  return waitsForNext(run) ? advance(run) : run;
}
