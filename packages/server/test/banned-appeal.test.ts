import type { ModActionView, MyModeration } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import { call, moderatorAccount } from './support/moderation.js';
import { serverPerTest } from './support/per-test.js';

// A banned account, signed out, reads why and appeals with its name and password (docs/api.md,
// "POST /api/sessions/banned"): checked as a sign-in is, only while the ban holds, no session made;
// one appeal per action, as from the account page; a ban lifted lets them sign in again.

const { start, server, account } = serverPerTest();
const http = (method: string, path: string, opts: { body?: unknown; token?: string } = {}) => call(server(), method, path, opts);
const PASSWORD = 'a long password'; // per-test.ts's accounts'

describe('a banned account signed out', () => {
  it('reads the ban with its password, appeals it once, and signs in again once it is lifted', async () => {
    await start({}, { clock: new TestClock() });
    const bob = await account('Bob');
    const mo = await moderatorAccount(server(), account, 'Mo');
    const ban = await http('POST', '/api/mod/actions', { token: mo.token, body: { playerId: bob.id, kind: 'ban', reason: 'cheating with a second account' } });
    expect(ban.status).toBe(201);
    const refused = await http('POST', '/api/sessions', { body: { name: 'Bob', password: PASSWORD } });
    expect([refused.status, refused.json.error]).toEqual([403, 'BANNED']);

    const wrong = await http('POST', '/api/sessions/banned', { body: { name: 'Bob', password: 'not his password' } });
    expect([wrong.status, wrong.json.error]).toEqual([401, 'BAD_CREDENTIALS']);
    const read = await http('POST', '/api/sessions/banned', { body: { name: 'bob', password: PASSWORD } });
    expect(read.status).toBe(200);
    const record = read.json as unknown as MyModeration;
    expect(record.actions).toEqual([expect.objectContaining({ id: ban.json.id, kind: 'ban', reason: 'cheating with a second account', active: true, until: null, appeal: null })]);
    expect(JSON.stringify(record)).not.toMatch(/token|Mo\b/); // no session, and no moderator named

    const appeal = (body: Record<string, unknown>) => http('POST', '/api/sessions/banned/appeal', { body: { name: 'Bob', password: PASSWORD, ...body } });
    expect((await appeal({ actionId: ban.json.id, text: '  ' })).status).toBe(400);
    expect((await appeal({ actionId: 'not-an-action', text: 'it was my brother' })).json.error).toBe('NOT_FOUND');
    expect((await appeal({ actionId: ban.json.id, text: 'it was my brother', password: 'wrong' })).json.error).toBe('BAD_CREDENTIALS');
    const sent = await appeal({ actionId: ban.json.id, text: 'it was my brother' });
    expect(sent.status).toBe(200);
    expect(sent.json as unknown as ModActionView).toMatchObject({ id: ban.json.id, appeal: 'it was my brother', answer: null });
    expect((await appeal({ actionId: ban.json.id, text: 'again' })).json.error).toBe('ALREADY_APPEALED');

    // The moderators read it among the appeals; lifted, the ban ends and Bob signs in.
    const waiting = (await http('GET', '/api/mod/appeals', { token: mo.token })).json.appeals as { id: string; appeal: string }[];
    expect(waiting.map((a) => [a.id, a.appeal])).toEqual([[ban.json.id, 'it was my brother']]);
    expect((await http('POST', `/api/mod/actions/${ban.json.id}/answer`, { token: mo.token, body: { answer: 'lifted', text: 'we believe you' } })).status).toBe(200);
    const back = await http('POST', '/api/sessions', { body: { name: 'Bob', password: PASSWORD } });
    expect(back.status).toBe(200);
    expect((await http('POST', '/api/sessions/banned', { body: { name: 'Bob', password: PASSWORD } })).json.error).toBe('NOT_BANNED');
  });

  it('is only for a ban in force, and never for another account\'s actions', async () => {
    await start({}, { clock: new TestClock() });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const mo = await moderatorAccount(server(), account, 'Mo');
    const warn = await http('POST', '/api/mod/actions', { token: mo.token, body: { playerId: ann.id, kind: 'warn', reason: 'be kind' } });
    const notBanned = await http('POST', '/api/sessions/banned', { body: { name: 'Ann', password: PASSWORD } });
    expect([notBanned.status, notBanned.json.error]).toEqual([409, 'NOT_BANNED']);
    expect((await http('POST', '/api/sessions/banned/appeal', { body: { name: 'Ann', password: PASSWORD, actionId: warn.json.id, text: 'no' } })).json.error).toBe('NOT_BANNED');
    await http('POST', '/api/mod/actions', { token: mo.token, body: { playerId: bob.id, kind: 'ban', reason: 'abuse', hours: 24 } });
    // Bob, banned, may not appeal Ann's warning.
    const other = await http('POST', '/api/sessions/banned/appeal', { body: { name: 'Bob', password: PASSWORD, actionId: warn.json.id, text: 'hers, not mine' } });
    expect([other.status, other.json.error]).toEqual([404, 'NOT_FOUND']);
    expect((await http('GET', '/api/me/moderation', { token: ann.token })).json.actions).toEqual([expect.objectContaining({ id: warn.json.id, appeal: null })]);
    const nobody = await http('POST', '/api/sessions/banned', { body: { name: 'Nobody', password: PASSWORD } });
    expect([nobody.status, nobody.json.error]).toEqual([401, 'BAD_CREDENTIALS']);
  });
});
