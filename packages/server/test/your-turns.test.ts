import type { GameEvent, YourTurnTable, YourTurns } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import { byUrgency } from '../src/turn-summaries.js';
import { serverPerTest } from './support/per-test.js';
import { isGame, seen } from './support/table-driver.js';
import { until } from './support/until.js';

// GET /api/me/turns over HTTP, on a server whose clock the test moves by days: a player's running
// turn-based tables, listed from the store (a table waiting out of memory too), your move first,
// and nothing in them that a spectator could not see (docs/api.md, "Your turn-based tables").

const { start, server, connect } = serverPerTest();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function turns(token: string | null): Promise<{ status: number; json: unknown; text: string; cache: string | null }> {
  const res = await fetch(`${server().url}/api/me/turns`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as unknown, text, cache: res.headers.get('cache-control') };
}
const list = async (token: string) => (await turns(token)).json as YourTurns;
/** Waits until the answer for `token` passes `test` (the summary is written just after each step), and gives it. */
async function listed(token: string, what: string, test: (a: YourTurns) => boolean): Promise<YourTurns> {
  let last: YourTurns | null = null;
  await until(what, async () => { const r = await list(token); if (Array.isArray(r.tables)) last = r; return last !== null && test(last); }, 5000, () => JSON.stringify(last));
  return last!;
}

