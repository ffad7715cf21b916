import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { timeOrderedId } from '../src/moderation/ids.js';
import type { ModActionRow } from '../src/store/moderation.js';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { Store } from '../src/store/store.js';
import { addGuest, freshSchema, skipPostgres } from './support/stores.js';

// Chat lines, reports, moderators and their actions (store/moderation.ts), the same in both stores:
// lines read in time order around one, reports counted and closed once, one appeal per action,
// and an account deleted takes its lines and the reports it made, not the actions on it.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => { for (const f of cleanups.splice(0).reverse()) await f(); });

const kinds: { name: string; skip: boolean; open(): Promise<Store> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteStore(join(mkdtempSync(join(tmpdir(), 'parlor-mod-')), 'parlor.db')) },
  {
    name: 'PostgreSQL',
    skip: await skipPostgres('moderation-store.test.ts'),
    open: async () => {
      const schema = await freshSchema();
      cleanups.push(() => schema.drop());
      return PostgresStore.open(schema.url, { max: 2 });
    },
  },
];

const action = (over: Partial<ModActionRow>): ModActionRow => ({
  id: 'a1', playerId: 'p2', moderatorId: 'm1', kind: 'mute', reason: 'insults', reportId: null, at: 1000, until: 5000,
  appeal: null, appealedAt: null, answer: null, answerText: null, answeredAt: null, answeredBy: null, ...over,
});

