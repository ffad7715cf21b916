import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { Store } from '../src/store/store.js';
import { addGuest, at, freshSchema, skipPostgres } from './support/stores.js';

// The notifier's rows (store/notifications.ts) behave the same in both stores.

const kinds = [
  { name: 'SQLite', skip: false, open: async () => ({ store: new SqliteStore(join(mkdtempSync(join(tmpdir(), 'parlor-notify-')), 'parlor.db')) as Store, drop: async () => {} }) },
  {
    name: 'PostgreSQL', skip: await skipPostgres('notify-store.test.ts'),
    open: async () => {
      const schema = await freshSchema();
      return { store: await PostgresStore.open(schema.url, { max: 2 }) as Store, drop: () => schema.drop() };
    },
  },
];

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => { for (const f of cleanup.splice(0)) await f(); });

describe.each(kinds)('$name', (kind) => {
  const fresh = async () => {
    const { store, drop } = await kind.open();
    cleanup.push(async () => { await store.close(); await drop(); });
    return store;
  };

  it.skipIf(kind.skip)('an account row reads back whole; a confirmed address belongs to one account', async () => {
    const s = await fresh();
    const n = s.notifications;
    expect(await n.notifyAccount('ann')).toBeNull();
    const row = { playerId: 'ann', email: 'ann@example.org', emailConfirmed: false, language: 'de', kinds: { 'your-move': 'email' }, digest: true };
    await n.saveNotifyAccount(row);
    expect(await n.notifyAccount('ann')).toEqual(row);
    expect(await n.accountByEmail('ann@example.org')).toBeNull(); // not confirmed yet
    await n.saveNotifyAccount({ ...row, emailConfirmed: true });
    expect(await n.accountByEmail('ann@example.org')).toBe('ann');
    await n.saveNotifyAccount({ ...row, playerId: 'bob' }); // unconfirmed: the same address may wait at two accounts
    await expect(n.saveNotifyAccount({ ...row, playerId: 'bob', emailConfirmed: true })).rejects.toThrow();
    expect(await n.accountByEmail('ann@example.org')).toBe('ann');
  });

  it.skipIf(kind.skip)('push subscriptions: an endpoint is one device, moved to the last account that sent it; deleted by endpoint', async () => {
    const n = (await fresh()).notifications;
    const sub = { endpoint: 'https://push.example/1', playerId: 'ann', p256dh: 'p', auth: 'a', createdAt: at(1) };
    await n.savePushSubscription(sub);
    await n.savePushSubscription({ ...sub, endpoint: 'https://push.example/2', createdAt: at(2) });
    expect((await n.pushSubscriptions('ann')).map((x) => x.endpoint)).toEqual(['https://push.example/1', 'https://push.example/2']);
    await n.savePushSubscription({ ...sub, playerId: 'bob', createdAt: at(3) });
    expect(await n.pushSubscriptions('bob')).toEqual([{ ...sub, playerId: 'bob', createdAt: at(3) }]);
    await n.deletePushSubscription('https://push.example/2', 'bob'); // not bob's: stays
    expect(await n.pushSubscriptions('ann')).toHaveLength(1);
    await n.deletePushSubscription('https://push.example/2');
    expect(await n.pushSubscriptions('ann')).toEqual([]);
  });

  it.skipIf(kind.skip)('a token is taken once; marks allow one mail per move; the digest is taken whole; keys are the first written', async () => {
    const n = (await fresh()).notifications;
    const token = { tokenHash: 'h1', purpose: 'reset' as const, playerId: 'ann', detail: '', expiresAt: Date.UTC(2026, 0, 1) };
    await n.addNotifyToken(token);
    expect(await n.takeNotifyToken('h1', 'confirm')).toBeNull(); // another purpose: not taken
    expect(await n.takeNotifyToken('h1', 'reset')).toEqual(token);
    expect(await n.takeNotifyToken('h1', 'reset')).toBeNull();
    await n.addNotifyToken({ ...token, tokenHash: 'h2' });
    await n.deleteNotifyTokens('ann', 'reset');
    expect(await n.takeNotifyToken('h2', 'reset')).toBeNull();

    expect(await n.markMailed('ann', 'T', '1:4')).toBe(true);
    expect(await n.markMailed('ann', 'T', '1:4')).toBe(false);
    expect(await n.markMailed('bob', 'T', '1:4')).toBe(true);
    expect(await n.markMailed('ann', 'T', '1:5')).toBe(true);

    await n.addDigestItem({ id: 'b', playerId: 'ann', at: 20, notice: '{"n":2}' });
    await n.addDigestItem({ id: 'a', playerId: 'ann', at: 10, notice: '{"n":1}' });
    expect(await n.digestAccounts()).toEqual(['ann']);
    expect((await n.takeDigest('ann')).map((i) => i.notice)).toEqual(['{"n":1}', '{"n":2}']);
    expect(await n.takeDigest('ann')).toEqual([]);
    expect(await n.digestAccounts()).toEqual([]);

    expect(await n.notifyKeys('first')).toBe('first');
    expect(await n.notifyKeys('second')).toBe('first');
  });

  it.skipIf(kind.skip)('deleting an account deletes its address, subscriptions, tokens, marks and digest', async () => {
    const s = await fresh();
    await addGuest(s, 'ann', 'Ann');
    await s.claimAccount('ann', 'Ann', 'ann', 'hash', at(1));
    const n = s.notifications;
    await n.saveNotifyAccount({ playerId: 'ann', email: 'ann@example.org', emailConfirmed: true, language: 'en', kinds: {}, digest: false });
    await n.savePushSubscription({ endpoint: 'https://push.example/1', playerId: 'ann', p256dh: 'p', auth: 'a', createdAt: at(1) });
    await n.addNotifyToken({ tokenHash: 'h', purpose: 'reset', playerId: 'ann', detail: '', expiresAt: 1 });
    await n.addDigestItem({ id: 'a', playerId: 'ann', at: 1, notice: '{}' });
    await n.markMailed('ann', 'T', '1:1');
    await s.deleteAccount('ann', 'deleted player', at(2));
    expect(await n.notifyAccount('ann')).toBeNull();
    expect(await n.accountByEmail('ann@example.org')).toBeNull();
    expect(await n.pushSubscriptions('ann')).toEqual([]);
    expect(await n.takeNotifyToken('h', 'reset')).toBeNull();
    expect(await n.digestAccounts()).toEqual([]);
    expect(await n.markMailed('ann', 'T', '1:1')).toBe(true);
  });
});
