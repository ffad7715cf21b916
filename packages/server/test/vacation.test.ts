import type { VacationState } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { WAKE_AHEAD_MS, WAKE_EVERY_MS } from '../src/waiting-tables.js';
import type { TestClient } from './support/client.js';
import { readLog } from './support/game-log.js';
import { serverPerTest } from './support/per-test.js';
import type { TestServer } from './support/server.js';
import { isGame, isTable, seen } from './support/table-driver.js';
import { startedTurnBased } from './support/turn-based.js';
import { until } from './support/until.js';

// Days off over HTTP and their effect on turn-based tables, on a paused clock the test moves by
// days (docs/api.md, "Vacation"; docs/protocol.md, "Turn-based tables"): declared while a table
// waits out of memory, its due time moves by the vacation and no stand-in plays during it; after
// it, the clock runs again; a table that does not allow vacations times out as before. 30 days a
// calendar year, every day begun counted, refused clearly beyond; accounts only.

const { start, server, anonymous, account } = serverPerTest();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function vacation(method: 'GET' | 'PUT' | 'DELETE', token: string, body?: object): Promise<{ status: number; body: VacationState & { error?: string; message?: string } }> {
  const res = await fetch(`${server().url}/api/accounts/vacation`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() as VacationState & { error?: string } };
}

/** A started 2-seat turn-based Flip 7 table of `a` and `b`: a day a move, no bank. */
const turnTable = (a: TestClient, b: TestClient, vacation: boolean) => startedTurnBased(a, b, { moveSeconds: 86_400, bankSeconds: 0, vacation });

/** A view of the server's waiting tables and clock. */
function waiting(s: TestServer, clock: TestClock) {
  const dueBy = async (id: string, by: number) => {
    const store = new SqliteStore(s.dbPath);
    try { return (await store.dueTables(by, 100)).some((t) => t.id === id); } finally { await store.close(); }
  };
  return {
    hosted: (id: string) => s.hub.tables.has(id),
    /** The table's stored due time is exactly `at`. */
    dueAt: async (id: string, at: number) => await dueBy(id, at) && !await dueBy(id, at - 1),
    /**
     * Brings the clock to `WAKE_AHEAD_MS` before `due`, then on a second at a time until the waker
     * (which looks every WAKE_EVERY_MS, arming again after each look) has loaded table `id`; never
     * up to `due` itself, where its clock runs out.
     */
    wakeBefore: async (id: string, due: number) => {
      clock.advance(due - WAKE_AHEAD_MS - clock.now());
      await until(`the waker loads ${id}`, () => {
        if (s.hub.tables.has(id)) return true;
        if (clock.now() + 1000 < due) clock.advance(1000);
        return false;
      }, 5000);
    },
  };
}

