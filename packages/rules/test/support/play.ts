import type { Game, GameEvent, Seat } from '../../src/index.js';
import { createRng, type Rng } from '../../src/index.js';

/** A step of a played game: who acted, what, and the state before. */
export interface Step<S, A> {
  readonly before: S;
  readonly seat: Seat;
  readonly action: A;
}

/**
 * Plays a game from `state`, asking `choose` for each decision (a seat the game waits for and
 * that seat's legal actions), until it is over or `maxActions` were played. Throws when the
 * game refuses an action it listed as legal, or waits for nobody while running.
 */
export function playOut<S, A, E extends GameEvent>(
  game: Game<S, A, unknown, E, unknown>,
  state: S,
  choose: (state: S, seat: Seat, legal: readonly A[], rng: Rng) => A,
  opts: { seed: string; maxActions?: number; onStep?: (step: Step<S, A>, after: S, events: E[]) => void },
): { state: S; actions: number } {
  const rng = createRng(opts.seed);
  const max = opts.maxActions ?? 20_000;
  let s = state;
  let actions = 0;
  while (game.outcome(s) === null && actions < max) {
    const toAct = game.toAct(s);
    if (toAct.length === 0) throw new Error('a running game waits for nobody');
    const seat = rng.pick(toAct);
    const legal = game.legalActions(s, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} is asked but has no legal action`);
    const action = choose(s, seat, legal, rng);
    const r = game.apply(s, seat, action);
    if (!r.ok) throw new Error(`legal action refused: ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
    opts.onStep?.({ before: s, seat, action }, r.state, r.events);
    s = r.state;
    actions++;
  }
  return { state: s, actions };
}

export const randomChoice = <S, A>(_s: S, _seat: Seat, legal: readonly A[], rng: Rng): A => rng.pick(legal);
