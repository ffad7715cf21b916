import { describe, expect, it, vi } from 'vitest';
import { TestClock } from '../src/index.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { UNLOAD_AFTER_MS, WAKE_AHEAD_MS, WAKE_EVERY_MS } from '../src/waiting-tables.js';
import { readLog } from './support/game-log.js';
import { serverPerTest } from './support/per-test.js';
import { testServer } from './support/server.js';
import { isGame, isTable, seen } from './support/table-driver.js';
import { startedTurnBased } from './support/turn-based.js';
import { until } from './support/until.js';

// A turn-based table through the server, on a paused clock the test moves by days: it is made,
// listed and told as turn-based, and a move whose time and bank run out with nobody connected is
// played by a stand-in and stored as such (docs/protocol.md, "Turn-based tables").

const { start, connect, adopt } = serverPerTest();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('a turn-based table through the server', () => {
  it('runs its clock with nobody there: the time per move, then the bank, then a stand-in for that move', async () => {
    const clock = new TestClock();
    const { dbPath } = await start({}, { clock, seed: () => 'turn-based-server' });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const carol = await connect('Carol'); // watches only
    const made = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, turnBased: { moveSeconds: 86_400, bankSeconds: 3600 } });
    if (made.type !== 'table') throw new Error(JSON.stringify(made));
    const tableId = made.table.id;
    expect(made.table).toMatchObject({ moveTimer: 86_400, turnBased: { bankSeconds: 3600, vacation: false }, grace: expect.any(Number) });
    expect(await bob.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    expect(await carol.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    const startedAt = clock.now();
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    const first = await seen(carol, isGame(tableId, (m) => m.seq === 0));
    expect(first.banks).toEqual([HOUR, HOUR]);
    expect(first.deadline).toBe(startedAt + DAY + HOUR);
    const mover = first.waitingFor[0]!;

    // Both players close their pages: nothing happens for a day and an hour, not even a grace stand-in.
    ann.close();
    bob.close();
    await seen(carol, isTable(tableId, (t) => t.table.seats.every((s) => s.kind !== 'player' || !s.connected)));
    clock.advance(DAY + HOUR - 1);
    const still = await carol.request({ type: 'table.watch', tableId });
    expect(still).toMatchObject({ type: 'table' });
    expect((await readLog(dbPath, tableId)).actions).toEqual([]);

    // Then the clock runs out: a stand-in plays that one move, and the seat is its player's again.
    const from = carol.received.length;
    clock.advance(1);
    // The seat shows its stand-in (the step that says so also arms the bot's moment).
    const standIn = await seen(carol, isTable(tableId, (t) => (t.table.seats[mover] as { awayReason?: string | null }).awayReason === 'timeout'), from);
    clock.advance(2000); // a bot's moment (armed in the step that showed the stand-in)
    const movedYet = isGame(tableId, (m) => m.seq === 1);
    const moved = await seen(carol, movedYet);
    expect(moved.banks![mover]).toBe(0);
    const log = await readLog(dbPath, tableId);
    expect(log.actions).toMatchObject([{ seq: 0, seat: mover, by: 'stand-in' }]);
    // Told with the move: the seat is its player's again.
    const table = await seen(carol, isTable(tableId), carol.received.indexOf(standIn) + 1);
    expect(carol.received.indexOf(table)).toBeLessThan(carol.received.indexOf(moved));
    expect(table.table.seats[mover]).toMatchObject({ away: false, awayReason: null });
  });

  it('is refused with BAD_MESSAGE, naming the field, for clocks it cannot have, and makes no table', async () => {
    await start();
    const ann = await connect('Ann');
    for (const turnBased of [{ moveSeconds: 3600 }, { moveSeconds: 86_400, bankSeconds: -5 }, { moveSeconds: 86_400, windowSeconds: 10 }]) {
      const r = await ann.request({ type: 'table.create', game: 'stir-fry-eighteen', seats: 2, turnBased });
      expect(r).toMatchObject({ type: 'error', code: 'BAD_MESSAGE', message: expect.stringContaining('turnBased') });
    }
    const mixed = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, moveTimer: 30, turnBased: { moveSeconds: 86_400 } });
    expect(mixed).toMatchObject({ type: 'error', code: 'BAD_MESSAGE', message: expect.stringContaining('"moveTimer"') });
    const flip = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, turnBased: { moveSeconds: 86_400, windowSeconds: 600 } });
    expect(flip).toMatchObject({ type: 'error', code: 'BAD_MESSAGE', message: expect.stringContaining('no response window') });
    const lobby = await ann.request({ type: 'lobby.watch' });
    expect(lobby).toMatchObject({ type: 'lobby', tables: [] });
  });
});