describe('a vacation and the turn-based tables', () => {
  it('declared while a table waits out of memory moves its due time; no stand-in plays during it, the clock runs after; a table without vacations times out as before', async () => {
    const clock = new TestClock();
    const s = await start({ sweepSeconds: 60 }, { clock, seed: () => 'vacation-server' });
    const w = waiting(s, clock);
    const ann = await account('Ann');
    const bob = await account('Bob');
    const t0 = clock.now();
    const allows = await turnTable(ann.client, bob.client, true);
    const plain = await turnTable(ann.client, bob.client, false);
    const first = (await seen(ann.client, isGame(allows, (m) => m.seq === 0))).waitingFor[0]!;
    const mover = first === 0 ? ann : bob;
    // Nobody watches: both tables leave memory, due a day after the start.
    ann.client.close();
    bob.client.close();
    await until('both tables leave memory', () => !w.hosted(allows) && !w.hosted(plain), 5000);
    expect(await w.dueAt(allows, t0 + DAY)).toBe(true);

    // An hour in, the player on the move takes two days off.
    clock.advance(HOUR);
    const put = await vacation('PUT', mover.token, { days: 2 });
    expect(put).toMatchObject({ status: 200, body: { vacation: { from: t0 + HOUR, to: t0 + HOUR + 2 * DAY, running: true }, usedDays: 2, daysLeft: 28 } });
    // The table allowing vacations is made due now; the waker loads it, and it waits again, due two days later.
    expect(await w.dueAt(allows, t0 + HOUR)).toBe(true);
    clock.advance(WAKE_EVERY_MS);
    await until('the waker loads the table, its clock two days later', () => s.hub.tables.get(allows)?.state.timers.move?.at === t0 + 3 * DAY, 5000);
    // It leaves memory again at its next step (the idle sweep's, within a minute), its new due time stored.
    clock.advance(60_000);
    await until('the table waits again, due two days later', async () => !w.hosted(allows) && await w.dueAt(allows, t0 + 3 * DAY), 5000);
    // The other table is untouched.
    expect(await w.dueAt(plain, t0 + DAY)).toBe(true);

    // A day after the start: the table without vacations times out, its stand-in moves; the other waits.
    await w.wakeBefore(plain, t0 + DAY);
    clock.advance(t0 + DAY - clock.now());
    // The stand-in's moment (bots take none in tests) is armed by the step that ran out of time.
    await until('its stand-in has moved', async () => { clock.advance(0); return (await readLog(s.dbPath, plain)).actions.length > 0; }, 5000);
    expect((await readLog(s.dbPath, plain)).actions[0]).toMatchObject({ seq: 0, seat: first, by: 'stand-in', at: new Date(t0 + DAY).toISOString() });
    clock.advance(t0 + 2 * DAY - clock.now());
    expect((await readLog(s.dbPath, allows)).actions).toEqual([]);
    expect(w.hosted(allows)).toBe(false);

    // The vacation over, the clock runs on: its day had an hour gone before it, so it runs out two days later than it would have.
    await w.wakeBefore(allows, t0 + 3 * DAY);
    clock.advance(t0 + 3 * DAY - clock.now());
    // The stand-in's moment (bots take none in tests) is armed by the step that ran out of time.
    await until('its stand-in has moved', async () => { clock.advance(0); return (await readLog(s.dbPath, allows)).actions.length > 0; }, 5000);
    expect((await readLog(s.dbPath, allows)).actions[0]).toMatchObject({ seq: 0, seat: first, by: 'stand-in', at: new Date(t0 + 3 * DAY).toISOString() });
  });

  it('at a table in memory, moves the deadline at once, shows the seat on vacation, and ended early gives the clock back', async () => {
    const clock = new TestClock();
    await start({}, { clock, seed: () => 'vacation-server' });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const t0 = clock.now();
    const tableId = await turnTable(ann.client, bob.client, true);
    const first = (await seen(ann.client, isGame(tableId, (m) => m.seq === 0))).waitingFor[0]!;
    const mover = first === 0 ? ann : bob;
    const watcher = first === 0 ? bob.client : ann.client;
    clock.advance(HOUR);
    let from = watcher.received.length;
    expect((await vacation('PUT', mover.token, { days: 3 })).status).toBe(200);
    expect((await seen(watcher, isGame(tableId, (m) => m.deadline === t0 + 4 * DAY), from)).seq).toBe(0);
    const shown = await seen(watcher, isTable(tableId, (t) => 'vacationUntil' in t.table.seats[first]!), from);
    expect(shown.table.seats[first]).toMatchObject({ vacationUntil: t0 + HOUR + 3 * DAY });
    // Ended a day and a half in: the day and a half counts, the rest does not; two days begun are taken.
    clock.advance(1.5 * DAY);
    from = watcher.received.length;
    const ended = await vacation('DELETE', mover.token);
    expect(ended).toMatchObject({ status: 200, body: { vacation: null, usedDays: 2, daysLeft: 28 } });
    await seen(watcher, isGame(tableId, (m) => m.deadline === t0 + DAY + 1.5 * DAY), from);
    const back = await seen(watcher, isTable(tableId), from);
    expect(back.table.seats[first]).not.toHaveProperty('vacationUntil');
  });
});

