import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/store/postgres.js';
import Database from 'better-sqlite3';
import { SqliteStore } from '../src/store/sqlite.js';
import { DUE_TABLES } from '../src/store/sqlite/tables.js';
import type { Store } from '../src/store/store.js';
import { type TestSchema, freshSchema, skipPostgres, tableRow } from './support/stores.js';

// Both stores keep a waiting table's due time beside its row: set and cleared by its host, listed
// soonest first for the waker (running tables only, none another process holds), and a table with
// one is neither hosted at start nor taken over as an orphan.

const skipPg = await skipPostgres('store-due.test.ts');
const schemas: TestSchema[] = [];
afterAll(async () => { for (const s of schemas) await s.drop(); });

/** The ids of the tables due by `by`, soonest first. */
const ids = async (store: Store, by: number, limit: number) => (await store.dueTables(by, limit)).map((d) => d.id);

const kinds: { name: string; skip: boolean; open(): Promise<Store> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteStore(join(mkdtempSync(join(tmpdir(), 'parlor-due-')), 'parlor.db')) },
  { name: 'PostgreSQL', skip: skipPg, open: async () => { const s = await freshSchema(); schemas.push(s); return PostgresStore.open(s.url); } },
];

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`due tables in ${kind.name}`, () => {
    it('lists running tables due by a time, soonest first, at most a limit; a table with one is not hosted at start', async () => {
      const store = await kind.open();
      try {
        const turn = { moveTimer: 86_400, turnBased: { bankSeconds: 0, vacation: false } };
        await store.saveTable(tableRow('A', 'flip-7', ['ann', 'bob'], { status: 'running', gameNo: 1, ...turn }));
        await store.saveTable(tableRow('B', 'flip-7', ['cy', 'dee'], { status: 'running', gameNo: 1, ...turn }));
        await store.saveTable(tableRow('C', 'flip-7', ['eve', 'fay'], { status: 'running', gameNo: 1 }));
        await store.saveTable(tableRow('D', 'flip-7', ['gus'], { status: 'finished', gameNo: 1, ...turn }));
        await store.setTableDue('A', 2_000_000_000_000);
        await store.setTableDue('B', 1_900_000_000_000);
        await store.setTableDue('D', 1_000);
        expect(await store.dueTables(2_000_000_000_000, 10)).toEqual([{ id: 'B', dueAt: 1_900_000_000_000 }, { id: 'A', dueAt: 2_000_000_000_000 }]);
        expect(await ids(store, 1_999_999_999_999, 10)).toEqual(['B']);
        expect(await ids(store, 2_000_000_000_000, 1)).toEqual(['B']);
        expect((await store.tables()).map((t) => t.id)).toEqual(['C']);
        // Saving the row again keeps its due time; clearing it makes the table hosted at start again.
        await store.saveTable(tableRow('A', 'flip-7', ['ann', 'bob'], { status: 'running', gameNo: 1, ...turn, private: true }));
        expect(await ids(store, 2_000_000_000_000, 10)).toEqual(['B', 'A']);
        await store.setTableDue('A', null);
        expect(await ids(store, 2_000_000_000_000, 10)).toEqual(['B']);
        expect((await store.tables()).map((t) => t.id).sort()).toEqual(['A', 'C']);
      } finally {
        await store.close();
      }
    });

    it('in a cluster: a waiting table is no orphan, and is due only while no process holds its lease', async () => {
      const store = await kind.open();
      try {
        const turn = { moveTimer: 86_400, turnBased: { bankSeconds: 0, vacation: false } };
        await store.saveTable(tableRow('W', 'flip-7', ['ann', 'bob'], { status: 'running', gameNo: 1, ...turn }));
        await store.saveTable(tableRow('H', 'flip-7', ['cy', 'dee'], { status: 'running', gameNo: 1, ...turn }));
        await store.saveTable(tableRow('O', 'flip-7', ['eve', 'fay'], { status: 'open' }));
        await store.setTableDue('W', 1_000);
        expect((await store.orphanTables(10)).sort()).toEqual(['H', 'O']);
        // Held by a process (in memory there), W is its host's to wake; released, it is anyone's who takes its lease.
        const token = await store.acquireLease('W', 'proc-1', 60_000);
        expect(token).not.toBeNull();
        expect(await ids(store, 2_000, 10)).toEqual([]);
        await store.releaseLease('W', 'proc-1', token!);
        expect(await ids(store, 2_000, 10)).toEqual(['W']);
        expect((await store.orphanTables(10)).sort()).toEqual(['H', 'O']);
        // Its due moment cleared (the game is no longer waiting), it is an orphan like any other.
        await store.setTableDue('W', null);
        expect((await store.orphanTables(10)).sort()).toEqual(['H', 'O', 'W']);
      } finally {
        await store.close();
      }
    });
  });
}

describe("SQLite's due query", () => {
  it('reads the due index, not every running table, whatever the planner knows of the rows', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'parlor-due-plan-')), 'parlor.db');
    await new SqliteStore(file).close();
    const db = new Database(file);
    try {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${DUE_TABLES}`).all(1, 2, 3) as { detail: string }[]).map((r) => r.detail);
      expect(plan.find((d) => d.startsWith('SEARCH t '))).toMatch(/USING INDEX tables_due \(due_at<\?\)/);
    } finally {
      db.close();
    }
  });
});
