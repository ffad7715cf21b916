import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { readRoutes } from '../src/api/read.js';
import { serverPerTest } from './support/per-test.js';

// Issue 11, item 2: the web client's first screen says how many people are online before its
// visitor has a name — with no WebSocket yet, so no lobby count — from GET /api/online
// (docs/api.md): the players with an open connection, as the lobby counts them.

const { start, server, connect, anonymous } = serverPerTest();

async function online(): Promise<{ status: number; cacheControl: string | null; body: unknown }> {
  const res = await fetch(`${server().url}/api/online`);
  return { status: res.status, cacheControl: res.headers.get('cache-control'), body: await res.json() as unknown };
}

describe('GET /api/online', () => {
  it('answers 0 on an empty server, publicly cacheable, with no token asked', async () => {
    await start();
    expect(await online()).toEqual({ status: 200, cacheControl: 'public, max-age=10', body: { online: 0 } });
  });

  it('counts the players with an open connection after hello, once each, as the lobby does', async () => {
    await start();
    const ann = await connect('Ann');
    await connect('Bob');
    // Ann's second tab counts once; a connection that has not said hello counts not at all.
    const annAgain = await anonymous();
    expect(await annAgain.request({ type: 'hello', token: ann.token! })).toMatchObject({ type: 'welcome' });
    await anonymous();
    expect((await online()).body).toEqual({ online: 2 });
    // The same count as the lobby's.
    expect(await ann.request({ type: 'lobby.watch' })).toMatchObject({ type: 'lobby', online: 2 });
  });
});

describe('GET /api/online: cache and rate limit (the read API\'s, on a clock of the test\'s own)', () => {
  it('a count is served for 10 s, then asked afresh', async () => {
    const app = Fastify();
    let clock = 1_000_000;
    const live = { online: 3, sessions: {} as never };
    // The route reads nothing from the store.
    readRoutes(app, {} as never, live, () => clock);
    await app.ready();
    const get = async () => (await app.inject({ method: 'GET', url: '/api/online' })).json() as unknown;
    expect(await get()).toEqual({ online: 3 });
    live.online = 5;
    clock += 9_999;
    expect(await get()).toEqual({ online: 3 });
    clock += 1;
    expect(await get()).toEqual({ online: 5 });
    await app.close();
  });

  it('60 requests at once from one address, then 10 a second; the next is refused with Retry-After', async () => {
    const app = Fastify();
    let now = 1_000_000;
    readRoutes(app, {} as never, { online: 1, sessions: {} as never }, () => now);
    await app.ready();
    const get = () => app.inject({ method: 'GET', url: '/api/online' });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await get()).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A tenth of a second later, one more.
    now += 100;
    expect((await get()).statusCode).toBe(200);
    await app.close();
  });
});
