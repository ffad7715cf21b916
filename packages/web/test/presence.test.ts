import type { GameEvent, GameSnapshot, PlayerInfo, SeatInfo, ServerMessage, TableSummary } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { absentSince, clock, lookAgainIn, myAwayReason, replaceState, standInIn, standInMarks, waitedOnGone } from '../src/state/presence.js';
import { type AppState, type LogEntry, type TableState, Store, historyLog, moverSeat, reduce } from '../src/state/store.js';

// Issue 10 in the web client: who is away, who may be replaced and when, which log lines a
// stand-in bot made. Pure functions of the state and a given clock.

const ann: PlayerInfo = { id: 'p-ann', name: 'Ann' };
const bob: PlayerInfo = { id: 'p-bob', name: 'Bob' };
const T0 = 1_700_000_000_000;

type PlayerSeat = Extract<SeatInfo, { kind: 'player' }>;
const person = (seat: number, player: PlayerInfo, over: Partial<PlayerSeat> = {}): PlayerSeat =>
  ({ seat, kind: 'player', player, connected: true, away: false, awayReason: null, disconnectedSince: null, standInAt: null, ...over });
const bot = (seat: number): SeatInfo => ({ seat, kind: 'bot', level: 'basic', name: 'basic bot' });

function summary(seats: SeatInfo[], over: Partial<TableSummary> = {}): TableSummary {
  return {
    id: 't1', game: 'stir-fry-eighteen', options: {}, seats, status: 'running', private: false, moveTimer: 0, responseWindow: 8,
    replaceAfter: 120, grace: 30, rated: false, creator: ann, gameNo: 1, spectators: 0, createdAt: '2026-01-01T00:00:00.000Z', ...over,
  };
}
function snap(over: Partial<GameSnapshot> = {}): GameSnapshot {
  return {
    tableId: 't1', gameNo: 1, seq: 3, seat: 0, view: {} as GameSnapshot['view'], events: [], legal: [], waitingFor: [1], deadline: null,
    waitingSince: T0, by: null, moveSeat: null, commitment: 'c', seed: null, outcome: null, stats: null, ...over,
  };
}
const table = (s: TableSummary, yourSeats = [0]): TableState => ({ summary: s, invite: null, yourSeats, games: {}, log: [], chat: [] });

describe('my away banner', () => {
  it('says why a stand-in plays my seat, and nothing while I play it', () => {
    expect(myAwayReason(table(summary([person(0, ann), person(1, bob)])))).toBeNull();
    for (const reason of ['left', 'timeout', 'disconnected', 'replaced'] as const) {
      expect(myAwayReason(table(summary([person(0, ann, { away: true, awayReason: reason }), person(1, bob)])))).toBe(reason);
    }
    // Someone else away is not my banner; a spectator has none.
    expect(myAwayReason(table(summary([person(0, ann), person(1, bob, { away: true, awayReason: 'left' })])))).toBeNull();
    expect(myAwayReason(table(summary([person(0, ann, { away: true, awayReason: 'left' })]), []))).toBeNull();
  });
});

describe('absent since', () => {
  it('the earlier of: disconnected since, and since when the game waits for them', () => {
    expect(absentSince(person(1, bob), snap({ waitingFor: [0] }))).toBeNull();
    expect(absentSince(person(1, bob), snap({ waitingFor: [1], waitingSince: T0 }))).toBe(T0);
    expect(absentSince(person(1, bob, { connected: false, disconnectedSince: T0 + 5 }), snap({ waitingFor: [0] }))).toBe(T0 + 5);
    expect(absentSince(person(1, bob, { connected: false, disconnectedSince: T0 - 5 }), snap({ waitingFor: [1], waitingSince: T0 }))).toBe(T0 - 5);
    expect(absentSince(person(1, bob, { connected: false, disconnectedSince: T0 + 5 }), snap({ waitingFor: [1], waitingSince: T0 }))).toBe(T0);
    // A game that is over waits for no one.
    expect(absentSince(person(1, bob), snap({ waitingFor: [1], outcome: { scores: [1, 2], winners: [1], places: [2, 1] } }))).toBeNull();
  });
});

