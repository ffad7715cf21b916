import type { GameId } from '@parlor/protocol';
import { gameModule } from '@parlor/rules';
import type { ActionRow, GameRow, Store } from '../../src/index.js';

/** A stored game folded again from its log: the state after each action (states[n] = after n actions). */
export interface Replayed {
  readonly game: GameRow;
  readonly actions: ActionRow[];
  readonly states: unknown[];
  /** The view of `viewer` after `seq` actions, as plain JSON (what the wire carries). */
  view(seq: number, viewer: number | 'spectator'): unknown;
  readonly outcome: unknown;
}

/** Folds game `gameNo` of a table from the store; throws if a stored action is refused on replay. */
export async function replay(store: Store, gameId: GameId, tableId: string, gameNo: number): Promise<Replayed> {
  const module = gameModule(gameId);
  const game = await store.game(tableId, gameNo);
  if (game === null) throw new Error(`no game ${gameNo} at table ${tableId}`);
  const setup = module.setup({ players: game.seats.length, options: game.options, seed: game.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  const actions = await store.actions(tableId, gameNo);
  const states: unknown[] = [setup.value];
  for (const a of actions) {
    if (a.seq !== states.length - 1) throw new Error(`table ${tableId}: the log skips from ${states.length - 1} to ${a.seq}`);
    const r = module.apply(states.at(-1), a.seat, a.action);
    if (!r.ok) throw new Error(`table ${tableId}: stored action ${a.seq} is refused on replay: ${r.error.message}`);
    states.push(r.state);
  }
  return {
    game, actions, states,
    view: (seq, viewer) => JSON.parse(JSON.stringify(module.view(states[seq], viewer))) as unknown,
    outcome: JSON.parse(JSON.stringify(module.outcome(states.at(-1)))) as unknown,
  };
}

/** The same state as plain JSON, for comparing an in-memory game with its replay. */
export function plain(x: unknown): unknown {
  return JSON.parse(JSON.stringify(x)) as unknown;
}
