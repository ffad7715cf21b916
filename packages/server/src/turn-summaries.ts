import type { BotLevel, GameEvent, GameId, Mover, TurnMove, TurnSeat, YourTurnTable } from '@parlor/protocol';
import { gameModule } from '@parlor/rules';
import type { TableState } from '@parlor/table';
import { LeaseLost } from './store/store.js';
import type { TurnSummaryRow } from './store/turns.js';
import type { Table } from './table/table.js';

/**
 * A running turn-based table as its players' lists show it (GET /api/me/turns, docs/api.md), kept
 * in the store (store/turns.ts) so that a table waiting out of memory is listed without loading it.
 * Everything in it is what a spectator of the table may see: the seats' names, whose move, the
 * clocks and banks, and the last move's events as the rules give them to a spectator — never a
 * seat's own events (a card drawn into a hand).
 */
export interface TurnBody {
  readonly tableId: string;
  readonly game: GameId;
  readonly gameNo: number;
  readonly seq: number;
  readonly private: boolean;
  readonly seats: readonly StoredSeat[];
  readonly toMove: readonly number[];
  readonly window: boolean;
  readonly deadline: number | null;
  readonly moveSeconds: number;
  readonly bankSeconds: number;
  readonly banks: readonly number[];
  readonly lastMove: TurnMove | null;
}

/** A seat as stored: a player's id beside their name, for finding their own seats (never sent). */
type StoredSeat =
  | { readonly seat: number; readonly kind: 'empty' }
  | { readonly seat: number; readonly kind: 'player'; readonly playerId: string; readonly name: string }
  | { readonly seat: number; readonly kind: 'bot'; readonly level: BotLevel };

/** The summary of a table now; null when it is not a running turn-based game (nothing is listed then). */
export function turnBody(s: TableState): TurnBody | null {
  const row = s.row;
  const g = s.game;
  if (row.turnBased === undefined || row.status !== 'running' || g === null) return null;
  const module = gameModule(row.game);
  if (module.outcome(g.state) !== null) return null;
  const window = module.responseWindow;
  const moves = g.moves.read();
  const last = moves.at(-1);
  let lastMove: TurnMove | null = null;
  if (last !== undefined) {
    const all = g.allEvents.read();
    const events = module.eventsFor(all.slice(all.length - last.events), 'spectator') as GameEvent[];
    lastMove = { seat: last.seat, by: last.by as Mover | null, at: g.waitingSince, events };
  }
  return {
    tableId: row.id, game: row.game, gameNo: g.no, seq: g.seq, private: row.private,
    seats: row.seats.map((x, seat): StoredSeat => (x.kind === 'player'
      ? { seat, kind: 'player', playerId: x.playerId, name: s.people[x.playerId]?.name ?? 'someone' }
      : x.kind === 'bot' ? { seat, kind: 'bot', level: x.level } : { seat, kind: 'empty' })),
    toMove: module.toAct(g.state),
    window: window !== null && window.isOpen(g.state),
    deadline: g.deadline,
    moveSeconds: row.moveTimer,
    bankSeconds: row.turnBased.bankSeconds,
    banks: [...g.banks],
    lastMove,
  };
}

/** The store's row of a summary: the body, and the seats players hold, with whether each is asked now. */
export function turnRow(b: TurnBody): TurnSummaryRow {
  const seats = b.seats.flatMap((x) => (x.kind === 'player' ? [{ playerId: x.playerId, seat: x.seat, toMove: b.toMove.includes(x.seat) }] : []));
  return { tableId: b.tableId, seats, body: JSON.stringify(b) };
}

