import { randomBytes } from 'node:crypto';
import type { ServerMessage } from '@parlor/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVITES_PER_MINUTE } from '../src/invitations.js';
import { TestClient } from './support/client.js';
import { TEST_REDIS, skipCluster } from './support/cluster.js';
import { call, newAccount, notifyServer, TestClock } from './support/notify-server.js';
import { PUSH_SERVICE_CA, TestPushService } from './support/push-service.js';
import { type TestServer, testServer } from './support/server.js';
import { SmtpReceiver } from './support/smtp-receiver.js';
import { type TestSchema, freshSchema } from './support/stores.js';
import { until } from './support/until.js';

// Invitations to tables over a real WebSocket (docs/protocol.md, "Invitations"): the invitee's open
// pages hear `invited`; with no page on the table, the `invitation` notice goes by push (to the
// loopback RFC 8030 push service, decrypted here) or mail (to smtp-server on loopback).

let push: TestPushService;
let smtp: SmtpReceiver;
let clock: TestClock;
let server: TestServer;
const clients: TestClient[] = [];
beforeEach(async () => {
  push = new TestPushService();
  await push.start();
  smtp = new SmtpReceiver();
  await smtp.start();
  clock = new TestClock({ start: Date.UTC(2026, 11, 2, 12) });
  server = await notifyServer({ smtp: smtp.smtp, clock });
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  await smtp.close();
  await push.close();
});

type Invited = Extract<ServerMessage, { type: 'invited' }>;
const isInvited = (m: ServerMessage): m is Invited => m.type === 'invited';
const settled = (s: TestServer = server) => until('the notifier to settle', () => s.notifications.notifier.pending === 0, 5000);

/** A page of an account: a socket that said hello with the account's token. */
async function page(url: string, token: string): Promise<TestClient> {
  const c = await TestClient.anonymous(url);
  clients.push(c);
  const w = await c.request({ type: 'hello', token });
  if (w.type !== 'welcome') throw new Error(JSON.stringify(w));
  c.token = token;
  c.playerId = w.player.id;
  return c;
}

/** A guest's page. */
async function guest(url: string, name: string): Promise<TestClient> {
  const c = await TestClient.connect(url, name);
  clients.push(c);
  return c;
}

/** An account with one push subscription at the test push service. */
async function subscribed(url: string, name: string) {
  const a = await newAccount(url, name);
  const sub = push.subscription();
  expect((await call(url, 'POST', '/api/push/subscriptions', { token: a.token, body: sub.json })).status).toBe(204);
  return { ...a, sub };
}

async function table(c: TestClient, o: { private?: boolean; seats?: number } = {}) {
  const made = await c.request({ type: 'table.create', game: 'flip-7', seats: o.seats ?? 2, ...(o.private === true ? { private: true } : {}) });
  if (made.type !== 'table') throw new Error(JSON.stringify(made));
  return { tableId: made.table.id, invite: made.invite };
}

