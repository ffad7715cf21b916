import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import { loadNotifyKeys, readUnsubscribeToken, unsubscribeToken } from '../src/notify/keys.js';
import { linksUnder } from '../src/notify/links.js';
import type { Mail, Mailer } from '../src/notify/mailer.js';
import { type Notice, RETRY_WAITS, createNotifier } from '../src/notify/notifier.js';
import type { PushResult, PushSender } from '../src/notify/push.js';
import { DEFAULT_PUSH_SERVICES, isPushService, parsePublicUrl, parsePushServices, parseSmtp } from '../src/notify/config.js';
import { NOTIFY_TEXTS } from '../src/notify/texts/index.js';
import { NOTIFY_LANGUAGES } from '@parlor/protocol';
import { SqliteStore } from '../src/store/sqlite.js';
import { addGuest, at } from './support/stores.js';

// The notifier on its own: a store in memory, senders that fail when told to, the clock driven by the test.

async function setup(o: { mailFails?: number; push?: PushResult[] } = {}) {
  const store = new SqliteStore(':memory:');
  await addGuest(store, 'ann', 'Ann');
  await store.claimAccount('ann', 'Ann', 'ann', 'hash', at(1));
  await addGuest(store, 'guest', 'Guest');
  const clock = new TestClock({ start: Date.UTC(2026, 11, 2, 12) });
  const logs: { obj: object; msg: string }[] = [];
  const sent: Mail[] = [];
  let failures = o.mailFails ?? 0;
  const mailer: Mailer = {
    send: async (m) => { if (failures-- > 0) throw new Error(`refused mail to ${m.to}`); sent.push(m); },
    close: () => {},
  };
  const pushes: string[] = [];
  const answers = [...(o.push ?? [])];
  const push: PushSender = { send: async (sub, payload) => { pushes.push(`${sub.endpoint} ${payload}`); return answers.shift() ?? 'sent'; } };
  const keys = await loadNotifyKeys(store.notifications);
  const notifier = createNotifier({
    store, clock, keys, mailer, push, links: linksUnder(() => 'https://parlor.example.org'), hasOpenPage: () => false,
    log: { warn: (obj, msg) => logs.push({ obj, msg }) },
  });
  const settle = async () => { for (let i = 0; i < 50 && notifier.pending > 0; i++) await new Promise((r) => setImmediate(r)); };
  return { store, clock, logs, sent, pushes, notifier, settle, keys };
}

const notice = (over: Partial<Notice> = {}): Notice => ({ kind: 'your-move', playerId: 'ann', tableId: 'T1', moveKey: '1:4', game: 'flip-7', ...over });

describe('the notifier', () => {
  it('retries a failed mail after each wait on the clock, then logs it lost with no address, token or link in the line', async () => {
    const t = await setup({ mailFails: 10 });
    await t.store.notifications.saveNotifyAccount({ playerId: 'ann', email: 'ann@example.org', emailConfirmed: true, language: 'en', kinds: { 'your-move': 'email' }, digest: false });
    t.notifier.notify(notice());
    await t.settle();
    expect(t.notifier.pending).toBe(1); // waiting for its first retry
    for (const wait of RETRY_WAITS) {
      t.clock.advance(wait - 1);
      await t.settle();
      expect(t.logs).toEqual([]);
      t.clock.advance(1);
      await new Promise((r) => setImmediate(r));
      await t.settle();
    }
    expect(t.notifier.pending).toBe(0);
    expect(t.sent).toEqual([]);
    expect(t.logs).toEqual([{ obj: { kind: 'your-move', tableId: 'T1', channel: 'email', tries: 4 }, msg: 'a notification could not be delivered' }]);
    expect(JSON.stringify(t.logs)).not.toMatch(/ann@|example|token|https?:/);
    await t.notifier.close();
  });

  it('a mail that fails once goes on the next try; a guest and an unconfirmed address get nothing', async () => {
    const t = await setup({ mailFails: 1 });
    const row = { playerId: 'ann', email: 'ann@example.org', emailConfirmed: false, language: 'fr', kinds: { 'game-ended': 'email' }, digest: false };
    await t.store.notifications.saveNotifyAccount(row);
    t.notifier.notify(notice({ kind: 'game-ended', place: 2 }));
    t.notifier.notify(notice({ playerId: 'guest' }));
    await t.settle();
    expect(t.notifier.pending).toBe(0);
    await t.store.notifications.saveNotifyAccount({ ...row, emailConfirmed: true });
    t.notifier.notify(notice({ kind: 'game-ended', place: 2, moveKey: '1:end' }));
    await t.settle();
    t.clock.advance(RETRY_WAITS[0]);
    await t.settle();
    expect(t.sent.map((m) => [m.to, m.subject])).toEqual([['ann@example.org', 'Parlor: La partie de Flip 7 est finie : vous êtes 2e']]);
    expect(t.pushes).toEqual([]);
    await t.notifier.close();
  });

  it('a push that fails is retried; one gone (404/410) is deleted and not retried', async () => {
    const t = await setup({ push: ['failed', 'sent', 'gone'] });
    await t.store.notifications.savePushSubscription({ endpoint: 'https://push.example/a', playerId: 'ann', p256dh: 'p', auth: 'a', createdAt: at(1) });
    t.notifier.notify(notice());
    await t.settle();
    t.clock.advance(RETRY_WAITS[0]);
    await t.settle();
    expect(t.pushes).toHaveLength(2);
    t.notifier.notify(notice({ moveKey: '1:5' }));
    await t.settle();
    expect(t.pushes).toHaveLength(3);
    expect(await t.store.notifications.pushSubscriptions('ann')).toEqual([]);
    expect(t.notifier.pending).toBe(0);
    await t.notifier.close();
  });

  it('notify never throws, even closed or given nonsense', async () => {
    const t = await setup();
    expect(() => t.notifier.notify({} as Notice)).not.toThrow();
    expect(() => t.notifier.notify(null as unknown as Notice)).not.toThrow();
    expect(t.notifier.pending).toBe(0);
    await t.notifier.close();
    expect(() => t.notifier.notify(notice())).not.toThrow();
    expect(t.notifier.pending).toBe(0);
  });

  it('unsubscribe tokens: read back as made, and a changed one is refused', async () => {
    const t = await setup();
    const token = unsubscribeToken(t.keys, 'ann', 'your-move');
    expect(readUnsubscribeToken(t.keys, token)).toEqual({ playerId: 'ann', scope: 'your-move' });
    expect(readUnsubscribeToken(t.keys, token.replace('your-move', 'all'))).toBeNull();
    expect(readUnsubscribeToken(t.keys, 'nonsense')).toBeNull();
  });
});