describe('a stand-in takes over', () => {
  it('counts down only once the player is disconnected and the server has set when, never while they are here', () => {
    // Here and thinking: nothing, however long the game has waited for them.
    expect(standInIn(person(1, bob), T0 + 600_000)).toBeNull();
    // Disconnected with nobody kept waiting (no time set): nothing to count.
    expect(standInIn(person(1, bob, { connected: false, disconnectedSince: T0 }), T0)).toBeNull();
    const gone = person(1, bob, { connected: false, disconnectedSince: T0, standInAt: T0 + 30_000 });
    expect(standInIn(gone, T0)).toBe(30);
    expect(standInIn(gone, T0 + 4_200)).toBe(26);
    expect(standInIn(gone, T0 + 40_000)).toBe(0);
    // A page whose clock is behind the server's shows no more than the table's grace period.
    expect(standInIn(gone, T0 - 2_000, 30)).toBe(30);
    // Played by a stand-in already: nothing left to count.
    expect(standInIn({ ...gone, away: true, awayReason: 'disconnected' }, T0)).toBeNull();
  });

  it('the status names the disconnected player the game waits on, not one it does not wait on', () => {
    const gone = person(1, bob, { connected: false, disconnectedSince: T0, standInAt: T0 + 30_000 });
    expect(waitedOnGone(table(summary([person(0, ann), gone])), snap({ waitingFor: [1] }))).toEqual(gone);
    expect(waitedOnGone(table(summary([person(0, ann), gone])), snap({ waitingFor: [0] }))).toBeNull();
    expect(waitedOnGone(table(summary([person(0, ann), person(1, bob)])), snap({ waitingFor: [1] }))).toBeNull();
    expect(waitedOnGone(table(summary([person(0, ann), { ...gone, away: true, awayReason: 'disconnected' }])), snap({ waitingFor: [1] }))).toBeNull();
    expect(waitedOnGone(table(summary([person(0, ann), gone], { status: 'finished' })), snap({ waitingFor: [1] }))).toBeNull();
  });
});

describe('replace with a bot', () => {
  const seats = () => [person(0, ann), person(1, bob, { connected: false, disconnectedSince: T0 })];
  const at = (seconds: number) => T0 + seconds * 1000;

  it('counts down replaceAfter from the absence, then offers the button', () => {
    const t = table(summary(seats()));
    const s = snap({ waitingFor: [0] });
    expect(replaceState(t, s, 1, ann, at(0))).toEqual({ kind: 'wait', seconds: 120 });
    expect(replaceState(t, s, 1, ann, at(59.2))).toEqual({ kind: 'wait', seconds: 61 });
    expect(replaceState(t, s, 1, ann, at(119.5))).toEqual({ kind: 'wait', seconds: 1 });
    expect(replaceState(t, s, 1, ann, at(120))).toEqual({ kind: 'ready' });
    // Silent while the game waits on them counts too.
    const silent = table(summary([person(0, ann), person(1, bob)]));
    expect(replaceState(silent, snap({ waitingFor: [1], waitingSince: T0 }), 1, ann, at(130))).toEqual({ kind: 'ready' });
    expect(replaceState(silent, snap({ waitingFor: [0], waitingSince: T0 }), 1, ann, at(130))).toEqual({ kind: 'none' });
  });

  it('only on a table without a move timer, in a running game, for another present person\'s absent seat, to a seated present person', () => {
    const s = snap({ waitingFor: [0] });
    const late = at(500);
    expect(replaceState(table(summary(seats(), { replaceAfter: null, moveTimer: 30 })), s, 1, ann, late)).toEqual({ kind: 'none' });
    expect(replaceState(table(summary(seats(), { status: 'finished' })), s, 1, ann, late)).toEqual({ kind: 'none' });
    expect(replaceState(table(summary(seats())), undefined, 1, ann, late)).toEqual({ kind: 'none' });
    // Not my own seat, not a bot's, not a seat a stand-in plays already.
    expect(replaceState(table(summary(seats()), [1]), s, 1, bob, late)).toEqual({ kind: 'none' });
    expect(replaceState(table(summary([person(0, ann), bot(1)])), s, 1, ann, late)).toEqual({ kind: 'none' });
    expect(replaceState(table(summary([person(0, ann), person(1, bob, { connected: false, disconnectedSince: T0, away: true, awayReason: 'replaced' })])), s, 1, ann, late))
      .toEqual({ kind: 'none' });
    // A spectator, or a player whose own seat a stand-in plays, may not replace anyone.
    expect(replaceState(table(summary(seats()), []), s, 1, null, late)).toEqual({ kind: 'none' });
    expect(replaceState(table(summary([person(0, ann, { away: true, awayReason: 'left' }), seats()[1]!])), s, 1, ann, late)).toEqual({ kind: 'none' });
    expect(replaceState(table(summary(seats())), s, 1, ann, late)).toEqual({ kind: 'ready' });
  });

  it('shows the time left as m:ss', () => {
    expect(clock(120)).toBe('2:00');
    expect(clock(61)).toBe('1:01');
    expect(clock(9)).toBe('0:09');
    expect(clock(0)).toBe('0:00');
  });
});

