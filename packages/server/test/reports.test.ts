import type { ReportView } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import { call, moderatorAccount, say, tableOf } from './support/moderation.js';
import { serverPerTest } from './support/per-test.js';

// Reports over real HTTP and WebSockets (docs/api.md, "Reports and moderation"): an account reports
// a player's chat line, and the report carries its evidence by itself — the very lines around it
// with their ids, the table and its players, never a card still hidden; reports are limited; only
// moderators read them.

const { start, server, account, connect, anonymous } = serverPerTest();
const http = (method: string, path: string, opts: { body?: unknown; token?: string } = {}) => call(server(), method, path, opts);

/** A moderator account (as `parlor mod grant` makes one). */
const moderator = (name: string) => moderatorAccount(server(), account, name);
const queue = async (token: string, status = 'open') => ((await http('GET', `/api/mod/reports?status=${status}`, { token })).json as unknown as { reports: ReportView[] }).reports;

describe('a report of a chat line', () => {
  it('carries the ten lines before and after it, as they were said, with their ids, the table and its players', async () => {
    await start({}, { clock: new TestClock() });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const mo = await moderator('Mo');
    const tableId = await tableOf(ann.client, [bob.client]);
    expect(await bob.client.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    // Chat is limited to a few lines at once per connection: each speaks through five connections of theirs.
    const voices = async (token: string) => Promise.all([0, 1, 2, 3, 4].map(async () => {
      const c = await anonymous();
      expect(await c.request({ type: 'hello', token })).toMatchObject({ type: 'welcome' });
      expect(await c.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
      return c;
    }));
    const [annVoices, bobVoices] = [await voices(ann.token), await voices(bob.token)];
    const said = [];
    // Thirty lines, taking turns, all in the same ms of the test clock.
    for (let i = 0; i < 30; i++) said.push(await say((i % 2 === 0 ? annVoices : bobVoices)[Math.floor(i / 6)]!, ann.client, tableId, `line ${i}`));
    const reported = said[15]!;
    expect(reported.from.id).toBe(bob.id);
    expect(new Set(said.map((l) => l.id)).size).toBe(30);

    const made = await http('POST', '/api/reports', { token: ann.token, body: { playerId: bob.id, reason: 'abusive-chat', text: 'rude to me', chatLineId: reported.id } });
    expect(made.status).toBe(201);
    const [r] = await queue(mo.token);
    expect(r).toMatchObject({ id: made.json.id, reporter: 'Ann', player: { id: bob.id, name: 'Bob' }, reason: 'abusive-chat', text: 'rude to me', status: 'open', history: [] });
    const ev = r!.evidence;
    expect(ev.line).toBe(reported.id);
    expect(ev.chat).toEqual(said.slice(5, 26).map((l) => ({ id: l.id, playerId: l.from.id, name: l.from.name, text: l.text, at: l.at })));
    expect(ev.table).toEqual({ id: tableId, game: 'flip-7', rated: false, private: false, tournament: null });
    expect(ev.players).toEqual([{ seat: 0, name: 'Ann', playerId: ann.id, bot: false }, { seat: 1, name: 'Bob', playerId: bob.id, bot: false }]);
    expect(ev.reported).toEqual({ id: bob.id, name: 'Bob' });
    // Nothing a moderator does not need: no e-mail, device or token.
    expect(JSON.stringify(r)).not.toMatch(/token|email|device|password/i);
  });

  it('holds no move of a game still running, nor its seed', async () => {
    const clock = new TestClock();
    await start({}, { clock, seed: () => 'report-evidence' });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const mo = await moderator('Mo');
    const tableId = await tableOf(ann.client, [bob.client]);
    expect(await bob.client.request({ type: 'table.sit', tableId, seat: 1 })).toMatchObject({ type: 'ok' });
    const started = ann.client.waitFor((m) => m.type === 'game' && m.tableId === tableId);
    expect(await ann.client.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    await started;
    const line = await say(bob.client, ann.client, tableId, 'I can see your cards');
    expect((await http('POST', '/api/reports', { token: ann.token, body: { playerId: bob.id, reason: 'cheating', chatLineId: line.id } })).status).toBe(201);
    const [r] = await queue(mo.token);
    expect(r!.evidence.game).toEqual({ gameNo: 1, finished: false, moves: null });
    const game = await server().hub.store.game(tableId, 1);
    expect(JSON.stringify(r)).not.toContain(game!.seed);
    expect(JSON.stringify(r)).not.toMatch(/"(view|state|hand|deck|seed)"/);
  });

  it('from a seat or a profile, without a line: the table\'s last lines, or the player\'s own', async () => {
    await start({}, { clock: new TestClock() });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const cy = await account('Cy');
    const mo = await moderator('Mo');
    const tableId = await tableOf(ann.client, [bob.client]);
    await say(bob.client, ann.client, tableId, 'hi all');
    await say(ann.client, ann.client, tableId, 'hello');
    expect((await http('POST', '/api/reports', { token: ann.token, body: { playerId: bob.id, reason: 'leaving', tableId } })).status).toBe(201);
    expect((await http('POST', '/api/reports', { token: cy.token, body: { playerId: bob.id, reason: 'offensive-name' } })).status).toBe(201);
    const [atTable, fromProfile] = await queue(mo.token);
    expect(atTable!.evidence.chat.map((l) => l.text)).toEqual(['hi all', 'hello']);
    expect(atTable!.evidence.line).toBeNull();
    expect(fromProfile!.evidence).toMatchObject({ table: null, players: [], game: null });
    expect(fromProfile!.evidence.chat.map((l) => l.text)).toEqual(['hi all']);
  });
});

describe('what is refused, changing nothing', () => {
  it('a guest, oneself, a line not theirs, a bad reason, a second open report, the eleventh of a day; a non-moderator reading the queue', async () => {
    const clock = new TestClock();
    await start({}, { clock });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const mo = await moderator('Mo');
    const guest = await connect('Gus');
    const tableId = await tableOf(ann.client, [bob.client, guest]);
    const annLine = await say(ann.client, bob.client, tableId, 'mine');
    const report = (token: string | undefined, body: unknown) => http('POST', '/api/reports', { ...(token === undefined ? {} : { token }), body });
    expect((await report(guest.token!, { playerId: bob.id, reason: 'other' })).json.error).toBe('ACCOUNT_REQUIRED');
    expect((await report(undefined, { playerId: bob.id, reason: 'other' })).json.error).toBe('UNAUTHORIZED');
    expect((await report(ann.token, { playerId: ann.id, reason: 'other' })).json.error).toBe('BAD_REQUEST');
    expect((await report(ann.token, { playerId: 'nobody', reason: 'other' })).json.error).toBe('UNKNOWN_PLAYER');
    expect((await report(bob.token, { playerId: mo.id, reason: 'other', chatLineId: annLine.id })).json.error).toBe('NOT_FOUND');
    expect((await report(ann.token, { playerId: bob.id, reason: 'rude' })).json.error).toBe('BAD_REQUEST');
    expect((await report(ann.token, { playerId: bob.id, reason: 'other', text: 'x'.repeat(501) })).json.error).toBe('BAD_REQUEST');
    expect((await report(ann.token, { playerId: bob.id, reason: 'other', tableId: 'nope' })).json.error).toBe('UNKNOWN_TABLE');
    expect(await queue(mo.token)).toEqual([]);

    expect((await report(ann.token, { playerId: bob.id, reason: 'other' })).status).toBe(201);
    expect((await report(ann.token, { playerId: bob.id, reason: 'cheating' })).json.error).toBe('REPORT_OPEN');
    // Ten a day: nine more players, then the eleventh is refused until a day has passed.
    const others = [];
    for (let i = 0; i < 10; i++) others.push((await connect(`Guest${i}`)).playerId!);
    for (const o of others.slice(0, 9)) expect((await report(ann.token, { playerId: o, reason: 'other' })).status).toBe(201);
    const eleventh = await report(ann.token, { playerId: others[9]!, reason: 'other' });
    expect(eleventh).toMatchObject({ status: 429, json: { error: 'RATE_LIMITED' } });
    expect(await queue(mo.token)).toHaveLength(10);
    clock.advance(86_400_001);
    expect((await report(ann.token, { playerId: others[9]!, reason: 'other' })).status).toBe(201);

    for (const [method, path] of [['GET', '/api/mod/reports'], ['GET', '/api/mod/appeals'], ['POST', '/api/mod/actions'], ['GET', `/api/mod/players/${bob.id}/actions`]] as const) {
      const r = await http(method, path, { token: bob.token, ...(method === 'POST' ? { body: { playerId: ann.id, kind: 'warn', reason: 'x' } } : {}) });
      expect(r, path).toMatchObject({ status: 403, json: { error: 'NOT_MODERATOR' } });
    }
  });
});
