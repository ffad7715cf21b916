import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../src/identity.js';
import { TestClient } from './support/client.js';
import { TestPushService } from './support/push-service.js';
import { call, newAccount, notifyServer } from './support/notify-server.js';
import type { TestServer } from './support/server.js';
import { until } from './support/until.js';

// Web push for real: the server pushes to a push service on loopback that speaks RFC 8030, checks
// the VAPID signature and decrypts each push with the subscription's own keys (support/push-service.ts).

let push: TestPushService;
let server: TestServer;
const cleanups: (() => unknown)[] = [];
beforeEach(async () => {
  push = new TestPushService();
  await push.start();
  server = await notifyServer();
});
afterEach(async () => {
  for (const f of cleanups.splice(0)) await f();
  await server?.close();
  await push.close();
});

const notice = (playerId: string, over: object = {}) =>
  ({ kind: 'your-move' as const, playerId, tableId: 'T1', moveKey: '1:4', game: 'flip-7' as const, ...over });
const settled = () => until('the notifier to settle', () => server.notifications.notifier.pending === 0, 5000);

describe('web push', () => {
  it('a subscribed account gets its notice, encrypted for its device and signed with the VAPID key that GET /api/push/key gives', async () => {
    const ann = await newAccount(server.url, 'Ann');
    const key = await call(server.url, 'GET', '/api/push/key');
    expect(key.status).toBe(200);
    const sub = push.subscription();
    expect((await call(server.url, 'POST', '/api/push/subscriptions', { token: ann.token, body: sub.json })).status).toBe(204);

    server.notifications.notifier.notify(notice(ann.id, { dueAt: Date.UTC(2026, 11, 3, 18, 30) }));
    await until('the push', () => push.received.length === 1, 5000, () => push.refused.join('\n'));
    const got = push.received[0]!;
    expect(push.refused).toEqual([]);
    expect(got.id).toBe(sub.id);
    expect(got.vapidKey).toBe(key.body.key);
    expect(got.claims.aud).toBe(push.origin);
    expect(got.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(got.ttl).toBe(86_400);
    expect(JSON.parse(got.text)).toEqual({
      title: 'Parlor', body: 'Your move at Flip 7, due at Dec 3, 2026, 6:30 PM UTC', url: '/t/T1', tag: 'parlor:T1', kind: 'your-move',
    });
  });

  it('each kind in the account\'s language; nothing when the player has the table open or chose none', async () => {
    const ann = await newAccount(server.url, 'Ann');
    const sub = push.subscription();
    await call(server.url, 'POST', '/api/push/subscriptions', { token: ann.token, body: sub.json });
    expect((await call(server.url, 'PUT', '/api/accounts/language', { token: ann.token, body: { language: 'de' } })).status).toBe(204);
    const n = server.notifications.notifier;
    n.notify(notice(ann.id, { kind: 'game-ended', place: 2, moveKey: '1:end' }));
    n.notify(notice(ann.id, { kind: 'challenge', from: 'Bob', moveKey: '1:5' }));
    n.notify(notice(ann.id, { kind: 'invitation', from: 'Bob', tableId: 'T2', moveKey: 'invite' }));
    await until('three pushes', () => push.received.length === 3, 5000);
    expect(push.received.map((p) => JSON.parse(p.text).body).sort()).toEqual([
      'Bob fordert dich bei Flip 7 heraus', 'Bob lädt dich an einen Tisch Flip 7 ein', 'Die Partie Flip 7 ist zu Ende — du bist 2. geworden',
    ]);

    server.notifications.hasOpenPage = (p, t) => p === ann.id && t === 'T1';
    n.notify(notice(ann.id, { moveKey: '1:6' }));
    await settled();
    server.notifications.hasOpenPage = () => false;
    expect((await call(server.url, 'PUT', '/api/accounts/notifications', { token: ann.token, body: { kinds: { 'your-move': 'none' } } })).status).toBe(204);
    n.notify(notice(ann.id, { moveKey: '1:7' }));
    await settled();
    expect(push.received).toHaveLength(3);
  });

  it('nothing while the player watches the table over the WebSocket; a push once they have left it', async () => {
    const ann = await TestClient.connect(server.url, 'Ann');
    cleanups.push(() => ann.close());
    expect((await call(server.url, 'POST', '/api/accounts', { token: ann.token!, body: { name: 'Ann', password: 'correct horse battery' } })).status).toBe(201);
    const sub = push.subscription();
    await call(server.url, 'POST', '/api/push/subscriptions', { token: ann.token!, body: sub.json });
    const made = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (made.type !== 'table') throw new Error(JSON.stringify(made));
    const tableId = made.table.id;
    server.notifications.notifier.notify(notice(ann.playerId!, { tableId, kind: 'invitation', from: 'Bob' }));
    await settled();
    expect(push.received).toEqual([]);
    expect((await ann.request({ type: 'table.unwatch', tableId })).type).toBe('ok');
    server.notifications.notifier.notify(notice(ann.playerId!, { tableId, kind: 'invitation', from: 'Bob', moveKey: 'again' }));
    await until('the push', () => push.received.length === 1, 5000);
    expect(JSON.parse(push.received[0]!.text).url).toBe(`/t/${tableId}`);
  });

  it('a guest cannot subscribe and is sent nothing; bad subscriptions are refused by name and change nothing', async () => {
    const ann = await newAccount(server.url, 'Ann');
    const sub = push.subscription();
    const bad = await call(server.url, 'POST', '/api/push/subscriptions', { token: ann.token, body: { ...sub.json, endpoint: 'http://127.0.0.1:1/push/x' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    expect(bad.body.message).toContain('endpoint');
    const elsewhere = await call(server.url, 'POST', '/api/push/subscriptions', { token: ann.token, body: { ...sub.json, endpoint: 'https://10.0.0.1/push/x' } });
    expect(elsewhere).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    expect(elsewhere.body.message).toContain('PARLOR_PUSH_SERVICES');
    const noKeys = await call(server.url, 'POST', '/api/push/subscriptions', { token: ann.token, body: { endpoint: sub.json.endpoint } });
    expect(noKeys).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    expect(server.notifications.notifier.pending).toBe(0);
    expect(await server.hub.store.notifications.pushSubscriptions(ann.id)).toEqual([]);

    // A guest (a player without an account): refused a subscription; one in the store anyway gets nothing.
    const guestId = 'guest-1';
    await server.hub.store.addPlayer({ id: guestId, name: 'Guest', tokenHash: hashToken('guest-token'), createdAt: new Date().toISOString() });
    expect(await call(server.url, 'POST', '/api/push/subscriptions', { token: 'guest-token', body: sub.json })).toMatchObject({ status: 403, body: { error: 'ACCOUNT_REQUIRED' } });
    await server.hub.store.notifications.savePushSubscription({ endpoint: sub.json.endpoint, playerId: guestId, ...sub.json.keys, createdAt: new Date().toISOString() });
    server.notifications.notifier.notify(notice(guestId));
    await settled();
    expect(push.received).toEqual([]);
  });

  it('a subscription the push service says is gone (410) is deleted; a DELETE forgets one', async () => {
    const ann = await newAccount(server.url, 'Ann');
    const gone = push.subscription();
    const kept = push.subscription();
    for (const s of [gone, kept]) await call(server.url, 'POST', '/api/push/subscriptions', { token: ann.token, body: s.json });
    push.answer.set(gone.id, 410);
    server.notifications.notifier.notify(notice(ann.id));
    await until('the push to the device kept', () => push.received.length === 1, 5000);
    await settled();
    expect((await server.hub.store.notifications.pushSubscriptions(ann.id)).map((s) => s.endpoint)).toEqual([kept.json.endpoint]);
    expect((await call(server.url, 'DELETE', '/api/push/subscriptions', { token: ann.token, body: { endpoint: kept.json.endpoint } })).status).toBe(204);
    expect(await server.hub.store.notifications.pushSubscriptions(ann.id)).toEqual([]);
  });

  it('the VAPID keys are made once and kept: a restart on the same database signs with the same key', async () => {
    const before = (await call(server.url, 'GET', '/api/push/key')).body.key;
    const dbPath = server.dbPath;
    await server.close();
    server = await notifyServer({ dbPath });
    expect((await call(server.url, 'GET', '/api/push/key')).body.key).toBe(before);
  });
});