describe('the vacation allowance', () => {
  it('is 30 days a calendar year, every day begun counted; refused beyond, one at a time, accounts only, within the next weeks', async () => {
    const clock = new TestClock({ start: Date.UTC(2026, 2, 1, 12) });
    await start({}, { clock });
    const ann = await account('Ann');
    expect((await vacation('GET', ann.token)).body).toEqual({ year: 2026, allowanceDays: 30, usedDays: 0, daysLeft: 30, startWithinDays: 28, vacation: null });
    expect((await vacation('PUT', ann.token, { days: 10 })).status).toBe(200);
    // One at a time.
    expect((await vacation('PUT', ann.token, { days: 1, start: clock.now() + 20 * DAY })).body).toMatchObject({ error: 'VACATION_EXISTS' });
    // Ended an hour in: the day begun counts.
    clock.advance(HOUR);
    expect((await vacation('DELETE', ann.token)).body).toMatchObject({ usedDays: 1, daysLeft: 29, vacation: null });
    // Planned for next week, then dropped before it begins: nothing counts.
    const planned = await vacation('PUT', ann.token, { days: 5, start: clock.now() + 7 * DAY });
    expect(planned.body).toMatchObject({ usedDays: 6, vacation: { from: clock.now() + 7 * DAY, running: false } });
    expect((await vacation('DELETE', ann.token)).body).toMatchObject({ usedDays: 1, vacation: null });
    // 29 left: 30 is refused with a sentence that says so, and nothing is written; 29 fits.
    const refused = await vacation('PUT', ann.token, { days: 30 });
    expect(refused).toMatchObject({ status: 409, body: { error: 'VACATION_ALLOWANCE', message: expect.stringContaining("29 of 2026's are left") } });
    expect((await vacation('GET', ann.token)).body).toMatchObject({ usedDays: 1, vacation: null });
    expect((await vacation('PUT', ann.token, { days: 29 })).body).toMatchObject({ usedDays: 30, daysLeft: 0 });
    clock.advance(29 * DAY);
    expect((await vacation('PUT', ann.token, { days: 1 })).body).toMatchObject({ error: 'VACATION_ALLOWANCE' });
    // Out of reach: a start in the past or more than 28 days ahead, a length beyond the year's days.
    for (const bad of [{ days: 1, start: clock.now() - DAY }, { days: 1, start: clock.now() + 29 * DAY }, { days: 31 }, { days: 0 }, { days: 1.5 }]) {
      expect((await vacation('PUT', ann.token, bad)).body, JSON.stringify(bad)).toMatchObject({ error: 'BAD_REQUEST' });
    }
    // A guest has none; no token, no answer.
    const guest = await anonymous();
    const hello = await guest.request({ type: 'hello', name: 'Gus' });
    if (hello.type !== 'welcome') throw new Error(JSON.stringify(hello));
    expect(await vacation('PUT', hello.token, { days: 1 })).toMatchObject({ status: 403, body: { error: 'ACCOUNT_REQUIRED' } });
    expect((await fetch(`${server().url}/api/accounts/vacation`)).status).toBe(401);
  });

  it('counts the days of a vacation across New Year in the year each begins in', async () => {
    const clock = new TestClock({ start: Date.UTC(2026, 11, 29, 12) });
    await start({}, { clock });
    const ann = await account('Ann');
    // Dec 29 12:00 for 5 days: days begin on the 29th, 30th and 31st of 2026, and the 1st and 2nd of 2027.
    expect((await vacation('PUT', ann.token, { days: 5 })).body).toMatchObject({ year: 2026, usedDays: 3 });
    clock.advance(4 * DAY);
    expect((await vacation('GET', ann.token)).body).toMatchObject({ year: 2027, usedDays: 2, daysLeft: 28 });
  });
});
