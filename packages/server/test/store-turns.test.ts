import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { LeaseLost, type Store } from '../src/store/store.js';
import { type TestSchema, freshSchema, skipPostgres, tableRow } from './support/stores.js';

// Both stores keep running turn-based tables' summaries with their seats by player (store/turns.ts):
// a summary replaces the one before whole, seats and all; null removes it; a stale fence writes nothing.

const skipPg = await skipPostgres('store-turns.test.ts');
const schemas: TestSchema[] = [];
afterAll(async () => { for (const s of schemas) await s.drop(); });

const kinds: { name: string; skip: boolean; open(): Promise<Store> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteStore(join(mkdtempSync(join(tmpdir(), 'parlor-turns-')), 'parlor.db')) },
  { name: 'PostgreSQL', skip: skipPg, open: async () => { const s = await freshSchema(); schemas.push(s); return PostgresStore.open(s.url); } },
];

const row = (tableId: string, players: string[], body: object) => ({
  tableId, seats: players.map((playerId, seat) => ({ playerId, seat, toMove: seat === 0 })), body: JSON.stringify(body),
});
const ids = async (store: Store, player: string) => (await store.turns.turnSummaries(player, 100)).map((r) => [r.tableId, JSON.parse(r.body) as unknown]);

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`turn summaries in ${kind.name}`, () => {
    it("finds a player's tables by their seats, replaced whole, removed with null, limited", async () => {
      const store = await kind.open();
      try {
        await store.turns.saveTurnSummary('T1', row('T1', ['ann', 'bob'], { v: 1 }));
        await store.turns.saveTurnSummary('T2', row('T2', ['bob', 'ann', 'ann'], { v: 2 }));
        expect(await ids(store, 'ann')).toEqual([['T1', { v: 1 }], ['T2', { v: 2 }]]);
        expect(await ids(store, 'cy')).toEqual([]);
        expect((await store.turns.turnSummaries('ann', 1)).length).toBe(1);
        // A new summary of T1 where Cy took Bob's place: Bob's seat there goes with the old one.
        await store.turns.saveTurnSummary('T1', row('T1', ['ann', 'cy'], { v: 3 }));
        expect(await ids(store, 'bob')).toEqual([['T2', { v: 2 }]]);
        expect(await ids(store, 'cy')).toEqual([['T1', { v: 3 }]]);
        await store.turns.saveTurnSummary('T2', null);
        expect(await ids(store, 'ann')).toEqual([['T1', { v: 3 }]]);
        expect(await ids(store, 'bob')).toEqual([]);
      } finally {
        await store.close();
      }
    });

    it('writes behind the fence: a stale token is refused with LeaseLost and changes nothing', async () => {
      const store = await kind.open();
      try {
        await store.saveTable(tableRow('T1', 'flip-7', ['ann', 'bob'], { status: 'running' }));
        const token = (await store.acquireLease('T1', 'p1', 60_000))!;
        await store.turns.saveTurnSummary('T1', row('T1', ['ann', 'bob'], { v: 1 }), token);
        await store.releaseLease('T1', 'p1', token);
        const next = (await store.acquireLease('T1', 'p2', 60_000))!;
        expect(next).toBeGreaterThan(token);
        await expect(store.turns.saveTurnSummary('T1', null, token)).rejects.toBeInstanceOf(LeaseLost);
        expect(await ids(store, 'ann')).toEqual([['T1', { v: 1 }]]);
        await store.turns.saveTurnSummary('T1', null, next);
        expect(await ids(store, 'ann')).toEqual([]);
      } finally {
        await store.close();
      }
    });
  });
}
