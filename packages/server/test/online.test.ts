import type { ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import type { TestClient } from './support/client.js';
import { serverPerTest } from './support/per-test.js';

// Issue 11, item 2: the first screen says how many people are online. The lobby reply carries
// `online` (players with an open connection), and lobby watchers get `lobby.online {count}` when it
// changes, at most once every few seconds (docs/protocol.md, lobby).

type Lobby = Extract<ServerMessage, { type: 'lobby' }>;
type Online = Extract<ServerMessage, { type: 'lobby.online' }>;

const { start, connect, anonymous } = serverPerTest();
async function watch(c: TestClient): Promise<Lobby> {
  const r = await c.request({ type: 'lobby.watch' });
  if (r.type !== 'lobby') throw new Error(JSON.stringify(r));
  return r;
}
const isOnline = (count?: number) => (m: ServerMessage): m is Online => m.type === 'lobby.online' && (count === undefined || m.count === count);
const onlineCounts = (c: TestClient) => c.received.filter(isOnline()).map((m) => m.count);
/** Every message the server sent `c` before this call has arrived (the server answers in order). */
async function barrier(c: TestClient): Promise<void> {
  expect((await c.request({ type: 'ping' })).type).toBe('pong');
}

describe('online count', () => {
  it('the lobby reply counts players with an open connection; watchers hear each change', async () => {
    const server = await start();
    server.hub.onlineEveryMs = 100;
    const ann = await connect('Ann');
    expect((await watch(ann)).online).toBe(1);

    const bob = await connect('Bob');
    await ann.next(isOnline(2));
    // A connection that has not said hello is nobody yet.
    await anonymous();
    const cat = await connect('Cat');
    await ann.next(isOnline(3));
    expect((await watch(cat)).online).toBe(3);

    bob.close();
    await ann.next(isOnline(2));
    await cat.next(isOnline(2));
    // Counts that did not change are not sent again.
    const counts = onlineCounts(ann);
    expect(counts.every((n, i) => i === 0 || n !== counts[i - 1])).toBe(true);
    expect(counts.at(-1)).toBe(2);
  });

  it('a player\'s second connection does not change the count, nor does closing one of the two', async () => {
    const server = await start();
    server.hub.onlineEveryMs = 50;
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    expect((await watch(ann)).online).toBe(2);
    const second = await anonymous();
    expect((await second.request({ type: 'hello', token: bob.token! })).type).toBe('welcome');
    expect((await watch(ann)).online).toBe(2);
    second.close();
    const dan = await connect('Dan');
    // The next count Ann hears is Dan's arrival: Bob, still connected once, was never counted out.
    expect(((await ann.next(isOnline())) as Online).count).toBe(3);
    dan.close();
    expect(((await ann.next(isOnline())) as Online).count).toBe(2);
  });

  it('only lobby watchers are told', async () => {
    const server = await start();
    server.hub.onlineEveryMs = 50;
    const ann = await connect('Ann');
    const eve = await connect('Eve');
    await watch(ann);
    await watch(eve);
    expect((await ann.request({ type: 'lobby.unwatch' })).type).toBe('ok');
    const unwatchedAt = ann.received.length;
    await connect('Fay');
    await eve.next(isOnline(3));
    await barrier(ann);
    expect(ann.received.slice(unwatchedAt).filter(isOnline())).toEqual([]);
  });

  it('a change within onlineEveryMs of the last count sent waits for the interval to end', async () => {
    const server = await start();
    server.hub.onlineEveryMs = 3_600_000;
    const ann = await connect('Ann'); // the first change is sent at once (to no watcher yet)
    expect((await watch(ann)).online).toBe(1);
    await connect('Bob');
    await barrier(ann);
    expect(ann.received.filter(isOnline())).toEqual([]);
    // A fresh lobby page always has the count as it is.
    expect((await watch(ann)).online).toBe(2);
  });
});
