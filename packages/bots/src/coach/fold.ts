/**
 * Walks a finished game's export exactly as `parlor verify` does (packages/cli verify), with the
 * rules package's `replay`: the opening, then every action in order. For the coached seat it
 * hands over only what that seat could know: at each of its decisions the module's `view` for that
 * seat and its legal actions, and after every move the events as that seat sees them
 * (`eventsFor`). The hidden state never leaves this file.
 */
import { type AnyGame, type GameEvent, type GameId, type Seat, gameModule, isGameId, replay } from '@parlor/rules';
import type { CoachProblem } from './types.js';

/** The export's fields the coach reads (the format `parlor verify` checks; GameExport in @parlor/protocol). */
export interface CoachExport {
  readonly format: string;
  readonly game: string;
  readonly players: number;
  readonly options: unknown;
  readonly seed: string;
  readonly seats?: readonly { readonly name?: string }[];
  readonly actions: readonly { readonly seq?: number; readonly seat: number; readonly action: unknown }[];
}

/** What the coached seat sees along the game, in order. */
export type SeatMoment<V, A, E extends GameEvent> =
  /** Events it saw (the opening's, then each move's). */
  | { readonly type: 'events'; readonly events: readonly E[] }
  /** One of its decisions: its view and legal actions before, and what it did (`index` in `actions`). */
  | { readonly type: 'decision'; readonly index: number; readonly view: V; readonly legal: readonly A[]; readonly action: A };

/** A module seen only through what a seat may know. */
export interface SeatWalk<V, A, E extends GameEvent> {
  readonly game: GameId;
  readonly players: number;
  readonly moments: readonly SeatMoment<V, A, E>[];
}

/** Checks the export's shape and the seat; null when it can be walked. */
export function checkExport(exp: unknown, seat: number): CoachProblem | null {
  const e = exp as Partial<CoachExport> | null;
  if (typeof e !== 'object' || e === null || e.format !== 'parlor-game' || !Array.isArray(e.actions) || typeof e.seed !== 'string' || typeof e.players !== 'number') {
    return { code: 'format' };
  }
  if (!isGameId(e.game)) return { code: 'game', game: String(e.game) };
  if (!Number.isInteger(seat) || seat < 0 || seat >= e.players) return { code: 'seat', seat, players: e.players };
  return null;
}

/**
 * The seat's moments through the whole game. Folding with the rules: a refused action or a game
 * not over at the end is a problem (the export would fail `parlor verify`). `redraw`, for tests,
 * replaces the state a view is taken from by one with everything hidden from the seat drawn afresh.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function walkForSeat(exp: CoachExport, seat: Seat, redraw?: (state: unknown, seat: Seat) => unknown):
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  { ok: true; walk: SeatWalk<any, any, GameEvent> } | { ok: false; problem: CoachProblem } {
  const bad = checkExport(exp, seat);
  if (bad !== null) return { ok: false, problem: bad };
  const game = exp.game as GameId;
  const module = gameModule(game);
  const moments: SeatMoment<unknown, unknown, GameEvent>[] = [];
  let state: unknown = null;
  for (const p of replay(module, { players: exp.players, options: exp.options, seed: exp.seed }, exp.actions)) {
    if (!p.ok) {
      const { code, message, index } = p.error;
      if (index === null) return { ok: false, problem: { code: 'replay', index: -1, message } };
      const refused = code !== 'MISNUMBERED' && code !== 'NO_SEAT';
      return { ok: false, problem: { code: 'replay', index, message: refused ? `${code}: ${message}` : message } };
    }
    if (p.entry !== null && p.seat === seat) moments.push(decision(module, state, seat, p.n - 1, p.action, redraw));
    state = p.state;
    moments.push({ type: 'events', events: module.eventsFor(p.events, seat) });
  }
  if (module.outcome(state) === null) return { ok: false, problem: { code: 'notOver' } };
  return { ok: true, walk: { game, players: exp.players, moments } };
}

/** One decision of the seat: its view and legal actions on the state it acted on (`before`), and its answer. */
function decision(module: AnyGame, before: unknown, seat: Seat, index: number, answer: unknown,
  redraw: ((state: unknown, seat: Seat) => unknown) | undefined): SeatMoment<unknown, unknown, GameEvent> {
  const legal = module.legalActions(before, seat);
  // The module's canonical form of the answer: the legal action equal to it.
  const key = JSON.stringify(answer);
  const action = legal.find((l: unknown) => JSON.stringify(l) === key) ?? answer;
  // `redraw` (tests): the view of another state the seat cannot tell apart (everything hidden re-dealt).
  const seen = redraw === undefined ? before : redraw(before, seat);
  return { type: 'decision', index, view: module.view(seen, seat), legal, action };
}
