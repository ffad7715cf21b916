import type { ModActionView } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import { call, moderatorAccount, say, tableOf } from './support/moderation.js';
import { serverPerTest } from './support/per-test.js';

// A moderator's view of one player (docs/api.md, "GET /api/mod/players/<id>/reports"): every
// report about them, of any status, newest first, with the reporter's name, the evidence and who
// closed it; with the actions route, their whole record. Only moderators; nothing a moderator does
// not need (no e-mail, device or token).

const { start, server, account, connect } = serverPerTest();
const http = (method: string, path: string, opts: { body?: unknown; token?: string } = {}) => call(server(), method, path, opts);
const moderator = (name: string) => moderatorAccount(server(), account, name);
const MINUTE = 60_000;

type PlayerReports = {
  player: { id: string; name: string };
  reports: { id: string; reporter: string; reason: string; text: string; status: string; createdAt: string; closedAt: string | null; closedBy: string | null; evidence: { line: string | null } }[];
};

describe('GET /api/mod/players/<id>/reports', () => {
  it('lists every report about the player, open, acted and dismissed, newest first, and no one else\'s', async () => {
    const clock = new TestClock();
    await start({}, { clock });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const cy = await account('Cy');
    const mo = await moderator('Mo');
    const tableId = await tableOf(ann.client, [bob.client, cy.client]);
    const line = await say(bob.client, ann.client, tableId, 'you play like a potato');
    const report = async (token: string, playerId: string, body: Record<string, unknown>) => {
      const r = await http('POST', '/api/reports', { token, body: { playerId, ...body } });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      clock.advance(MINUTE);
      return String(r.json.id);
    };
    const r1 = await report(ann.token, bob.id, { reason: 'abusive-chat', text: 'rude', chatLineId: line.id });
    const r2 = await report(cy.token, bob.id, { reason: 'leaving', tableId });
    const other = await report(bob.token, cy.id, { reason: 'other' }); // about Cy: not Bob's
    await http('POST', `/api/mod/reports/${r2}/dismiss`, { token: mo.token });
    const acted = await http('POST', '/api/mod/actions', { token: mo.token, body: { playerId: bob.id, kind: 'warn', reason: 'be kind', reportId: r1 } });
    expect(acted.status).toBe(201);
    const r3 = await report(cy.token, bob.id, { reason: 'offensive-name' }); // Cy's earlier one is closed: a new one may be made

    const got = await http('GET', `/api/mod/players/${bob.id}/reports`, { token: mo.token });
    expect(got.status).toBe(200);
    const body = got.json as unknown as PlayerReports;
    expect(body.player).toEqual({ id: bob.id, name: 'Bob' });
    expect(body.reports.map((r) => r.id)).toEqual([r3, r2, r1]);
    expect(body.reports.map((r) => [r.reporter, r.reason, r.status, r.closedBy])).toEqual([
      ['Cy', 'offensive-name', 'open', null], ['Cy', 'leaving', 'dismissed', 'Mo'], ['Ann', 'abusive-chat', 'acted', 'Mo'],
    ]);
    expect(body.reports[2]).toMatchObject({ text: 'rude', evidence: { line: line.id } });
    expect(body.reports[0]!.closedAt).toBeNull();
    expect(body.reports.some((r) => r.id === other)).toBe(false);
    // The history lives at /actions, beside it: the warning, with the report it closed.
    const actions = (await http('GET', `/api/mod/players/${bob.id}/actions`, { token: mo.token })).json.actions as (ModActionView & { moderator: string })[];
    expect(actions.map((a) => [a.kind, a.reason, a.moderator])).toEqual([['warn', 'be kind', 'Mo']]);
    expect(JSON.stringify(body)).not.toMatch(/token|email|device|password/i);
    // A player with none: an empty list.
    expect((await http('GET', `/api/mod/players/${ann.id}/reports`, { token: mo.token })).json).toEqual({ player: { id: ann.id, name: 'Ann' }, reports: [] });
  });

  it('refuses players who are not moderators, guests and the signed out, and an unknown player', async () => {
    await start({}, { clock: new TestClock() });
    const ann = await account('Ann');
    const bob = await account('Bob');
    const guest = await connect('Gus');
    const mo = await moderator('Mo');
    await http('POST', '/api/reports', { token: ann.token, body: { playerId: bob.id, reason: 'other' } });
    // The reported player may not read who reported them, nor may anyone else but a moderator.
    for (const token of [bob.token, ann.token, guest.token!]) {
      const r = await http('GET', `/api/mod/players/${bob.id}/reports`, { token });
      expect(r.status).toBe(403);
      expect(r.json.error).toBe('NOT_MODERATOR');
      expect(JSON.stringify(r.json)).not.toContain('Ann');
    }
    expect((await http('GET', `/api/mod/players/${bob.id}/reports`)).status).toBe(401);
    const unknown = await http('GET', '/api/mod/players/nobody-at-all/reports', { token: mo.token });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe('UNKNOWN_PLAYER');
  });
});
