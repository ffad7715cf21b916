import type { GameEvent, GameSnapshot, PlayerInfo, ServerMessage, TableSummary } from '@parlor/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AppState, Store, reduce } from '../src/state/store.js';

// The web client's state is a fold of the server's messages (src/state/store.ts). Messages here
// carry only the fields the reducer reads; the rest of each is cast.

const ann: PlayerInfo = { id: 'p-ann', name: 'Ann' };
/** The store's own first state (whatever it holds), connected. */
const empty: AppState = { ...new Store().get(), connection: 'open' };

function summary(id: string, over: Partial<TableSummary> = {}): TableSummary {
  return {
    id, game: 'flip-7', options: { target: 200 }, seats: [], status: 'open', private: false, moveTimer: 0, responseWindow: null,
    creator: ann, gameNo: 0, spectators: 0, createdAt: '2025-01-01T00:00:00.000Z', ...over,
  } as TableSummary;
}
const tableMsg = (t: TableSummary, yourSeats: number[] = [0], invite: string | null = null): ServerMessage =>
  ({ type: 'table', table: t, invite, yourSeats });
const ev = (n: number): GameEvent => ({ type: 'turn-start', player: 0, turn: n }) as GameEvent;
function game(tableId: string, seat: number | null, seq: number, events: GameEvent[], over: Partial<GameSnapshot> = {}): ServerMessage {
  return {
    type: 'game', tableId, gameNo: 1, seq, seat, view: {} as GameSnapshot['view'], events, legal: [], waitingFor: [], deadline: null,
    commitment: 'c', seed: null, outcome: null, stats: null, ...over,
  } as ServerMessage;
}
const fold = (messages: ServerMessage[], from: AppState = empty): AppState => messages.reduce(reduce, from);
const logOf = (s: AppState, tableId = 't1') => s.tables[tableId]!.log.map((l) => [l.seq, (l.event as { turn: number }).turn]);

afterEach(() => { vi.restoreAllMocks(); });

describe('reduce: who we are and the lobby', () => {
  it('welcome: the player and the bot levels of each game', () => {
    const s = reduce(empty, { type: 'welcome', player: ann, token: 't', seatedAt: [], version: 1, account: false, botLevels: { 'flip-7': ['random', 'basic'], 'stir-fry-eighteen': ['random'] }, grace: 30 });
    expect(s.player).toEqual(ann);
    expect(s.botLevels).toEqual({ 'flip-7': ['random', 'basic'], 'stir-fry-eighteen': ['random'] });
    expect(s.lobby).toBe(empty.lobby);
    // A server that sends no levels (protocol 1's first release) leaves none.
    const old = reduce(s, { type: 'welcome', player: ann, token: 't', seatedAt: [], version: 1 } as unknown as ServerMessage);
    expect(old.botLevels).toEqual({});
  });

  it('lobby: the tables listed, by id, replacing what was there', () => {
    const s = fold([
      { type: 'lobby', tables: [summary('a'), summary('b')] } as unknown as ServerMessage,
      { type: 'lobby', tables: [summary('b', { spectators: 2 }), summary('c')] } as unknown as ServerMessage,
    ]);
    expect(Object.keys(s.lobby).sort()).toEqual(['b', 'c']);
    expect(s.lobby.b!.spectators).toBe(2);
  });

  it('lobby.table of a table new since the page counts it in the total: never more shown than there are', () => {
    let s = fold([{ type: 'lobby', tables: [summary('a'), summary('b')], total: 2 } as unknown as ServerMessage]);
    s = reduce(s, { type: 'lobby.table', table: summary('c') });
    expect(s.lobbyPage.total).toBe(3);
    s = reduce(s, { type: 'lobby.table', table: summary('a', { status: 'running' }) });
    expect(s.lobbyPage.total).toBe(3);
    const more = fold([{ type: 'lobby', tables: [summary('a')], total: 40 } as unknown as ServerMessage]);
    expect(reduce(more, { type: 'lobby.table', table: summary('z') }).lobbyPage.total).toBe(40);
  });

  it('lobby.table adds or updates a table, and drops it once finished; lobby.removed drops it', () => {
    let s = fold([{ type: 'lobby', tables: [summary('a')] } as unknown as ServerMessage]);
    s = reduce(s, { type: 'lobby.table', table: summary('b') });
    expect(Object.keys(s.lobby).sort()).toEqual(['a', 'b']);
    s = reduce(s, { type: 'lobby.table', table: summary('a', { status: 'running' }) });
    expect(s.lobby.a!.status).toBe('running');
    s = reduce(s, { type: 'lobby.table', table: summary('a', { status: 'finished' }) });
    expect(Object.keys(s.lobby)).toEqual(['b']);
    const before = s.lobby;
    s = reduce(s, { type: 'lobby.removed', tableId: 'b' });
    expect(s.lobby).toEqual({});
    expect(before).toEqual({ b: summary('b') }); // the state before is not changed (pure)
    expect(reduce(s, { type: 'lobby.removed', tableId: 'nope' }).lobby).toEqual({});
  });
});

