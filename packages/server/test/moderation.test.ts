import type { ModActionView, MyModeration, ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import { SESSION_ENDED_CLOSE } from '../src/live-sessions.js';
import { call, moderatorAccount, say, tableOf } from './support/moderation.js';
import { serverPerTest } from './support/per-test.js';

// Moderators' actions over real HTTP and WebSockets (docs/api.md, "Reports and moderation"): a
// mute refuses chat at every table until it runs out; suspensions refuse seats; a ban closes the
// player's sockets and refuses hello and sign-in; a rename shows at once; the player sees each
// action and appeals it once; an account deleted takes the reports it made, not the actions.

const { start, server, account, anonymous } = serverPerTest();
const http = (method: string, path: string, opts: { body?: unknown; token?: string } = {}) => call(server(), method, path, opts);
const HOUR = 3_600_000;

/** A moderator account (as `parlor mod grant` makes one). */
const moderator = (name: string) => moderatorAccount(server(), account, name);
const act = async (token: string, body: Record<string, unknown>) => {
  const r = await http('POST', '/api/mod/actions', { token, body });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as unknown as ModActionView;
};
const mine = async (token: string) => (await http('GET', '/api/me/moderation', { token })).json as unknown as MyModeration;

describe('a mute', () => {
  it('refuses the player\'s chat at every table, naming until when, and runs out; the player sees it', async () => {
    const clock = new TestClock();
    await start({}, { clock });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const mo = await moderator('Mo');
    const t1 = await tableOf(ann.client, [bob.client]);
    const t2 = await tableOf(bob.client, [ann.client]);
    await say(bob.client, ann.client, t1, 'before');
    const a = await act(mo.token, { playerId: bob.id, kind: 'mute', reason: 'insults in chat', hours: 2 });
    expect(a).toMatchObject({ kind: 'mute', reason: 'insults in chat', active: true, until: new Date(clock.now() + 2 * HOUR).toISOString(), appeal: null });
    for (const tableId of [t1, t2]) {
      const r = await bob.client.request({ type: 'chat.send', tableId, text: 'still here' });
      expect(r).toMatchObject({ type: 'error', code: 'CHAT_MUTED' });
      expect((r as { message: string }).message).toContain(a.until!);
      expect((r as { message: string }).message).toContain('insults in chat');
    }
    expect(ann.client.received.some((m) => m.type === 'chat' && m.text === 'still here')).toBe(false);
    await say(ann.client, bob.client, t1, 'others still talk');
    expect(await mine(bob.token)).toEqual({ moderator: false, actions: [a] });
    expect((await mine(mo.token)).moderator).toBe(true);
    clock.advance(2 * HOUR);
    await say(bob.client, ann.client, t2, 'back again');
    expect((await mine(bob.token)).actions[0]).toMatchObject({ id: a.id, active: false });
  });
});

describe('suspensions', () => {
  it('from rated play refuses a rated seat only; from playing refuses every seat', async () => {
    await start({}, { clock: new TestClock() });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const mo = await moderator('Mo');
    const rated = await tableOf(ann.client, [bob.client], { rated: true });
    const plain = await tableOf(ann.client, [bob.client]);
    await act(mo.token, { playerId: bob.id, kind: 'suspend-rated', reason: 'sandbagging', hours: 24 });
    expect(await bob.client.request({ type: 'table.sit', tableId: rated, seat: 1 })).toMatchObject({ type: 'error', code: 'SUSPENDED_RATED' });
    expect(await bob.client.request({ type: 'table.sit', tableId: plain, seat: 1 })).toMatchObject({ type: 'ok' });
    const other = await tableOf(ann.client, [bob.client]);
    await act(mo.token, { playerId: bob.id, kind: 'suspend', reason: 'leaving every game' });
    expect(await bob.client.request({ type: 'table.sit', tableId: other, seat: 1 })).toMatchObject({ type: 'error', code: 'SUSPENDED' });
    expect(await bob.client.request({ type: 'table.create', game: 'flip-7', seats: 2 })).toMatchObject({ type: 'table' }); // watching and chat stay
  });
});

describe('a ban', () => {
  it('closes the sockets, refuses hello and sign-in; the player still reads it, appeals once, and a lift lets them back', async () => {
    await start({}, { clock: new TestClock() });
    const bob = await account('Bob');
    const mo = await moderator('Mo');
    const closed = new Promise<number>((resolve) => bob.client.ws.once('close', (code) => resolve(code)));
    const a = await act(mo.token, { playerId: bob.id, kind: 'ban', reason: 'cheating with a second account' });
    expect(await closed).toBe(SESSION_ENDED_CLOSE);
    const again = await anonymous();
    const hello = await again.request({ type: 'hello', token: bob.token });
    expect(hello).toMatchObject({ type: 'error', code: 'BANNED' });
    expect((hello as { message: string }).message).toContain('for good');
    const signIn = await http('POST', '/api/sessions', { body: { name: 'Bob', password: 'a long password' } });
    expect(signIn).toMatchObject({ status: 403, json: { error: 'BANNED' } });
    expect(((await mine(bob.token)).actions)).toEqual([a]);

    const appealed = await http('POST', `/api/me/moderation/${a.id}/appeal`, { token: bob.token, body: { text: 'that was my brother' } });
    expect(appealed).toMatchObject({ status: 200, json: { id: a.id, appeal: 'that was my brother', answer: null } });
    expect((await http('POST', `/api/me/moderation/${a.id}/appeal`, { token: bob.token, body: { text: 'please' } })).json.error).toBe('ALREADY_APPEALED');
    expect((await http('POST', `/api/me/moderation/${a.id}/appeal`, { token: mo.token, body: { text: 'not mine' } })).json.error).toBe('NOT_FOUND');
    const appeals = (await http('GET', '/api/mod/appeals', { token: mo.token })).json.appeals as { id: string; player: { name: string } }[];
    expect(appeals.map((x) => [x.id, x.player.name])).toEqual([[a.id, 'Bob']]);
    const lifted = await http('POST', `/api/mod/actions/${a.id}/answer`, { token: mo.token, body: { answer: 'lifted', text: 'believed, once' } });
    expect(lifted).toMatchObject({ status: 200, json: { answer: 'lifted', answerText: 'believed, once', active: false } });
    expect((await http('POST', `/api/mod/actions/${a.id}/answer`, { token: mo.token, body: { answer: 'upheld', text: 'no' } })).json.error).toBe('NO_APPEAL');
    const back = await anonymous();
    expect(await back.request({ type: 'hello', token: bob.token })).toMatchObject({ type: 'welcome' });
    expect((await http('POST', '/api/sessions', { body: { name: 'Bob', password: 'a long password' } })).status).toBe(200);
  });
});

describe('a rename', () => {
  it('shows at once at the player\'s table, to a neutral name or the one chosen; a name of an account is refused', async () => {
    await start({}, { clock: new TestClock() });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const mo = await moderator('Mo');
    const tableId = await tableOf(ann.client, [bob.client]);
    expect(await bob.client.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    const seat = (name: RegExp) => ann.client.waitFor((m) => m.type === 'table' && m.table.id === tableId && m.table.seats[1]?.kind === 'player' && name.test(m.table.seats[1].player.name));
    const neutral = seat(/^Player \d{4}$/);
    await act(mo.token, { playerId: bob.id, kind: 'rename', reason: 'offensive name' });
    const shown = (await neutral as Extract<ServerMessage, { type: 'table' }>).table.seats[1]!;
    expect(shown.kind === 'player' && shown.player.id).toBe(bob.id);
    expect((await http('POST', '/api/mod/actions', { token: mo.token, body: { playerId: bob.id, kind: 'rename', reason: 'x', name: 'Ann' } })).json.error).toBe('NAME_TAKEN');
    const chosen = seat(/^Robert$/);
    await act(mo.token, { playerId: bob.id, kind: 'rename', reason: 'offensive name', name: 'Robert' });
    await chosen;
    const line = await say(bob.client, ann.client, tableId, 'hi');
    expect(line.from.name).toBe('Robert');
  });
});

describe('what a moderator may not do, and an account deleted', () => {
  it('bad actions are refused and change nothing; a deleted account takes the reports it made, the actions on it stay', async () => {
    await start({}, { clock: new TestClock() });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const mo = await moderator('Mo');
    const refused = async (body: Record<string, unknown>, code: string) => expect((await http('POST', '/api/mod/actions', { token: mo.token, body })).json.error).toBe(code);
    await refused({ playerId: bob.id, kind: 'mute', reason: 'no time' }, 'BAD_REQUEST');
    await refused({ playerId: bob.id, kind: 'warn', reason: 'x', hours: 2 }, 'BAD_REQUEST');
    await refused({ playerId: bob.id, kind: 'warn', reason: '' }, 'BAD_REQUEST');
    await refused({ playerId: bob.id, kind: 'shame', reason: 'x' }, 'BAD_REQUEST');
    await refused({ playerId: mo.id, kind: 'warn', reason: 'x' }, 'BAD_REQUEST');
    await refused({ playerId: 'nobody', kind: 'warn', reason: 'x' }, 'UNKNOWN_PLAYER');
    await refused({ playerId: bob.id, kind: 'warn', reason: 'x', reportId: 'nope' }, 'NOT_FOUND');
    expect((await mine(bob.token)).actions).toEqual([]);

    const made = await http('POST', '/api/reports', { token: ann.token, body: { playerId: bob.id, reason: 'other', text: 'odd' } });
    const warned = await act(mo.token, { playerId: bob.id, kind: 'warn', reason: 'be kind', reportId: made.json.id });
    expect((await http('GET', '/api/mod/reports?status=acted', { token: mo.token })).json.reports).toMatchObject([{ id: made.json.id, status: 'acted', history: [{ id: warned.id, moderator: 'Mo' }] }]);
    await refused({ playerId: bob.id, kind: 'warn', reason: 'x', reportId: made.json.id }, 'REPORT_CLOSED');
    await act(mo.token, { playerId: ann.id, kind: 'warn', reason: 'false reports' });
    const again = await http('POST', '/api/reports', { token: ann.token, body: { playerId: mo.id, reason: 'other' } });
    expect((await http('POST', `/api/mod/reports/${again.json.id}/dismiss`, { token: mo.token })).json.status).toBe('dismissed');
    expect((await http('POST', `/api/mod/reports/${again.json.id}/dismiss`, { token: mo.token })).json.error).toBe('REPORT_CLOSED');

    expect((await http('DELETE', '/api/accounts', { token: ann.token, body: { password: 'a long password' } })).status).toBe(204);
    const m = server().hub.store.moderation;
    expect(await m.report(made.json.id as string)).toBeNull();
    expect(await m.report(again.json.id as string)).toBeNull();
    expect((await m.modActionsOn(ann.id)).map((x) => x.reason)).toEqual(['false reports']);
    expect((await m.modActionsOn(bob.id)).map((x) => x.reason)).toEqual(['be kind']);
  });
});
