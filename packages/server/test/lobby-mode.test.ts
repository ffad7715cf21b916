import type { ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from './support/per-test.js';
import { seen } from './support/table-driver.js';

// The lobby's `mode` filter over a real WebSocket: real-time tables, turn-based ones, or both, on
// the first page and in the changes pushed to its watcher (docs/protocol.md, "lobby.watch").

const { start, connect } = serverPerTest();
type Lobby = Extract<ServerMessage, { type: 'lobby' }>;
type Client = Awaited<ReturnType<typeof connect>>;
async function createAs(c: Client, msg: Parameters<Client['request']>[0]): Promise<string> {
  const r = await c.request(msg);
  if (r.type !== 'table') throw new Error(JSON.stringify(r));
  return r.table.id;
}
const ids = (m: ServerMessage) => (m as Lobby).tables.map((t) => t.id).sort();

describe('the lobby filtered by mode', () => {
  it('lists only real-time or only turn-based tables, and pushes only matching new ones', async () => {
    await start();
    const ann = await connect('Ann');
    const create = (msg: Parameters<typeof ann.request>[0]) => createAs(ann, msg);
    const live = await create({ type: 'table.create', game: 'flip-7', seats: 3 });
    const slow = await create({ type: 'table.create', game: 'stir-fry-eighteen', seats: 3, turnBased: { moveSeconds: 86_400, windowSeconds: 3600 } });
    const slowFlip = await create({ type: 'table.create', game: 'flip-7', seats: 2, turnBased: { moveSeconds: 4 * 3600, bankSeconds: 0 } });

    const bob = await connect('Bob');
    expect(ids(await bob.request({ type: 'lobby.watch' }))).toEqual([live, slow, slowFlip].sort());
    expect(ids(await bob.request({ type: 'lobby.watch', mode: 'turn-based', game: 'flip-7' }))).toEqual([slowFlip]);
    const turnBased = await bob.request({ type: 'lobby.watch', mode: 'turn-based' });
    expect(turnBased).toMatchObject({ type: 'lobby', total: 2 });
    expect(ids(turnBased)).toEqual([slow, slowFlip].sort());
    expect((turnBased as Lobby).tables.every((t) => t.turnBased !== undefined)).toBe(true);

    const carol = await connect('Carol');
    const onlyLive = await carol.request({ type: 'lobby.watch', mode: 'live' });
    expect(onlyLive).toMatchObject({ type: 'lobby', total: 1, tables: [{ id: live }] });
    expect((onlyLive as Lobby).tables[0]!.turnBased).toBeUndefined();

    // A new turn-based table reaches the turn-based watcher only; a new live one, the live watcher
    // only. Each watcher's changes arrive in the order the tables came, so once a watcher has the
    // table made after one, that one would have come before it.
    const dan = await connect('Dan');
    const newSlow = await createAs(dan, { type: 'table.create', game: 'flip-7', seats: 2, turnBased: { moveSeconds: 7 * 86_400 } });
    const newLive = await createAs(dan, { type: 'table.create', game: 'stir-fry-eighteen', seats: 2 });
    const lastSlow = await createAs(dan, { type: 'table.create', game: 'stir-fry-eighteen', seats: 2, turnBased: { moveSeconds: 43_200 } });
    const pushed = (c: Client) => c.received.flatMap((m) => (m.type === 'lobby.table' ? [m.table.id] : []));
    const isListed = (id: string) => (m: ServerMessage): m is Extract<ServerMessage, { type: 'lobby.table' }> => m.type === 'lobby.table' && m.table.id === id;
    await seen(bob, isListed(lastSlow));
    await seen(carol, isListed(newLive));
    expect(pushed(bob)).toEqual([newSlow, lastSlow]);
    expect(pushed(carol)).toEqual([newLive]);
  });

  it('refuses a mode it does not know with BAD_MESSAGE naming the field', async () => {
    await start();
    const ann = await connect('Ann');
    const r = await ann.request({ type: 'lobby.watch', mode: 'slow' } as never);
    expect(r).toMatchObject({ type: 'error', code: 'BAD_MESSAGE', message: expect.stringContaining('mode') });
  });
});
