import type { GameId } from '@parlor/protocol';
import { type AnyGame, type GameEvent, type Viewer, gameModule } from '@parlor/rules';
import { type ActionRow, type GameRow, SqliteStore, type TableRow } from '../../src/index.js';
import type { Game } from './table-driver.js';

/**
 * A table's game as the store holds it, folded again with the rules: the state after each action
 * (`states[n]`: after n actions) and the events each one caused (`events[0]`: the opening's).
 */
export interface GameLog {
  readonly module: AnyGame;
  readonly table: TableRow;
  readonly game: GameRow;
  readonly actions: ActionRow[];
  readonly states: unknown[];
  readonly events: GameEvent[][];
}

/**
 * Reads game `gameNo` of a table from the SQLite file at `dbPath` (a connection of its own, beside
 * the server's) and folds it; throws if a stored action is refused or the log skips a move.
 */
export async function readLog(dbPath: string, tableId: string, gameNo = 1): Promise<GameLog> {
  const store = new SqliteStore(dbPath);
  try {
    const table = await store.table(tableId);
    const game = await store.game(tableId, gameNo);
    if (table === null || game === null) throw new Error(`no game ${gameNo} at table ${tableId}`);
    const module = gameModule(table.game as GameId);
    const start = module.start({ players: game.seats.length, options: game.options, seed: game.seed });
    if (!start.ok) throw new Error(start.error.message);
    const actions = await store.actions(tableId, gameNo);
    const states: unknown[] = [start.value.state];
    const events: GameEvent[][] = [start.value.events];
    for (const a of actions) {
      if (a.seq !== states.length - 1) throw new Error(`table ${tableId}: the log skips from ${states.length - 1} to ${a.seq}`);
      const r = module.apply(states.at(-1), a.seat, a.action);
      if (!r.ok) throw new Error(`table ${tableId}: stored action ${a.seq} is refused on replay: ${r.error.message}`);
      states.push(r.state);
      events.push(r.events);
    }
    return { module, table, game, actions, states, events };
  } finally {
    await store.close();
  }
}

/** Plain JSON, as the wire carries it. */
export const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

const at = (iso: string) => Date.parse(iso);

/** When the game began waiting at position `k`: the time of the move that led there, or the start. */
export function waitingSinceAt(log: GameLog, k: number): number {
  return k === 0 ? at(log.game.startedAt) : at(log.actions[k - 1]!.at);
}

/**
 * When the response window open at position `k` closes (null when none is open): the table's window
 * length after the move that opened it (the start, if it was open from the first position).
 */
export function windowEndAt(log: GameLog, k: number): number | null {
  const w = log.module.responseWindow;
  if (w === null || !w.isOpen(log.states[k])) return null;
  let j = k;
  while (j > 0 && w.isOpen(log.states[j - 1])) j--;
  const seconds = log.table.responseWindow ?? w.seconds.default;
  return waitingSinceAt(log, j) + seconds * 1000;
}

/** Every event up to position `k` as `viewer` sees it, and the moves it is made of (a snapshot's history). */
export function historyAt(log: GameLog, k: number, viewer: Viewer): Pick<Game, 'history' | 'historyMoves'> {
  const history: GameEvent[] = [];
  const historyMoves: NonNullable<Game['historyMoves']> = [];
  for (let j = 0; j <= k; j++) {
    const seen = log.module.eventsFor(log.events[j]!, viewer);
    history.push(...seen);
    const a = j === 0 ? null : log.actions[j - 1]!;
    historyMoves.push({ seat: a === null ? null : a.seat, by: a === null ? null : a.by ?? null, events: seen.length });
  }
  return json({ history, historyMoves }) as Pick<Game, 'history' | 'historyMoves'>;
}

/** What the rules say a viewer is told of a state: its view, what it is asked and who is waited for. */
export function stateParts(module: AnyGame, state: unknown, viewer: Viewer) {
  const toAct = module.toAct(state);
  return json({
    view: module.view(state, viewer),
    legal: viewer !== 'spectator' && toAct.includes(viewer) ? module.legalActions(state, viewer) : [],
    waitingFor: toAct,
    outcome: module.outcome(state),
    windowOpen: module.responseWindow?.isOpen(state) ?? false,
  });
}

/**
 * The whole `game` message the server must send `viewer` at position `k` of the stored game, field
 * by field: from the rules (view, filtered events, legal actions, who is waited for, outcome,
 * statistics), the store (who made the last move, when, the commitment, the seed once over) and
 * the table's clocks (a response window's end; a move timer's deadline is taken as sent, since it
 * depends on when the table was last scheduled). `move`: the message is the one sent for the move
 * that led to `k` (it carries that move's events); otherwise it is sent between moves (none).
 */
export function expectedFrame(log: GameLog, k: number, viewer: Viewer, sent: Game): Game {
  const { module, game } = log;
  const state = log.states[k];
  const over = module.outcome(state);
  const parts = stateParts(module, state, viewer);
  const move = sent.by !== null;
  const last = k === 0 ? null : log.actions[k - 1]!;
  const allEvents = log.events.slice(0, k + 1).flat();
  const frame = {
    type: 'game' as const,
    tableId: game.tableId,
    gameNo: game.gameNo,
    seq: k,
    seat: viewer === 'spectator' ? null : viewer,
    view: parts.view,
    events: move && k > 0 ? json(module.eventsFor(log.events[k]!, viewer)) : [],
    legal: parts.legal,
    waitingFor: parts.waitingFor,
    deadline: log.table.moveTimer > 0 && over === null && !parts.windowOpen ? sent.deadline : windowEndAt(log, k),
    waitingSince: over === null ? waitingSinceAt(log, k) : null,
    by: move && last !== null ? last.by ?? null : null,
    moveSeat: move && last !== null ? last.seat : null,
    commitment: game.commitment,
    seed: over === null ? null : game.seed,
    outcome: json(over),
    stats: over === null ? null : json(module.stats(allEvents, game.seats.length)),
    ...(sent.history === undefined ? {} : historyAt(log, k, viewer)),
  };
  return frame as unknown as Game;
}