describe('GET /api/me/turns', () => {
  it("lists a player's turn-based tables from the store, a table out of memory too, with whose move and its deadline", async () => {
    const clock = new TestClock();
    const s = await start({}, { clock, seed: () => 'your-turns-waiting' });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const made = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, turnBased: { moveSeconds: 86_400, bankSeconds: 3600 } });
    if (made.type !== 'table') throw new Error(JSON.stringify(made));
    const tableId = made.table.id;
    expect(await bob.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });

    // Not started: nothing to list (a guest with a session may ask; without a token it is refused).
    expect((await list(ann.token!)).tables).toEqual([]);
    const anonymous = await turns(null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ error: 'UNAUTHORIZED' });
    expect((await turns('not-a-token')).status).toBe(401);

    const startedAt = clock.now();
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    const first = await seen(ann, isGame(tableId, (m) => m.seq === 0));
    const mover = first.waitingFor[0]!;
    const [moverClient, other] = mover === 0 ? [ann, bob] : [bob, ann];
    const due = startedAt + DAY + HOUR;
    expect(first.deadline).toBe(due);

    const mine = await listed(moverClient.token!, 'the table listed', (a) => a.tables.length === 1);
    expect(mine.now).toBe(clock.now());
    expect(mine.tables[0]).toMatchObject({
      tableId, game: 'flip-7', gameNo: 1, seq: 0, private: false, yourSeats: [mover], toMove: [mover], yourMove: true, window: false,
      deadline: due, moveSeconds: 86_400, bankSeconds: 3600, banks: [HOUR, HOUR], yourBank: HOUR,
      seats: [{ seat: 0, kind: 'player', name: 'Ann' }, { seat: 1, kind: 'player', name: 'Bob' }],
      lastMove: { seat: null, by: null, at: startedAt },
    });
    expect((await turns(moverClient.token!)).cache).toBe('private, no-store');
    const theirs = await list(other.token!);
    expect(theirs.tables).toMatchObject([{ tableId, yourSeats: [1 - mover], toMove: [mover], yourMove: false, deadline: due }]);
    // No player's id goes out: seats are names.
    expect(JSON.stringify(theirs)).not.toContain(ann.playerId!);
    expect(JSON.stringify(theirs)).not.toContain(bob.playerId!);

    // Everyone goes: the table leaves memory, and is still listed from the store, as it was.
    ann.close();
    bob.close();
    await until('the waiting table leaves memory', () => !s.hub.tables.has(tableId), 5000);
    const away = await list(moverClient.token!);
    expect(away.tables).toMatchObject([{ tableId, toMove: [mover], yourMove: true, deadline: due, lastMove: { seat: null } }]);

    // Its clock runs out: a watcher brings the table back, a stand-in moves, and the list says so.
    const carol = await connect('Carol');
    expect(await carol.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    const from = carol.received.length;
    clock.advance(due - clock.now());
    const woken = s.hub.tables.get(tableId)!;
    await until('the time has run out', () => Object.values(woken.state.away).includes('timeout'), 5000);
    clock.advance(0); // the stand-in's moment (bots take none in tests)
    await seen(carol, isGame(tableId, (m) => m.seq === 1), from);
    const after = await listed(other.token!, 'the stand-in move listed', (a) => a.tables[0]?.seq === 1);
    expect(await carol.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    const now = await seen(carol, isGame(tableId, (m) => m.history !== undefined && m.seq === 1));
    expect(after.tables[0]).toMatchObject({
      toMove: now.waitingFor, deadline: now.deadline, banks: now.banks, lastMove: { seat: mover, by: 'stand-in', at: due },
    });
    expect(after.tables[0]!.yourMove).toBe(now.waitingFor.includes(1 - mover));
    // The last move's events are the spectator's: as the log the watcher got ends.
    const moves = now.historyMoves!;
    expect(after.tables[0]!.lastMove!.events).toEqual(now.history!.slice(now.history!.length - moves.at(-1)!.events));
  });

  it('never carries a hidden card: the last move is what a spectator saw, no seat\'s own events', async () => {
    const clock = new TestClock();
    await start({}, { clock, seed: () => 'your-turns-hidden' });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const carol = await connect('Carol'); // a spectator
    const made = await ann.request({ type: 'table.create', game: 'stir-fry-eighteen', seats: 2, turnBased: { moveSeconds: 86_400 } });
    if (made.type !== 'table') throw new Error(JSON.stringify(made));
    const tableId = made.table.id;
    expect(await bob.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    expect(await carol.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    const opening = [await seen(ann, isGame(tableId, (m) => m.seq === 0)), await seen(bob, isGame(tableId, (m) => m.seq === 0))];
    const hands = opening.map((m) => (m.view as { hand: unknown[] }).hand);
    expect(hands.every((h) => h.length > 0)).toBe(true);

    /** Checks an answer against what the seats alone saw of the game so far. */
    const noSecrets = (text: string, own: readonly GameEvent[]) => {
      expect(text).not.toContain('"only"');
      for (const h of hands) expect(text).not.toContain(JSON.stringify(h));
      for (const e of own) {
        const { only: _only, ...rest } = e as GameEvent & { only?: number };
        expect(text).not.toContain(JSON.stringify(rest).slice(1, -1));
      }
    };
    const ownEvents = (m: { history?: GameEvent[]; events: GameEvent[] }) => [...(m.history ?? []), ...m.events].filter((e) => 'only' in e);
    expect(opening.flatMap(ownEvents).length).toBeGreaterThan(0); // there are secrets to keep

    const at0 = await listed(ann.token!, 'the opening listed', (a) => a.tables.length === 1);
    const text0 = (await turns(ann.token!)).text;
    noSecrets(text0, opening.flatMap(ownEvents));
    const spectator0 = await seen(carol, isGame(tableId, (m) => m.seq === 0));
    const history0 = spectator0.history!;
    expect(at0.tables[0]!.lastMove!.events).toEqual(history0.slice(history0.length - spectator0.historyMoves!.at(-1)!.events));

    // The first move (the first legal one), and the list as its mover's opponent reads it.
    const moverSeat = opening[0]!.waitingFor[0]!;
    const moverClient = moverSeat === 0 ? ann : bob;
    const asked = opening[moverSeat]!;
    const before = moverClient.received.length;
    expect(await moverClient.request({ type: 'action', tableId, seat: moverSeat, seq: 0, action: asked.legal[0] })).toMatchObject({ type: 'ok' });
    const moved = await seen(moverClient, isGame(tableId, (m) => m.seq === 1), before);
    const watched = await seen(carol, isGame(tableId, (m) => m.seq === 1));
    const at1 = await listed(bob.token!, 'the move listed', (a) => a.tables[0]?.seq === 1);
    expect(at1.tables[0]!.lastMove).toMatchObject({ seat: moverSeat, by: 'player', events: watched.events });
    noSecrets((await turns(bob.token!)).text, [...opening.flatMap(ownEvents), ...ownEvents(moved)]);
    noSecrets((await turns(ann.token!)).text, [...opening.flatMap(ownEvents), ...ownEvents(moved)]);
  });
});

describe('byUrgency', () => {
  const t = (tableId: string, yourMove: boolean, deadline: number | null) => ({ tableId, yourMove, deadline }) as YourTurnTable;
  it('puts your move first, then the soonest deadline, none last, then by table', () => {
    const sorted = [t('a', false, 5), t('b', true, null), t('c', true, 9), t('d', false, null), t('e', true, 3), t('f', false, 5), t('g', true, 3)].sort(byUrgency);
    expect(sorted.map((x) => x.tableId)).toEqual(['e', 'g', 'c', 'b', 'a', 'f', 'd']);
  });
});