const ev = (type: string, fields: Record<string, unknown> = {}): GameEvent => ({ type, ...fields }) as unknown as GameEvent;
const actor = (e: GameEvent): number | null | 'end' => {
  if (e.type === 'turn-start') return 'end';
  const r = e as unknown as { player?: number };
  return typeof r.player === 'number' ? r.player : null;
};

describe('stand-in marks in the log', () => {
  it('marks the events a stand-in did for its seat, up to someone else\'s or the end of its part; not anyone else\'s moves', () => {
    const entries: LogEntry[] = [
      { seq: 0, event: ev('turn-start', { player: 1 }), by: null, seat: null },
      { seq: 1, event: ev('cook', { player: 1 }), by: 'stand-in', seat: 1 },
      { seq: 1, event: ev('shuffle'), by: 'stand-in', seat: 1 }, // nobody's: not marked, goes on
      { seq: 1, event: ev('draw', { player: 1 }), by: 'stand-in', seat: 1 },
      { seq: 1, event: ev('turn-start', { player: 0 }), by: 'stand-in', seat: 1 }, // its part ends
      { seq: 1, event: ev('draw', { player: 1 }), by: 'stand-in', seat: 1 },
      { seq: 2, event: ev('declare', { player: 0 }), by: 'player', seat: 0 },
      { seq: 3, event: ev('trust', { player: 1 }), by: 'stand-in', seat: null }, // seat unknown: its first event's actor
      { seq: 3, event: ev('draw', { player: 2 }), by: 'stand-in', seat: null }, // someone else's: ends it
      { seq: 3, event: ev('draw', { player: 1 }), by: 'stand-in', seat: null },
      { seq: 4, event: ev('trust', { player: 2 }), by: 'bot', seat: 2 },
    ];
    expect(standInMarks(entries, actor)).toEqual([null, 1, null, 1, null, null, null, 1, null, null, null]);
  });
});

describe('the store: who made each move', () => {
  const seats = [person(0, ann), person(1, bob, { away: true, awayReason: 'left' }), bot(2)];
  const empty: AppState = { ...new Store().get(), connection: 'open' };
  const start = (): AppState => reduce(empty, { type: 'table', table: summary(seats), invite: null, yourSeats: [0] });
  const game = (over: Partial<GameSnapshot>): ServerMessage => ({ type: 'game', ...snap(over) });

  it('a live move: who made it (by) and for which seat (moveSeat), from the message', () => {
    let s = reduce(start(), game({ seq: 4, waitingFor: [1], events: [] }));
    s = reduce(s, game({ seq: 5, waitingFor: [0], by: 'stand-in', moveSeat: 1, events: [ev('cook', { player: 1 }), ev('turn-start', { player: 0 })] }));
    expect(s.tables.t1!.log.map((l) => [l.seq, l.by, l.seat])).toEqual([[5, 'stand-in', 1], [5, 'stand-in', 1]]);
  });

  it('a move in a response window names its seat too; between moves there is none', () => {
    expect(moverSeat(snap({ by: 'stand-in', moveSeat: 1, events: [ev('trust', { player: 1 })] }))).toBe(1);
    expect(moverSeat(snap({ by: 'bot', moveSeat: 2, events: [ev('trust', { player: 2 })] }))).toBe(2);
    expect(moverSeat(snap({ by: null, moveSeat: null, events: [] }))).toBeNull();
  });

  it('history: split into its moves by historyMoves (opening seq 0, the n-th move seq n)', () => {
    const m = snap({
      seq: 2,
      history: [ev('deal', { player: 0 }), ev('deal', { player: 1 }), ev('cook', { player: 1 }), ev('trust', { player: 0 })],
      historyMoves: [{ seat: null, by: null, events: 2 }, { seat: 1, by: 'stand-in', events: 1 }, { seat: 0, by: 'player', events: 1 }],
    });
    expect(historyLog(m).map((l) => [l.seq, l.by, l.seat, l.event.type])).toEqual([
      [0, null, null, 'deal'], [0, null, null, 'deal'], [1, 'stand-in', 1, 'cook'], [2, 'player', 0, 'trust'],
    ]);
    // Without (or with mismatched) moves, every line is under the snapshot's seq, maker unknown.
    expect(historyLog({ ...m, historyMoves: undefined }).map((l) => [l.seq, l.by])).toEqual([[2, null], [2, null], [2, null], [2, null]]);
    expect(historyLog({ ...m, historyMoves: [{ seat: null, by: null, events: 1 }] }).map((l) => l.seq)).toEqual([2, 2, 2, 2]);
    const s = reduce(start(), { type: 'game', ...m });
    expect(s.tables.t1!.log.map((l) => l.by)).toEqual([null, null, 'stand-in', 'player']);
  });
});

