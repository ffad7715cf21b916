import type { RuleError } from './error.js';
import type { GameEvent, GameModule, Outcome, Seat, SetupInput } from './game.js';
import { type Rng, createRng } from './random.js';

/**
 * A player the driver asks for decisions — a bot, a person at a terminal, a test's policy. It sees
 * the seat's view and legal actions, never the state.
 */
export interface Agent<V = unknown, A = unknown, E extends GameEvent = GameEvent> {
  decide(view: V, legal: readonly A[], rng: Rng): A | Promise<A>;
  /** The events of every move as the seat sees them, the opening ones first. */
  observe?(events: readonly E[]): void;
  /** True when `decide` never reads the view (random play), so the driver need not build it. */
  readonly blind?: boolean;
}

/** One action the driver played. `before` is the state it was played on (null in place: it changed). */
export interface DrivenAction<S, A, E> {
  readonly n: number;
  readonly seat: Seat;
  readonly action: A;
  readonly events: readonly E[];
  readonly before: S | null;
  readonly after: S;
}

export interface DriveOptions<S, A, E extends GameEvent> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly game: GameModule<S, A, any, E, any, any>;
  /** A new game (its opening events go to every agent), or a position to play on from. */
  readonly start: SetupInput | { readonly state: S; readonly events?: readonly E[] };
  /** One per seat. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly agents: readonly Agent<any, any, any>[];
  /**
   * Seeds the driver's own chance: each seat's generator (`<seed>/bot<seat>`) and, when several
   * seats are asked at once (a taste-test window), which of them answers first (`<seed>/order`).
   */
  readonly seed: string;
  /** Stop after this many actions (the result then has no outcome). Default 100,000. */
  readonly maxActions?: number;
  /**
   * Play on one copy of the state through the game's fast path: no rule checks, so agents must
   * answer with one of their legal actions; events are built only if an agent observes them or
   * `onAction` is given.
   */
  readonly inPlace?: boolean;
  /** Called after every action. */
  onAction?(played: DrivenAction<S, A, E>): void;
  /** An agent's action was refused: ask it again (`'retry'`) or stop with an error (`'throw'`, the default). */
  onRefused?(seat: Seat, action: unknown, error: RuleError): 'retry' | 'throw';
}

export interface DriveResult<S> {
  readonly state: S;
  /** Null when the game stopped at `maxActions` before its end. */
  readonly outcome: Outcome | null;
  readonly actions: number;
}

/**
 * The one game loop (docs/architecture.md): who acts → that seat's agent decides on its view →
 * apply → every agent is handed the events it may see. The simulator, terminal play, the
 * benchmarks, the scripts and the tests all play through it. Runs synchronously to the end when
 * no agent returns a promise.
 */
export async function playGame<S, A, E extends GameEvent>(o: DriveOptions<S, A, E>): Promise<DriveResult<S>> {
  const { game, agents } = o;
  let state: S;
  let opening: readonly E[] = [];
  if ('state' in o.start) {
    state = o.start.state;
    opening = o.start.events ?? [];
  } else {
    const started = game.start(o.start);
    if (!started.ok) throw new Error(`${game.name} refused the setup: ${started.error.message}`);
    state = started.value.state;
    opening = started.value.events;
  }
  if (o.inPlace) state = game.fast.clone(state);
  const rngs = agents.map((_, seat) => createRng(`${o.seed}/bot${seat}`));
  const order = createRng(`${o.seed}/order`);
  const observers = agents.flatMap((a, seat) => (a.observe === undefined ? [] : [seat]));
  const tell = (events: readonly E[]) => {
    for (const seat of observers) agents[seat]!.observe!(game.eventsFor(events, seat));
  };
  tell(opening);
  const wantEvents = observers.length > 0 || o.onAction !== undefined;
  const max = o.maxActions ?? 100_000;
  let n = 0;
  while (game.outcome(state) === null) {
    if (n >= max) return { state, outcome: null, actions: n };
    const toAct = game.toAct(state);
    if (toAct.length === 0) throw new Error(`${game.name} is running but waits for nobody`);
    // Several seats asked at once: whoever is quickest answers first; here, by lot.
    const seat = toAct.length === 1 ? toAct[0]! : order.pick(toAct);
    const agent = agents[seat];
    if (agent === undefined) throw new Error(`no agent for seat ${seat}`);
    const legal = game.legalActions(state, seat);
    let decided = agent.decide(agent.blind ? undefined : game.view(state, seat), legal, rngs[seat]!);
    if (decided instanceof Promise) decided = await decided;
    const action = decided as A;
    if (o.inPlace) {
      const events: E[] | null = wantEvents ? [] : null;
      game.fast.applyInPlace(state, seat, action, events);
      n++;
      if (events !== null) {
        tell(events);
        o.onAction?.({ n, seat, action, events, before: null, after: state });
      }
      continue;
    }
    const r = game.apply(state, seat, action);
    if (!r.ok) {
      if (o.onRefused?.(seat, action, r.error) === 'retry') continue;
      throw new Error(`${game.name}: seat ${seat}'s action ${JSON.stringify(action)} was refused: ${r.error.code}: ${r.error.message}`);
    }
    const before = state;
    state = r.state;
    n++;
    tell(r.events);
    o.onAction?.({ n, seat, action, events: r.events, before, after: state });
  }
  return { state, outcome: game.outcome(state), actions: n };
}