/** A stored summary as `playerId` is told it: their seats, whether it is their move, their bank; the others' ids left out. */
export function yourTurnTable(b: TurnBody, playerId: string): YourTurnTable | null {
  const yourSeats = b.seats.flatMap((x) => (x.kind === 'player' && x.playerId === playerId ? [x.seat] : []));
  if (yourSeats.length === 0) return null;
  const seats = b.seats.map((x): TurnSeat => (x.kind === 'player' ? { seat: x.seat, kind: 'player', name: x.name } : x));
  return {
    tableId: b.tableId, game: b.game, gameNo: b.gameNo, seq: b.seq, private: b.private, seats, yourSeats, toMove: [...b.toMove],
    yourMove: b.toMove.some((x) => yourSeats.includes(x)), window: b.window, deadline: b.deadline,
    moveSeconds: b.moveSeconds, bankSeconds: b.bankSeconds, banks: [...b.banks], yourBank: b.banks[yourSeats[0]!] ?? null,
    lastMove: b.lastMove,
  };
}

/** Your move first; then the soonest deadline (none last); then by table, so that the order is stable. */
export function byUrgency(a: YourTurnTable, b: YourTurnTable): number {
  if (a.yourMove !== b.yourMove) return a.yourMove ? -1 : 1;
  const da = a.deadline ?? Number.POSITIVE_INFINITY;
  const db = b.deadline ?? Number.POSITIVE_INFINITY;
  if (da !== db) return da < db ? -1 : 1;
  return a.tableId < b.tableId ? -1 : a.tableId > b.tableId ? 1 : 0;
}

/**
 * What the store holds for each table object here (its body's JSON; '' for none), so that a step
 * that changes nothing writes nothing. A new table's store holds nothing; a table loaded from the
 * store holds, after its load, the summary written at its last step elsewhere or before — so a
 * table woken to play a move writes once for it, not again at its load.
 */
const written = new WeakMap<Table, string>();
/** Each table's writes under way, one after the other. */
const queued = new Map<string, Promise<void>>();
/** Tables here whose last summary could not be stored: written at their next load too, the store's being stale. */
const unstored = new Set<string>();
/** Each table's summary waiting for the write under way to end: steps meanwhile replace it, and only the last is written. */
const pending = new Map<string, { readonly key: string; readonly body: TurnBody | null }>();

/** What the store holds after a write failed: unknown, so the next step writes whatever it has. */
const UNKNOWN = '?';
const keyOf = (body: TurnBody | null) => (body === null ? '' : JSON.stringify(body));

/**
 * After each step of a table (Tables.stepped): its summary stored when it changed — replaced, or
 * removed once the table is no longer a running turn-based game (`now`: the table after the step;
 * `loaded`: the step was its load from the store).
 * A write that fails is made again at the table's next step, or its next load here; a table whose
 * lease was lost writes nothing more.
 */
export function storeTurnSummary(t: Table, before: TableState, now: TableState, loaded: boolean): void {
  if (now.row.turnBased === undefined) return;
  const body = turnBody(now);
  const key = keyOf(body);
  if (!written.has(t)) {
    if (loaded && !unstored.has(t.id)) { written.set(t, key); return; }
    written.set(t, loaded ? UNKNOWN : keyOf(turnBody(before)));
  }
  if (written.get(t) === key) return;
  written.set(t, key);
  const id = t.id;
  const waiting = pending.has(id);
  pending.set(id, { key, body });
  if (waiting) return; // the write queued already takes this summary
  const write = async () => {
    const p = pending.get(id)!;
    pending.delete(id);
    try {
      await t.host.store.turns.saveTurnSummary(id, p.body === null ? null : turnRow(p.body), t.fence);
      unstored.delete(id);
    } catch (e) {
      if (written.get(t) === p.key) written.set(t, UNKNOWN);
      unstored.add(id);
      if (!(e instanceof LeaseLost)) t.host.log.warn({ err: e, table: id }, "a turn-based table's summary could not be stored; it is written again at its next step");
    }
  };
  const run = (queued.get(id) ?? Promise.resolve()).then(write);
  queued.set(id, run);
  void run.finally(() => { if (queued.get(id) === run) queued.delete(id); });
}
