import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFromEnv, startServer } from '../src/index.js';
import { parseSmtp } from '../src/notify/config.js';
import { hashToken } from '../src/identity.js';
import { call, newAccount, notifyServer, TestClock } from './support/notify-server.js';
import type { TestServer } from './support/server.js';
import { SmtpReceiver } from './support/smtp-receiver.js';
import { freshSchema, skipPostgres } from './support/stores.js';
import { until } from './support/until.js';

// Mail for real: the server sends through PARLOR_SMTP to an SMTP server on loopback
// (support/smtp-receiver.ts), and the tests follow the links in what arrives.

const START = Date.UTC(2026, 11, 2, 12, 0);
const SKIP_POSTGRES = await skipPostgres('notify-mail.test.ts');
let smtp: SmtpReceiver;
let clock: TestClock;
let server: TestServer;
beforeEach(async () => {
  smtp = new SmtpReceiver();
  await smtp.start();
  clock = new TestClock({ start: START });
  server = await notifyServer({ smtp: smtp.smtp, clock });
});
afterEach(async () => {
  await server?.close();
  await smtp.close();
});

const notice = (playerId: string, over: object = {}) =>
  ({ kind: 'your-move' as const, playerId, tableId: 'T1', moveKey: '1:4', game: 'flip-7' as const, ...over });
const settled = () => until('the notifier to settle', () => server.notifications.notifier.pending === 0, 5000);
const mailsTo = (address: string, n: number) => until(`${n} mails to ${address}`, () => smtp.to(address).length >= n, 5000).then(() => smtp.to(address));
/** Follows a link from a mail (signed out, as a mail client does). */
const follow = async (link: string, method = 'GET') => {
  const res = await fetch(link, { method });
  return { status: res.status, text: await res.text() };
};

/** An account with a confirmed address, its mails in `language`. */
async function confirmed(name: string, address: string, language?: string) {
  const a = await newAccount(server.url, name);
  if (language !== undefined) await call(server.url, 'PUT', '/api/accounts/language', { token: a.token, body: { language } });
  expect((await call(server.url, 'PUT', '/api/accounts/email', { token: a.token, body: { email: address } })).status).toBe(204);
  const [mail] = await mailsTo(address, 1);
  const link = mail!.links.find((l) => l.includes('/api/email/confirm'))!;
  expect((await follow(link)).status).toBe(200);
  return a;
}

