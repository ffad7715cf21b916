import { type GameEvent, type GameModule, type Rng, type Seat, playGame } from '../../src/index.js';

/** A step of a played game: who acted, what, and the state before. */
export interface Step<S, A> {
  readonly before: S;
  readonly seat: Seat;
  readonly action: A;
}

/**
 * Plays a game from `state` through the game driver (rules' `playGame`), asking `choose` for each
 * decision with the state, the seat asked and its legal actions, until it is over or `maxActions`
 * were played. Throws when the game refuses an action it listed as legal.
 */
export async function playOut<S, A, E extends GameEvent>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  game: GameModule<S, A, any, E, any, any>,
  state: S,
  choose: (state: S, seat: Seat, legal: readonly A[], rng: Rng) => A,
  opts: { seed: string; maxActions?: number; onStep?: (step: Step<S, A>, after: S, events: E[]) => void },
): Promise<{ state: S; actions: number }> {
  let current = state;
  const players = (game.view(state, 'spectator') as { players: number }).players;
  const agents = Array.from({ length: players }, (_, seat) => ({
    blind: true,
    decide: (_view: unknown, legal: readonly A[], rng: Rng) => {
      if (legal.length === 0) throw new Error(`seat ${seat} is asked but has no legal action`);
      return choose(current, seat, legal, rng);
    },
  }));
  const r = await playGame<S, A, E>({
    game, start: { state }, agents, seed: opts.seed, maxActions: opts.maxActions ?? 20_000,
    onAction: ({ seat, action, events, before, after }) => {
      opts.onStep?.({ before: before!, seat, action }, after, events as E[]);
      current = after;
    },
  });
  return { state: r.state, actions: r.actions };
}

export const randomChoice = <S, A>(_s: S, _seat: Seat, legal: readonly A[], rng: Rng): A => rng.pick(legal);
