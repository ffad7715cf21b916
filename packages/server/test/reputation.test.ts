import type { PlayerProfile, ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import type { TestClient } from './support/client.js';
import { serverPerTest } from './support/per-test.js';

// Reputation over real WebSockets and HTTP: games a player left count against them on their
// profile and at the tables they sit at, and a table's creator may ask for a minimum to sit.

const { start, server, connect } = serverPerTest();

async function account(c: TestClient, name: string): Promise<void> {
  const res = await fetch(`${server().url}/api/accounts`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token!}` },
    body: JSON.stringify({ name, password: 'long enough pw' }),
  });
  expect(res.status).toBe(201);
}
const profile = async (name: string) => (await (await fetch(`${server().url}/api/players/${name}`)).json()) as PlayerProfile;
type TableMsg = Extract<ServerMessage, { type: 'table' }>;

/** Ann and Bob play a game of Flip 7 and both leave it at once: the stand-in bots finish it, and both have left it. */
async function leftGame(ann: TestClient, bob: TestClient): Promise<void> {
  const t = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 }) as TableMsg;
  const tableId = t.table.id;
  expect(await bob.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
  expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
  const over = ann.waitFor((m) => m.type === 'game' && m.tableId === tableId && m.outcome !== null, 20_000);
  expect(await bob.request({ type: 'table.leave', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
  expect(await ann.request({ type: 'table.leave', tableId, seat: 0 })).toMatchObject({ type: 'ok' });
  await over;
}

describe('reputation', () => {
  it('games left show on the profile and the seat; below a table\'s minimum a seat is refused with its code, and nothing changes', async () => {
    await start();
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const cat = await connect('Cat');
    const dan = await connect('Dan');
    await account(bob, 'Bob');
    expect((await profile('Bob')).reputation).toEqual({ finished: 0, left: 0, percent: null, recentLeft: 0 });
    for (let n = 0; n < 5; n++) await leftGame(ann, bob);
    expect((await profile('Bob')).reputation).toEqual({ finished: 0, left: 5, percent: 0, recentLeft: 5 });

    // Cat asks for 50%: Bob (0% of 5 games) is refused, with the code; the table is as it was.
    const made = await cat.request({ type: 'table.create', game: 'flip-7', seats: 3, minReliability: 50 }) as TableMsg;
    expect(made.table).toMatchObject({ minReliability: 50, seats: [{ kind: 'player', reliability: null }, { kind: 'empty' }, { kind: 'empty' }] });
    const tableId = made.table.id;
    const before = (await cat.request({ type: 'table.watch', tableId }) as TableMsg).table;
    const refused = await bob.request({ type: 'table.sit', tableId, seat: 1 });
    expect(refused).toMatchObject({ type: 'error', code: 'RELIABILITY_TOO_LOW' });
    expect((refused as { message: string }).message).toContain('50%');
    const after = (await cat.request({ type: 'table.watch', tableId }) as TableMsg).table;
    expect(after.seats).toEqual(before.seats);

    // Dan, a new player, may sit; the seat shows no figure for him yet (null), and Bob's figure shows where he sits.
    const danSat = cat.waitFor((m) => m.type === 'table' && m.table.id === tableId && m.table.seats[1]?.kind === 'player');
    expect(await dan.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    expect(((await danSat) as TableMsg).table.seats[1]).toMatchObject({ kind: 'player', player: { name: 'Dan' }, reliability: null });
    const open = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 }) as TableMsg;
    const bobSat = ann.waitFor((m) => m.type === 'table' && m.table.id === open.table.id && m.table.seats[1]?.kind === 'player');
    expect(await bob.request({ type: 'table.sit', tableId: open.table.id, seat: 1 })).toMatchObject({ type: 'ok' });
    expect(((await bobSat) as TableMsg).table.seats[1]).toMatchObject({ player: { name: 'Bob' }, reliability: 0 });
  });

  it('a player replaced while away who never comes back has left the game', async () => {
    // Time flows (the stand-ins play in real time) from now (the read API counts the week's leaves by
    // the system's clock), and jumps when the test says: the wait to replace is the test's.
    const clock = new TestClock({ running: true, start: Date.now() });
    await start({ replaceAfterSeconds: 60 }, { clock });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    await account(bob, 'Bob');
    const t = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, grace: 600 }) as TableMsg;
    const tableId = t.table.id;
    expect(await bob.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    bob.close();
    await ann.waitFor((m) => m.type === 'table' && m.table.id === tableId && m.table.seats[1]?.kind === 'player' && !m.table.seats[1].connected);
    clock.advance(60_000);
    expect(await ann.request({ type: 'table.replace', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    // Ann leaves too: nobody is left, the stand-ins finish the game.
    const over = ann.waitFor((m) => m.type === 'game' && m.tableId === tableId && m.outcome !== null, 20_000);
    expect(await ann.request({ type: 'table.leave', tableId, seat: 0 })).toMatchObject({ type: 'ok' });
    await over;
    expect((await profile('Bob')).reputation).toEqual({ finished: 0, left: 1, percent: null, recentLeft: 1 });
  });

  it('a minimum outside 1 to 100 is refused at create', async () => {
    await start();
    const ann = await connect('Ann');
    expect(await ann.request({ type: 'table.create', game: 'flip-7', seats: 2, minReliability: 0 } as never)).toMatchObject({ type: 'error', code: 'BAD_MESSAGE' });
  });
});