describe('mail', () => {
  it('an address is confirmed by the link mailed to it; /api/me says so; a link works once', async () => {
    const ann = await newAccount(server.url, 'Ann');
    expect((await call(server.url, 'GET', '/api/me', { token: ann.token })).body).toMatchObject({
      email: null, language: 'en', mail: true, notifications: { digest: false, kinds: { 'your-move': 'push', challenge: 'push', 'game-ended': 'push', invitation: 'push' } },
    });
    await call(server.url, 'PUT', '/api/accounts/language', { token: ann.token, body: { language: 'ja' } });
    expect((await call(server.url, 'PUT', '/api/accounts/email', { token: ann.token, body: { email: ' Ann@Example.ORG ' } })).status).toBe(204);
    const [mail] = await mailsTo('Ann@example.org', 1);
    expect(mail!.subject).toBe('Parlor：メールアドレスの確認');
    expect((await call(server.url, 'GET', '/api/me', { token: ann.token })).body.email).toEqual({ address: 'Ann@example.org', confirmed: false });
    const link = mail!.links.find((l) => l.startsWith(`${server.url}/api/email/confirm?token=`))!;
    const page = await follow(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('アドレスを確認しました');
    expect((await call(server.url, 'GET', '/api/me', { token: ann.token })).body.email).toEqual({ address: 'Ann@example.org', confirmed: true });
    expect((await follow(link)).status).toBe(400);
  });

  it('refuses what is not an address, and a guest; a server without PARLOR_SMTP takes no address', async () => {
    const ann = await newAccount(server.url, 'Ann');
    expect(await call(server.url, 'PUT', '/api/accounts/email', { token: ann.token, body: { email: 'not an address' } })).toMatchObject({ status: 400, body: { error: 'BAD_EMAIL' } });
    expect(await call(server.url, 'PUT', '/api/accounts/email', { token: ann.token, body: { email: 5 } })).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    expect((await call(server.url, 'GET', '/api/me', { token: ann.token })).body.email).toBeNull();
    await server.hub.store.addPlayer({ id: 'guest-1', name: 'Guest', tokenHash: hashToken('guest-token'), createdAt: new Date(START).toISOString() });
    expect(await call(server.url, 'PUT', '/api/accounts/email', { token: 'guest-token', body: { email: 'g@example.org' } })).toMatchObject({ status: 403, body: { error: 'ACCOUNT_REQUIRED' } });
    expect((await call(server.url, 'GET', '/api/me', { token: 'guest-token' })).body.email).toBeUndefined();
    await server.close();
    server = await notifyServer({ clock });
    const bob = await newAccount(server.url, 'Bob');
    expect(await call(server.url, 'PUT', '/api/accounts/email', { token: bob.token, body: { email: 'bob@example.org' } })).toMatchObject({ status: 409, body: { error: 'MAIL_OFF' } });
    expect((await call(server.url, 'GET', '/api/me', { token: bob.token })).body.mail).toBe(false);
  });

  it('a notice by mail: at most one per table per move, with unsubscribe links that work signed out', async () => {
    const ann = await confirmed('Ann', 'ann@example.org');
    await call(server.url, 'PUT', '/api/accounts/notifications', { token: ann.token, body: { kinds: { 'your-move': 'email', 'game-ended': 'email' } } });
    const n = server.notifications.notifier;
    n.notify(notice(ann.id));
    n.notify(notice(ann.id)); // the same move again: no second mail
    n.notify(notice(ann.id, { kind: 'game-ended', place: 1, moveKey: '1:4' })); // nor for another kind at that move
    await settled();
    const mails = await mailsTo('ann@example.org', 2);
    expect(mails).toHaveLength(2); // the confirmation, and one notice
    const m = mails[1]!;
    expect(m.subject).toBe('Parlor: Your move at Flip 7');
    expect(m.links[0]).toBe(`${server.url}/t/T1`);
    expect(m.header('list-unsubscribe')).toContain(`<${server.url}/api/email/unsubscribe?token=`);
    expect(m.header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    n.notify(notice(ann.id, { moveKey: '1:9' }));
    await mailsTo('ann@example.org', 3);
    const [stopKind, stopAll] = m.links.filter((l) => l.includes('/api/email/unsubscribe'));
    expect((await follow(stopKind!)).text).toContain('those mails will not be sent any more');
    n.notify(notice(ann.id, { moveKey: '1:10' }));
    n.notify(notice(ann.id, { kind: 'game-ended', place: 3, moveKey: '1:end' }));
    await mailsTo('ann@example.org', 4);
    await settled();
    expect(smtp.to('ann@example.org').map((x) => x.subject).slice(3)).toEqual(['Parlor: The game of Flip 7 ended — you came 3rd']);
    expect((await follow(stopAll!, 'POST')).status).toBe(200); // a mail client's one-click
    expect((await call(server.url, 'GET', '/api/me', { token: ann.token })).body.notifications.kinds).toEqual({
      'your-move': 'none', challenge: 'push', 'game-ended': 'none', invitation: 'push',
    });
    expect((await follow(`${server.url}/api/email/unsubscribe?token=forged.all.xxxx`)).status).toBe(400);
  });

  it('the daily digest: notices wait, and go as one mail at 08:00 UTC', async () => {
    const ann = await confirmed('Ann', 'ann@example.org');
    await call(server.url, 'PUT', '/api/accounts/notifications', { token: ann.token, body: { kinds: { 'your-move': 'email', invitation: 'email' }, digest: true } });
    server.notifications.notifier.notify(notice(ann.id));
    server.notifications.notifier.notify(notice(ann.id, { kind: 'invitation', from: 'Bob', tableId: 'T2', moveKey: 'invite' }));
    await settled();
    expect(smtp.to('ann@example.org')).toHaveLength(1); // the confirmation only
    clock.advance(Date.UTC(2026, 11, 3, 8, 0) - clock.now());
    const [, digest] = await mailsTo('ann@example.org', 2);
    expect(digest!.subject).toBe('Parlor: 2 notices today');
    expect(digest!.text).toContain('- Your move at Flip 7');
    expect(digest!.text).toContain('- Bob invited you to a table of Flip 7');
    expect(digest!.links).toContain(`${server.url}/t/T2`);
  });

  it('a forgotten password: a single-use link for an hour to the confirmed address; the reset ends every session', async () => {
    const ann = await confirmed('Ann', 'ann@example.org');
    await server.hub.store.notifications.savePushSubscription({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', playerId: ann.id, p256dh: 'p', auth: 'a', createdAt: new Date(START).toISOString() });
    for (const name of ['Ann', 'ann@EXAMPLE.org', 'Nobody', 'nobody@example.org']) {
      expect((await call(server.url, 'POST', '/api/password/forgot', { body: { name } })).status).toBe(204);
    }
    const mails = await mailsTo('ann@example.org', 3);
    await settled();
    expect(smtp.mails).toHaveLength(3); // the confirmation and two links; nothing for names without an account
    const [first, second] = mails.slice(1).map((m) => new URL(m.links.find((l) => l.includes('/reset?token='))!).searchParams.get('token')!);
    expect(mails[1]!.subject).toBe('Parlor: choose a new password');

    const short = await call(server.url, 'POST', '/api/password/reset', { body: { token: first, password: 'x' } });
    expect(short).toMatchObject({ status: 400, body: { error: 'BAD_PASSWORD' } }); // and the link still works:
    expect((await call(server.url, 'POST', '/api/password/reset', { body: { token: first, password: 'a brand new password' } })).status).toBe(204);
    expect((await call(server.url, 'GET', '/api/me', { token: ann.token })).status).toBe(401);
    expect(await server.hub.store.notifications.pushSubscriptions(ann.id)).toEqual([]); // devices turn notifications on again
    expect(await call(server.url, 'POST', '/api/password/reset', { body: { token: first, password: 'another new password' } })).toMatchObject({ status: 400, body: { error: 'BAD_LINK' } });
    expect(await call(server.url, 'POST', '/api/password/reset', { body: { token: second, password: 'another new password' } })).toMatchObject({ status: 400, body: { error: 'BAD_LINK' } });
    expect((await call(server.url, 'POST', '/api/sessions', { body: { name: 'Ann', password: 'a brand new password' } })).status).toBe(200);

    await call(server.url, 'POST', '/api/password/forgot', { body: { name: 'Ann' } });
    const late = await mailsTo('ann@example.org', 4);
    const token = new URL(late[3]!.links.find((l) => l.includes('/reset?token='))!).searchParams.get('token')!;
    clock.advance(3_600_001);
    expect(await call(server.url, 'POST', '/api/password/reset', { body: { token, password: 'a third new password' } })).toMatchObject({ status: 400, body: { error: 'BAD_LINK' } });
  });

  it.skipIf(SKIP_POSTGRES)('on PostgreSQL too: an address confirmed, a notice mailed once per move, a password reset', async () => {
    const schema = await freshSchema();
    await server.close();
    server = await notifyServer({ smtp: smtp.smtp, clock, dbPath: schema.url });
    try {
      const ann = await confirmed('Ann', 'ann@example.org');
      await call(server.url, 'PUT', '/api/accounts/notifications', { token: ann.token, body: { kinds: { 'your-move': 'email' } } });
      server.notifications.notifier.notify(notice(ann.id));
      server.notifications.notifier.notify(notice(ann.id));
      await settled();
      expect(smtp.to('ann@example.org').map((m) => m.subject)).toEqual(['Parlor: confirm your address', 'Parlor: Your move at Flip 7']);
      await call(server.url, 'POST', '/api/password/forgot', { body: { name: 'Ann' } });
      const [, , reset] = await mailsTo('ann@example.org', 3);
      const token = new URL(reset!.links.find((l) => l.includes('/reset?token='))!).searchParams.get('token')!;
      expect((await call(server.url, 'POST', '/api/password/reset', { body: { token, password: 'a brand new password' } })).status).toBe(204);
      expect((await call(server.url, 'GET', '/api/me', { token: ann.token })).status).toBe(401);
    } finally {
      await server.close();
      server = null as unknown as TestServer;
      await schema.drop();
    }
  });

  it('log lines carry no address, token or link: request logs have the path only', async () => {
    await server.close();
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => { lines.push(String(chunk)); done(); } });
    const dbPath = join(mkdtempSync(join(tmpdir(), 'parlor-notify-')), 'parlor.db');
    server = Object.assign(await startServer({ ...configFromEnv({}), port: 0, host: '127.0.0.1', logLevel: 'info', dbPath, smtp: parseSmtp(smtp.smtp) }, { clock, logger: { stream } }), { dbPath });
    const ann = await confirmed('Ann', 'ann@example.org');
    await call(server.url, 'POST', '/api/password/forgot', { body: { name: 'ann@example.org' } });
    const [confirmMail, resetMail] = await mailsTo('ann@example.org', 2);
    const token = new URL(resetMail!.links.find((l) => l.includes('/reset?token='))!).searchParams.get('token')!;
    expect((await call(server.url, 'POST', '/api/password/reset', { body: { token, password: 'a brand new password' } })).status).toBe(204);
    await follow(`${server.url}/api/email/unsubscribe?token=forged.all.xxxx`);
    const log = lines.join('');
    expect(log).toContain('/api/email/confirm'); // the requests were logged…
    const confirmToken = new URL(confirmMail!.links.find((l) => l.includes('/api/email/confirm'))!).searchParams.get('token')!;
    for (const secret of ['ann@example.org', token, confirmToken, ann.token, 'a brand new password', 'forged.all']) expect(log).not.toContain(secret); // …without their secrets
  });

  it('deleting the account deletes its address and settings: nothing more is sent', async () => {
    const ann = await confirmed('Ann', 'ann@example.org');
    await call(server.url, 'PUT', '/api/accounts/notifications', { token: ann.token, body: { kinds: { 'your-move': 'email' } } });
    expect((await call(server.url, 'DELETE', '/api/accounts', { token: ann.token, body: { password: 'correct horse battery' } })).status).toBe(204);
    expect(await server.hub.store.notifications.notifyAccount(ann.id)).toBeNull();
    server.notifications.notifier.notify(notice(ann.id));
    await settled();
    expect(smtp.mails).toHaveLength(1);
    expect((await call(server.url, 'POST', '/api/password/forgot', { body: { name: 'ann@example.org' } })).status).toBe(204);
    await settled();
    expect(smtp.mails).toHaveLength(1);
  });
});