describe('table.invite', () => {
  it("A invites B: B's open page hears `invited` with that table and nothing more; B's device is pushed as it has no page on the table", async () => {
    const ann = await page(server.url, (await newAccount(server.url, 'Ann')).token);
    const bobAccount = await subscribed(server.url, 'Bob');
    const bob = await page(server.url, bobAccount.token);
    expect((await bob.request({ type: 'lobby.watch' })).type).toBe('lobby');
    const { tableId } = await table(ann);

    expect(await ann.request({ type: 'table.invite', tableId, name: ' bob ' })).toMatchObject({ type: 'ok', tableId });
    const invited = await bob.next(isInvited);
    // Exactly these fields: the table, its game, who invited; no invite for a public table.
    expect(invited).toEqual({ type: 'invited', tableId, game: 'flip-7', from: { id: ann.playerId, name: 'Ann', account: true }, invite: null });
    expect(ann.received.filter(isInvited)).toEqual([]);

    await until('the push', () => push.received.length === 1, 5000, () => push.refused.join('\n'));
    expect(JSON.parse(push.received[0]!.text)).toEqual({
      title: 'Parlor', body: 'Ann invited you to a table of Flip 7', url: `/t/${tableId}`, tag: `parlor:${tableId}`, kind: 'invitation',
    });

    // Once per table: a second invitation is refused and sends nothing.
    expect(await ann.request({ type: 'table.invite', tableId, name: 'Bob' })).toMatchObject({ type: 'error', code: 'ALREADY_INVITED' });
    await settled();
    expect(push.received).toHaveLength(1);
    expect(bob.received.filter(isInvited)).toHaveLength(1);
  });

  it('B with no page gets a push carrying the private table\'s invite, which opens the table and a seat for B', async () => {
    const ann = await page(server.url, (await newAccount(server.url, 'Ann')).token);
    const bob = await subscribed(server.url, 'Bob');
    const { tableId, invite } = await table(ann, { private: true });
    expect(invite).toEqual(expect.any(String));

    expect(await ann.request({ type: 'table.invite', tableId, name: 'Bob' })).toMatchObject({ type: 'ok', tableId });
    await until('the push', () => push.received.length === 1, 5000, () => push.refused.join('\n'));
    const got = JSON.parse(push.received[0]!.text);
    expect(got).toEqual({ title: 'Parlor', body: 'Ann invited you to a table of Flip 7', url: `/t/${tableId}?invite=${invite}`, tag: `parlor:${tableId}`, kind: 'invitation' });
    expect(got.body).not.toContain(invite);

    const bobPage = await page(server.url, bob.token);
    // Without the invite the private table stays hidden; with the one from the push it opens.
    expect(await bobPage.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'error', code: 'UNKNOWN_TABLE' });
    const fromPush = new URL(got.url, server.url).searchParams.get('invite')!;
    expect(await bobPage.request({ type: 'table.watch', tableId, invite: fromPush })).toMatchObject({ type: 'table', table: { id: tableId, private: true } });
    expect(await bobPage.request({ type: 'table.sit', tableId, seat: 1, invite: fromPush })).toMatchObject({ type: 'ok', tableId });
  });

  it('an invitee who chose mail gets one, with the table\'s link and the unsubscribe links; the page of the table opens', async () => {
    const ann = await page(server.url, (await newAccount(server.url, 'Ann')).token);
    const bob = await newAccount(server.url, 'Bob');
    await call(server.url, 'PUT', '/api/accounts/language', { token: bob.token, body: { language: 'fr' } });
    expect((await call(server.url, 'PUT', '/api/accounts/email', { token: bob.token, body: { email: 'bob@example.org' } })).status).toBe(204);
    await until('the confirmation', () => smtp.to('bob@example.org').length === 1, 5000);
    const confirm = smtp.to('bob@example.org')[0]!.links.find((l) => l.includes('/api/email/confirm'))!;
    expect((await fetch(confirm)).status).toBe(200);
    expect((await call(server.url, 'PUT', '/api/accounts/notifications', { token: bob.token, body: { kinds: { invitation: 'email' } } })).status).toBe(204);
    const { tableId, invite } = await table(ann, { private: true });

    expect(await ann.request({ type: 'table.invite', tableId, name: 'Bob' })).toMatchObject({ type: 'ok' });
    await until('the mail', () => smtp.to('bob@example.org').length === 2, 5000);
    const mail = smtp.to('bob@example.org')[1]!;
    expect(mail.subject).toBe('Parlor: Ann vous invite à une table de Flip 7');
    const link = `${server.url}/t/${tableId}?invite=${invite}`;
    expect(mail.links[0]).toBe(link);
    expect(mail.links.filter((l) => l.includes('/api/email/unsubscribe'))).toHaveLength(2);
    expect((await fetch(link)).status).toBe(200);
    expect(push.received).toEqual([]);
  });

  it('refuses an unknown name, a guest, a player not at the table, a full or running table, and more than the minute\'s invitations — sending nothing', async () => {
    const ann = await page(server.url, (await newAccount(server.url, 'Ann')).token);
    const bobAccount = await subscribed(server.url, 'Bob');
    const bob = await page(server.url, bobAccount.token);
    const cat = await guest(server.url, 'Cat');
    const { tableId } = await table(ann, { seats: 3 });
    const refusal = async (from: TestClient, name: string, id = tableId) => {
      const r = await from.request({ type: 'table.invite', tableId: id, name });
      return r.type === 'error' ? r.code : r.type;
    };

    expect(await refusal(ann, 'Nobody')).toBe('NO_SUCH_ACCOUNT');
    expect(await refusal(ann, 'Cat')).toBe('NO_SUCH_ACCOUNT'); // a guest cannot be invited
    expect(await refusal(ann, 'Ann')).toBe('ALREADY_THERE');
    expect(await refusal(bob, 'Ann')).toBe('NOT_SEATED');
    expect(await refusal(cat, 'Bob')).toBe('NOT_SEATED');
    expect(await refusal(ann, 'Bob', 'no-such-table')).toBe('UNKNOWN_TABLE');
    expect(await ann.request({ type: 'table.bot.add', tableId, seat: 1, level: 'random' })).toMatchObject({ type: 'ok' });
    expect(await ann.request({ type: 'table.bot.add', tableId, seat: 2, level: 'random' })).toMatchObject({ type: 'ok' });
    expect(await refusal(ann, 'Bob')).toBe('TABLE_FULL');
    // A game being played (it waits for a person, so it stays running): seats change between games.
    const running = await table(ann);
    expect(await cat.request({ type: 'table.sit', tableId: running.tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    expect(await ann.request({ type: 'table.start', tableId: running.tableId })).toMatchObject({ type: 'ok' });
    expect(await refusal(cat, 'Bob', running.tableId)).toBe('ALREADY_RUNNING');

    // The minute's worth (refused ones count: names are not found by trying many), then the limit.
    const dan = await page(server.url, (await newAccount(server.url, 'Dan')).token);
    const second = await table(dan);
    for (let i = 0; i < INVITES_PER_MINUTE; i++) expect(await refusal(dan, `Nobody${i}`, second.tableId)).toBe('NO_SUCH_ACCOUNT');
    expect(await refusal(dan, 'Bob', second.tableId)).toBe('TOO_MANY_INVITES');
    await settled();
    expect(push.received).toEqual([]);
    expect(bob.received.filter(isInvited)).toEqual([]);
    expect(cat.received.filter(isInvited)).toEqual([]);
    expect(smtp.mails).toEqual([]);

    clock.advance(60_000);
    expect(await refusal(dan, 'Bob', second.tableId)).toBe('ok');
    expect(await bob.next(isInvited)).toMatchObject({ tableId: second.tableId, from: { name: 'Dan' } });
  });

  it('refuses what is not one: no name, a name too long for a message', async () => {
    const ann = await page(server.url, (await newAccount(server.url, 'Ann')).token);
    const { tableId } = await table(ann);
    expect(await ann.request({ type: 'table.invite', tableId, name: '' })).toMatchObject({ type: 'error', code: 'BAD_MESSAGE' });
    expect(await ann.request({ type: 'table.invite', tableId, name: '   ' })).toMatchObject({ type: 'error', code: 'NO_SUCH_ACCOUNT' });
  });
});

const skip = await skipCluster('invitations.test.ts');
const servers: TestServer[] = [];
const schemas: TestSchema[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close().catch(() => {});
  for (const s of schemas.splice(0)) await s.drop().catch(() => {});
});

describe.skipIf(skip)('table.invite in a cluster', () => {
  it('reaches a page on another process through the bus, and is sent by push from the table\'s host when the invite came through another process', async () => {
    const schema = await freshSchema();
    schemas.push(schema);
    const config = { dbPath: schema.url, redisUrl: TEST_REDIS, redisPrefix: `test-${randomBytes(4).toString('hex')}`, pushCa: PUSH_SERVICE_CA, pushServices: ['127.0.0.1'] };
    const [a, b] = [await testServer(config), await testServer(config)] as const;
    servers.push(a, b);
    const ann = await page(a.url, (await newAccount(a.url, 'Ann')).token);
    const bobAccount = await newAccount(b.url, 'Bob');
    const bob = await page(b.url, bobAccount.token);
    const bobOnA = await page(a.url, bobAccount.token);
    const cat = await page(b.url, (await newAccount(b.url, 'Cat')).token);
    const dan = await subscribed(b.url, 'Dan');
    const { tableId } = await table(ann, { seats: 3 });
    expect(a.hub.tables.has(tableId)).toBe(true);

    // Ann (on a, the table's host) invites Bob, whose page is on b.
    expect(await ann.request({ type: 'table.invite', tableId, name: 'Bob' })).toMatchObject({ type: 'ok', tableId });
    const invited = { type: 'invited', tableId, game: 'flip-7', from: { id: ann.playerId, name: 'Ann', account: true }, invite: null };
    expect(await bob.next(isInvited)).toEqual(invited);
    expect(await bobOnA.next(isInvited)).toEqual(invited);

    // Cat sits through b and invites Dan through b: the message goes to a, which sends the push.
    expect(await cat.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    expect(await cat.request({ type: 'table.invite', tableId, name: 'Dan' })).toMatchObject({ type: 'ok', tableId });
    await until('the push', () => push.received.length === 1, 10_000, () => push.refused.join('\n'));
    expect(push.received[0]!.id).toBe(dan.sub.id);
    expect(JSON.parse(push.received[0]!.text)).toMatchObject({ body: 'Cat invited you to a table of Flip 7', url: `/t/${tableId}` });
    expect(await cat.request({ type: 'table.invite', tableId, name: 'Bob' })).toMatchObject({ type: 'error', code: 'ALREADY_INVITED' });
    await settled(a);
    await settled(b);
    expect(push.received).toHaveLength(1);

    // A table hosted on b: Cat's invitation reaches Bob's page on a through the bus. a heard its
    // own message about Ann's invitation on the bus before this one, and did not deliver it again.
    const other = await table(cat, { seats: 2 });
    expect(b.hub.tables.has(other.tableId)).toBe(true);
    expect(await cat.request({ type: 'table.invite', tableId: other.tableId, name: 'Bob' })).toMatchObject({ type: 'ok' });
    expect(await bobOnA.next(isInvited)).toMatchObject({ tableId: other.tableId, from: { name: 'Cat' } });
    expect(await bob.next(isInvited)).toMatchObject({ tableId: other.tableId });
    expect(bobOnA.received.filter(isInvited).map((m) => m.tableId)).toEqual([tableId, other.tableId]);
    expect(bob.received.filter(isInvited).map((m) => m.tableId)).toEqual([tableId, other.tableId]);
  }, 60_000);
});
