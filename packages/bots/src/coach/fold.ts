/**
 * Walks a finished game's export exactly as `parlor verify` does (packages/cli verify): the game
 * module's `setup` (here `start`, the same setup with its opening events), then `apply` of every
 * action in order. For the coached seat it hands over only what that seat could know: at each of
 * its decisions the module's `view` for that seat and its legal actions, and after every move the
 * events as that seat sees them (`eventsFor`). The hidden state never leaves this file.
 */
import { type GameEvent, type GameId, type Seat, gameModule, isGameId } from '@parlor/rules';
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
  const started = module.start({ players: exp.players, options: exp.options, seed: exp.seed });
  if (!started.ok) return { ok: false, problem: { code: 'replay', index: -1, message: started.error.message } };
  let state = started.value.state;
  const moments: SeatMoment<unknown, unknown, GameEvent>[] = [{ type: 'events', events: module.eventsFor(started.value.events, seat) }];
  for (const [i, a] of exp.actions.entries()) {
    if (a.seq !== undefined && a.seq !== i) return { ok: false, problem: { code: 'replay', index: i, message: `action ${i} is numbered ${a.seq}` } };
    if (a.seat === seat) {
      const legal = module.legalActions(state, seat);
      // The module's canonical form of the answer: the legal action equal to it.
      const key = JSON.stringify(a.action);
      const action = legal.find((l: unknown) => JSON.stringify(l) === key) ?? a.action;
      // `redraw` (tests): the view of another state the seat cannot tell apart (everything hidden re-dealt).
      const seen = redraw === undefined ? state : redraw(state, seat);
      moments.push({ type: 'decision', index: i, view: module.view(seen, seat), legal, action });
    }
    const r = module.apply(state, a.seat, a.action);
    if (!r.ok) return { ok: false, problem: { code: 'replay', index: i, message: `${r.error.code}: ${r.error.message}` } };
    state = r.state;
    moments.push({ type: 'events', events: module.eventsFor(r.events, seat) });
  }
  if (module.outcome(state) === null) return { ok: false, problem: { code: 'notOver' } };
  return { ok: true, walk: { game, players: exp.players, moments } };
}