describe('settings', () => {
  it('PARLOR_SMTP: parsed, or refused naming what is wrong without repeating the password', () => {
    expect(parseSmtp(undefined)).toBeNull();
    expect(parseSmtp('smtp://me%40x:s3cret@mail.example.org:2525?from=Parlor%20%3Cparlor%40example.org%3E')).toEqual({
      host: 'mail.example.org', port: 2525, secure: false, user: 'me@x', pass: 's3cret', from: 'Parlor <parlor@example.org>', ignoreTLS: false,
    });
    expect(parseSmtp('smtps://mail.example.org?from=a@b.org')).toMatchObject({ port: 465, secure: true, user: null });
    const refusal = (raw: string) => { try { parseSmtp(raw); return ''; } catch (e) { return (e as Error).message; } };
    expect(refusal('mail.example.org')).toContain('it is not a URL');
    expect(refusal('http://u:s3cret@mail.example.org?from=a@b.org')).toContain('the scheme is "http"');
    expect(refusal('smtp://u:s3cret@mail.example.org')).toContain('it has no from=');
    expect(refusal('smtp://u:s3cret@mail.example.org?from=nobody')).toContain('from= "nobody" is not an address');
    expect(refusal('smtp://u:s3cret@mail.example.org?from=a@b.org&tls=1')).toContain('unknown setting tls=');
    for (const r of ['http://u:s3cret@mail.example.org?from=a@b.org', 'smtp://u:s3cret@mail.example.org', 'smtp://u:s3cret@h?from=a@b.org&x=1']) expect(refusal(r)).not.toContain('s3cret');
    expect(parsePublicUrl('https://parlor.example.org/')).toBe('https://parlor.example.org');
    expect(() => parsePublicUrl('parlor.example.org')).toThrow('PARLOR_PUBLIC_URL');
    expect(parsePushServices(undefined)).toBe(DEFAULT_PUSH_SERVICES);
    expect(parsePushServices(' push.example.org, .push.example.net ')).toEqual(['push.example.org', '.push.example.net']);
    expect(() => parsePushServices('https://push.example.org')).toThrow('PARLOR_PUSH_SERVICES');
  });

  it('push endpoints: only at the push services listed (a host, or every host under a dotted name)', () => {
    expect(isPushService(DEFAULT_PUSH_SERVICES, 'https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isPushService(DEFAULT_PUSH_SERVICES, 'https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(isPushService(DEFAULT_PUSH_SERVICES, 'https://web.push.apple.com/abc')).toBe(true);
    expect(isPushService(DEFAULT_PUSH_SERVICES, 'https://wns2-par02p.notify.windows.com/w/?token=abc')).toBe(true);
    for (const bad of ['https://127.0.0.1/x', 'https://169.254.169.254/latest', 'https://evilpush.services.mozilla.com.example/x', 'https://notfcm.googleapis.com/x', 'nonsense']) {
      expect(isPushService(DEFAULT_PUSH_SERVICES, bad), bad).toBe(false);
    }
  });

  it('every language has every text, and the ten are the protocol\'s', () => {
    expect(Object.keys(NOTIFY_TEXTS).sort()).toEqual([...NOTIFY_LANGUAGES].sort());
    const keys = Object.keys(NOTIFY_TEXTS.en).sort();
    for (const texts of Object.values(NOTIFY_TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual(keys);
      expect(texts.gameEnded('G', 2)).toContain('2');
      expect(texts.challenge('G', 'Bob')).toContain('Bob');
      expect(texts.yourMove('G', 'DUE')).toContain('DUE');
    }
  });
});