describe('reduce: tables and their games', () => {
  it('table: a table as first seen (no games, no log, no chat)', () => {
    const s = reduce(empty, tableMsg(summary('t1'), [1], 'inv'));
    expect(s.tables.t1).toEqual({ summary: summary('t1'), invite: 'inv', yourSeats: [1], games: {}, log: [], chat: [] });
  });

  it('table: the same game keeps its snapshots, log and chat; a new game resets snapshots and log, keeps the chat', () => {
    let s = fold([
      tableMsg(summary('t1', { gameNo: 1, status: 'running' })),
      game('t1', 0, 0, [ev(1)]),
      { type: 'chat', id: 'l1', tableId: 't1', from: ann, text: 'hi', at: 'x' },
    ]);
    s = reduce(s, tableMsg(summary('t1', { gameNo: 1, status: 'running', spectators: 3 }), [0]));
    expect(s.tables.t1!.summary.spectators).toBe(3);
    expect(Object.keys(s.tables.t1!.games)).toEqual(['0']);
    expect(logOf(s)).toEqual([[0, 1]]);
    s = reduce(s, tableMsg(summary('t1', { gameNo: 2, status: 'running' }), [0]));
    expect(s.tables.t1!.games).toEqual({});
    expect(s.tables.t1!.log).toEqual([]);
    expect(s.tables.t1!.chat.map((c) => c.text)).toEqual(['hi']);
  });

  it('game: ignored for a table not known', () => {
    const s = fold([tableMsg(summary('t1'))]);
    expect(reduce(s, game('t2', 0, 0, [ev(1)]))).toBe(s);
  });

  it('game: logs events once, from the first seat held, in order; older and repeated snapshots add nothing', () => {
    const s = fold([
      tableMsg(summary('t1', { gameNo: 1 }), [0, 2]),
      game('t1', 0, 0, [ev(1)]),
      game('t1', 2, 0, [ev(1)]), // the same move seen from the second seat held
      game('t1', 0, 1, [ev(2), ev(3)]),
      game('t1', 2, 1, [ev(2), ev(3)]),
      game('t1', 0, 1, [ev(2), ev(3)]), // sent again (a watch between moves)
      game('t1', 0, 0, [ev(9)]), // late: older than what we have
    ]);
    expect(logOf(s)).toEqual([[0, 1], [1, 2], [1, 3]]);
    expect(Object.keys(s.tables.t1!.games).sort()).toEqual(['0', '2']);
    expect(s.tables.t1!.games['2']!.seq).toBe(1);
  });

  it('game: a spectator\'s snapshots are kept under "spectator" and logged when no seat is held', () => {
    const s = fold([tableMsg(summary('t1', { gameNo: 1 }), []), game('t1', null, 0, [ev(1)]), game('t1', null, 1, [ev(2)])]);
    expect(Object.keys(s.tables.t1!.games)).toEqual(['spectator']);
    expect(logOf(s)).toEqual([[0, 1], [1, 2]]);
  });

  it('game: a snapshot with the history (reload, reconnection) rebuilds the log', () => {
    const s = fold([
      tableMsg(summary('t1', { gameNo: 1 })),
      game('t1', 0, 0, [ev(1)]),
      game('t1', 0, 5, [], { history: [ev(1), ev(2), ev(3)] }),
    ]);
    expect(logOf(s)).toEqual([[5, 1], [5, 2], [5, 3]]);
    // History for another seat than the logged one does not touch the log.
    const t = reduce(fold([tableMsg(summary('t1', { gameNo: 1 }), [0, 1]), game('t1', 0, 0, [ev(1)])]), game('t1', 1, 0, [], { history: [ev(7)] }));
    expect(logOf(t)).toEqual([[0, 1]]);
  });

  it('game: a snapshot of a new game (play again) resets snapshots and log', () => {
    const s = fold([
      tableMsg(summary('t1', { gameNo: 1 }), [0, 1]),
      game('t1', 0, 0, [ev(1)]),
      game('t1', 1, 0, [ev(1)]),
      game('t1', 0, 4, [ev(4)]),
      game('t1', 0, 0, [ev(10)], { gameNo: 2 }),
    ]);
    expect(Object.keys(s.tables.t1!.games)).toEqual(['0']);
    expect(s.tables.t1!.games['0']!.gameNo).toBe(2);
    expect(logOf(s)).toEqual([[0, 10]]);
    // With its history, the new game's log is that history.
    const h = reduce(s, game('t1', 0, 0, [], { gameNo: 3, history: [ev(20), ev(21)] }));
    expect(Object.keys(h.tables.t1!.games)).toEqual(['0']);
    expect(logOf(h)).toEqual([[0, 20], [0, 21]]);
  });
});