describe.each(kinds)('$name', (kind) => {
  const open = async () => { const s = await kind.open(); cleanups.push(() => s.close()); return s; };

  it.skipIf(kind.skip)('keeps chat lines in order, and reads those around one, a table\'s last and a player\'s', async () => {
    const s = await open();
    const ids: string[] = [];
    // Thirty lines, all in the same ms (a test clock): their ids keep the order they were sent in.
    for (let i = 0; i < 30; i++) {
      const id = timeOrderedId(1_000);
      ids.push(id);
      await s.moderation.addChatLine({ id, tableId: i % 3 === 2 ? 'other' : 't1', playerId: i % 2 === 0 ? 'p1' : 'p2', name: `n${i}`, text: `line ${i}`, at: 1_000 });
    }
    const t1 = ids.filter((_, i) => i % 3 !== 2);
    expect(await s.moderation.chatLine(ids[4]!)).toEqual({ id: ids[4], tableId: 't1', playerId: 'p1', name: 'n4', text: 'line 4', at: 1_000 });
    expect(await s.moderation.chatLine('nope')).toBeNull();
    const around = await s.moderation.chatLinesAround('t1', t1[10]!, 3, 2);
    expect(around.map((l) => l.id)).toEqual(t1.slice(7, 13));
    expect((await s.moderation.chatLinesAround('t1', t1[0]!, 3, 2)).map((l) => l.id)).toEqual(t1.slice(0, 3));
    expect((await s.moderation.lastChatLines('t1', 4)).map((l) => l.id)).toEqual(t1.slice(-4));
    // p2 sent the odd lines; t1 has those whose number is not 2 more than a multiple of 3.
    expect((await s.moderation.lastChatLines('t1', 2, 'p2')).map((l) => l.text)).toEqual(['line 25', 'line 27']);
    expect((await s.moderation.playerChatLines('p1', 2)).map((l) => l.text)).toEqual(['line 26', 'line 28']);
  });

  it.skipIf(kind.skip)('counts reports made, knows an open one, lists the queue and closes a report once', async () => {
    const s = await open();
    const report = (id: string, reporterId: string, playerId: string, createdAt: number) => s.moderation.addReport({
      id, reporterId, playerId, reason: 'abusive-chat', text: 'said bad things', evidence: '{"chat":[]}', status: 'open', createdAt, closedAt: null, closedBy: null,
    });
    await report('r1', 'p1', 'p2', 100);
    await report('r2', 'p1', 'p3', 200);
    await report('r3', 'p4', 'p2', 300);
    expect(await s.moderation.reportsMadeSince('p1', 150)).toBe(1);
    expect(await s.moderation.reportsMadeSince('p1', 0)).toBe(2);
    expect(await s.moderation.hasOpenReport('p1', 'p2')).toBe(true);
    expect(await s.moderation.hasOpenReport('p2', 'p1')).toBe(false);
    expect((await s.moderation.reports('open', 10)).map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(await s.moderation.closeReport('r1', 'acted', 'm1', 400)).toBe(true);
    expect(await s.moderation.closeReport('r1', 'dismissed', 'm1', 500)).toBe(false);
    expect(await s.moderation.report('r1')).toMatchObject({ status: 'acted', closedBy: 'm1', closedAt: 400, evidence: '{"chat":[]}', reason: 'abusive-chat' });
    expect(await s.moderation.hasOpenReport('p1', 'p2')).toBe(false);
    expect((await s.moderation.reports('open', 10)).map((r) => r.id)).toEqual(['r2', 'r3']);
    expect((await s.moderation.reports('acted', 10)).map((r) => r.id)).toEqual(['r1']);
    // About one player, any status, newest first; at most `limit`.
    expect((await s.moderation.reportsOn('p2', 10)).map((r) => [r.id, r.status])).toEqual([['r3', 'open'], ['r1', 'acted']]);
    expect((await s.moderation.reportsOn('p2', 1)).map((r) => r.id)).toEqual(['r3']);
    expect(await s.moderation.reportsOn('p1', 10)).toEqual([]);
  });

  it.skipIf(kind.skip)('grants and revokes moderators once each', async () => {
    const s = await open();
    expect(await s.moderation.grantModerator('m1', 'operator', 10)).toBe(true);
    expect(await s.moderation.grantModerator('m1', 'operator', 20)).toBe(false);
    expect(await s.moderation.isModerator('m1')).toBe(true);
    expect(await s.moderation.moderators()).toEqual([{ playerId: 'm1', grantedAt: 10, grantedBy: 'operator' }]);
    expect(await s.moderation.revokeModerator('m1')).toBe(true);
    expect(await s.moderation.revokeModerator('m1')).toBe(false);
    expect(await s.moderation.isModerator('m1')).toBe(false);
  });

  it.skipIf(kind.skip)('logs actions, takes one appeal each and one answer', async () => {
    const s = await open();
    await s.moderation.addModAction(action({}));
    await s.moderation.addModAction(action({ id: 'a2', kind: 'warn', until: null, at: 2000 }));
    expect((await s.moderation.modActionsOn('p2')).map((a) => a.id)).toEqual(['a2', 'a1']);
    expect(await s.moderation.answerAppeal('a1', 'lifted', 'sorry', 'm1', 3000)).toBe(false); // not appealed
    expect(await s.moderation.appeal('a1', 'it was a joke', 2500)).toBe(true);
    expect(await s.moderation.appeal('a1', 'again', 2600)).toBe(false);
    expect((await s.moderation.openAppeals(10)).map((a) => a.id)).toEqual(['a1']);
    expect(await s.moderation.answerAppeal('a1', 'upheld', 'it was not', 'm2', 3000)).toBe(true);
    expect(await s.moderation.answerAppeal('a1', 'lifted', 'changed my mind', 'm2', 3100)).toBe(false);
    expect(await s.moderation.modAction('a1')).toEqual(action({
      appeal: 'it was a joke', appealedAt: 2500, answer: 'upheld', answerText: 'it was not', answeredAt: 3000, answeredBy: 'm2',
    }));
    expect(await s.moderation.openAppeals(10)).toEqual([]);
  });

  it.skipIf(kind.skip)("an account's deletion takes its lines and the reports it made; reports on it and actions stay", async () => {
    const s = await open();
    await s.moderation.addChatLine({ id: timeOrderedId(1), tableId: 't1', playerId: 'p1', name: 'Ann', text: 'hi', at: 1 });
    const mine = { reason: 'other' as const, text: '', evidence: '{}', status: 'open' as const, createdAt: 1, closedAt: null, closedBy: null };
    await s.moderation.addReport({ ...mine, id: 'r1', reporterId: 'p1', playerId: 'p2' });
    await s.moderation.addReport({ ...mine, id: 'r2', reporterId: 'p2', playerId: 'p1' });
    await s.moderation.addModAction(action({ playerId: 'p1', moderatorId: 'm1' }));
    await s.moderation.grantModerator('p1', 'operator', 1);
    await s.moderation.forgetModeration('p1');
    expect(await s.moderation.playerChatLines('p1', 10)).toEqual([]);
    expect(await s.moderation.report('r1')).toBeNull();
    expect(await s.moderation.report('r2')).not.toBeNull();
    expect(await s.moderation.modActionsOn('p1')).toHaveLength(1);
    expect(await s.moderation.isModerator('p1')).toBe(false);
  });

  it.skipIf(kind.skip)('the sweep prunes chat lines past their keeping, and the lines and mutes of players gone', async () => {
    const s = await open();
    await addGuest(s, 'ann', 'Ann');
    const line = (id: string, playerId: string, at: number) => s.moderation.addChatLine({ id, tableId: 't1', playerId, name: playerId, text: `${id} by ${playerId}`, at });
    await line('l1', 'ann', 10); // past its keeping
    await line('l2', 'ann', 100);
    await line('l3', 'ghost', 100); // a guest pruned since
    await s.friends.setMute('ann', 't1', true);
    await s.friends.setMute('ghost', '*', true);
    expect(await s.moderation.pruneChat(50)).toBe(3);
    expect((await s.moderation.lastChatLines('t1', 10)).map((l) => l.id)).toEqual(['l2']);
    expect(await s.friends.mutesOf('ann')).toEqual(['t1']);
    expect(await s.friends.mutesOf('ghost')).toEqual([]);
    expect(await s.moderation.pruneChat(50)).toBe(0);
  });
});