describe('a turn-based table waiting out of memory', () => {
  it('leaves memory with its due time stored, is woken before it is due, and comes back for a watcher and after a restart', async () => {
    const clock = new TestClock();
    const server = await start({}, { clock, seed: () => 'turn-based-waiting' });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const startedAt = clock.now();
    const tableId = await startedTurnBased(ann, bob);
    const due = startedAt + DAY;
    const hosted = () => server.hub.tables.has(tableId);
    const dueIn = async (by: number) => {
      const store = new SqliteStore(server.dbPath);
      try { return (await store.dueTables(by, 10)).some((d) => d.id === tableId); } finally { await store.close(); }
    };

    // Watched, it stays; once nobody watches and its clock is a day off, it leaves memory.
    expect(hosted()).toBe(true);
    ann.close();
    bob.close();
    await until('the waiting table leaves memory', () => !hosted(), 5000);
    expect(await dueIn(due)).toBe(true);
    expect(await dueIn(due - 1)).toBe(false);
    expect(due - clock.now()).toBeGreaterThan(UNLOAD_AFTER_MS);

    // A watcher brings it back, with its clock as it was; when they go, it leaves again.
    const carol = await connect('Carol');
    expect(await carol.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    expect((await seen(carol, isGame(tableId, (m) => m.history !== undefined))).deadline).toBe(due);
    carol.close();
    await until('the table leaves memory again', () => !hosted(), 5000);

    // A restart hosts it not; the waker loads it once it is due within WAKE_AHEAD_MS, in time for its clock.
    await server.close();
    const later = new TestClock({ start: due - WAKE_AHEAD_MS - WAKE_EVERY_MS });
    const again = await testServer({ dbPath: server.dbPath }, { clock: later, seed: () => 'turn-based-waiting' });
    adopt(again);
    expect(again.hub.tables.has(tableId)).toBe(false);
    // Woken, timed out, played for and unloaded, the table writes its due moment once: the next day's, as it leaves.
    const dueWrites = vi.spyOn(again.hub.store, 'setTableDue');
    const summaryWrites = vi.spyOn(again.hub.store.turns, 'saveTurnSummary');
    later.advance(WAKE_EVERY_MS);
    await until('the waker loads the table due soon', () => again.hub.tables.has(tableId), 5000);
    expect((await readLog(again.dbPath, tableId)).actions).toEqual([]);
    // Its clock runs out: the stand-in moves at the due time, and the table waits out of memory for the next move.
    later.advance(WAKE_AHEAD_MS);
    const woken = again.hub.tables.get(tableId)!;
    await until("the clock's running out has been taken", () => Object.values(woken.state.away).includes('timeout'), 5000);
    later.advance(0); // the stand-in's moment (bots take none in tests)
    await until('the stand-in has moved', async () => (await readLog(again.dbPath, tableId)).actions.length > 0, 5000);
    const [move] = (await readLog(again.dbPath, tableId)).actions;
    expect(move).toMatchObject({ seq: 0, by: 'stand-in', at: new Date(due).toISOString() });
    await until('the table leaves memory after the move', () => !again.hub.tables.has(tableId), 5000);
    expect(dueWrites.mock.calls).toEqual([[tableId, due + DAY, undefined]]);
    // Its summary for "Your turns" is written at the running out and at the move, not again at the load (the store has it).
    const summaries = summaryWrites.mock.calls.map((c) => JSON.parse(c[1]!.body) as { seq: number; deadline: number | null; toMove: number[] });
    expect(summaries.map((b) => [b.seq, b.deadline, b.toMove])).toEqual([[0, null, [1]], [1, due + DAY, [0]]]);
  });

  it("writes its summary at its load when the last write failed, and not when the store has it", async () => {
    const clock = new TestClock();
    const server = await start({}, { clock, seed: () => 'turn-based-summary-fault' });
    // No summary can be stored while it is played and left: the store keeps none for the table.
    const failing = vi.spyOn(server.hub.store.turns, 'saveTurnSummary').mockRejectedValue(new Error('the disk is full'));
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const tableId = await startedTurnBased(ann, bob);
    ann.close();
    bob.close();
    await until('the waiting table leaves memory', () => !server.hub.tables.has(tableId), 5000);
    expect(failing).toHaveBeenCalled();
    failing.mockRestore();
    const summaries = vi.spyOn(server.hub.store.turns, 'saveTurnSummary');

    // A watcher loads it: its load writes the summary the store lacks.
    const carol = await connect('Carol');
    expect(await carol.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    await until('the load wrote the summary', () => summaries.mock.calls.length === 1, 5000);
    expect(JSON.parse(summaries.mock.calls[0]![1]!.body)).toMatchObject({ tableId, seq: 0, deadline: expect.any(Number) });
    carol.close();
    await until('the table leaves memory again', () => !server.hub.tables.has(tableId), 5000);

    // Loaded again with the store up to date: nothing is written.
    const dan = await connect('Dan');
    expect(await dan.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    await seen(dan, isGame(tableId, (m) => m.seq === 0));
    expect(summaries.mock.calls).toHaveLength(1);
  });
});