describe('reduce: chat and notices', () => {
  it('chat: appended per table, the last 200 lines kept; ignored for a table not known', () => {
    let s = fold([tableMsg(summary('t1')), tableMsg(summary('t2'))]);
    for (let i = 0; i < 205; i++) s = reduce(s, { type: 'chat', id: `l${i}`, tableId: 't1', from: ann, text: `m${i}`, at: `${i}` });
    s = reduce(s, { type: 'chat', id: 'l2', tableId: 't2', from: ann, text: 'other', at: 'x' });
    const lines = s.tables.t1!.chat;
    expect(lines).toHaveLength(200);
    expect(lines[0]!.text).toBe('m5');
    expect(lines.at(-1)).toEqual({ id: 'l204', from: ann, text: 'm204', at: '204' });
    expect(s.tables.t2!.chat.map((c) => c.text)).toEqual(['other']);
    expect(reduce(s, { type: 'chat', id: 'l3', tableId: 'nope', from: ann, text: 'x', at: 'x' })).toBe(s);
  });

  it('error: the notice to show, with its code and message; ok and pong change nothing', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_234);
    const s = reduce(empty, { type: 'error', code: 'SEAT_TAKEN', message: 'That seat is taken.' });
    expect(s.notice).toEqual({ code: 'SEAT_TAKEN', message: 'That seat is taken.', at: 1_234 });
    expect(reduce(s, { type: 'ok' })).toBe(s);
    expect(reduce(s, { type: 'pong' })).toBe(s);
  });
});

describe('Store', () => {
  it('tells its listeners of a change, not of a message that changes nothing; clears the notice', () => {
    const store = new Store();
    let calls = 0;
    const stop = store.subscribe(() => { calls++; });
    store.receive({ type: 'error', code: 'STALE', message: 'm' });
    expect(calls).toBe(1);
    expect(store.get().notice?.code).toBe('STALE');
    store.receive({ type: 'pong' });
    expect(calls).toBe(1);
    store.clearNotice();
    expect(store.get().notice).toBeNull();
    store.setConnection('connecting');
    expect(store.get().connection).toBe('connecting');
    expect(calls).toBe(3);
    stop();
    store.setConnection('open');
    expect(calls).toBe(3);
  });
});