describe('the store: lobby pages', () => {
  const lobbyTable = (id: string, over: Partial<TableSummary> = {}) => ({ ...summary([], { status: 'open' }), id, ...over });
  const page = (ids: string[], next: string | null, total: number): ServerMessage =>
    ({ type: 'lobby', tables: ids.map((id) => lobbyTable(id)), next, total });

  it('a first page replaces the list; "more tables" adds the next page; paging and total follow the last reply', () => {
    const store = new Store();
    store.receive(page(['a', 'b'], 'cur-b', 5));
    expect(Object.keys(store.get().lobby)).toEqual(['a', 'b']);
    expect(store.get().lobbyPage).toEqual({ next: 'cur-b', total: 5 });
    store.expectMoreTables();
    expect(store.get().lobbyAppend).toBe(true);
    store.receive(page(['c', 'd'], 'cur-d', 5));
    expect(Object.keys(store.get().lobby).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(store.get().lobbyPage).toEqual({ next: 'cur-d', total: 5 });
    expect(store.get().lobbyAppend).toBe(false);
    // A first page again (a reconnection's watch) replaces everything.
    store.receive(page(['e'], null, 1));
    expect(Object.keys(store.get().lobby)).toEqual(['e']);
    expect(store.get().lobbyPage).toEqual({ next: null, total: 1 });
    // A refused request for more leaves the next first page replacing.
    store.expectMoreTables();
    store.cancelMoreTables();
    store.receive(page(['f'], null, 1));
    expect(Object.keys(store.get().lobby)).toEqual(['f']);
  });

  it('changes keep working on every page shown: a closed table leaves the list', () => {
    const store = new Store();
    store.receive(page(['a'], 'cur-a', 2));
    store.expectMoreTables();
    store.receive(page(['b'], null, 2));
    store.receive({ type: 'lobby.table', table: lobbyTable('b', { spectators: 3 }) });
    expect(store.get().lobby.b!.spectators).toBe(3);
    store.receive({ type: 'lobby.table', table: lobbyTable('a', { status: 'closed' }) });
    expect(Object.keys(store.get().lobby)).toEqual(['b']);
    store.receive({ type: 'lobby.removed', tableId: 'b' });
    expect(store.get().lobby).toEqual({});
  });
});

describe("a seat's vacation label", () => {
  const DAY = 86_400_000;
  it('is looked at again just after its end, or at the longest timer for an end further off; never once it is past', () => {
    expect(lookAgainIn(T0 + 5000, T0)).toBe(5001);
    // A vacation of 30 days ends past what one timer waits: the page looks again then, and again.
    expect(lookAgainIn(T0 + 30 * DAY, T0)).toBe(2 ** 31 - 1);
    expect(lookAgainIn(T0 + 30 * DAY, T0 + 2 ** 31 - 1)).toBe(30 * DAY - (2 ** 31 - 1) + 1);
    expect(lookAgainIn(T0, T0)).toBeNull();
    expect(lookAgainIn(T0 - 1, T0)).toBeNull();
    expect(lookAgainIn(undefined, T0)).toBeNull();
  });
});
