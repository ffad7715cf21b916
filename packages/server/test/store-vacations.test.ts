import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FinishedGame } from '@parlor/table';
import { afterAll, describe, expect, it } from 'vitest';
import { gameResults } from '../src/ratings/records.js';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { Store } from '../src/store/store.js';
import { type TestSchema, addGuest, at, freshSchema, skipPostgres, tableRow } from './support/stores.js';

// Both stores keep accounts' days off (a period from and to, ended early at the moment it is
// ended, dropped when ended before it began, one not yet over at a time) and find the waiting
// turn-based tables whose clocks they change; and a game's turn-based rating is kept apart from
// its real-time one, each changed only by games of its own pace.

const skipPg = await skipPostgres('store-vacations.test.ts');
const schemas: TestSchema[] = [];
afterAll(async () => { for (const s of schemas) await s.drop(); });

const kinds: { name: string; skip: boolean; open(): Promise<Store> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteStore(join(mkdtempSync(join(tmpdir(), 'parlor-vacation-')), 'parlor.db')) },
  { name: 'PostgreSQL', skip: skipPg, open: async () => { const s = await freshSchema(); schemas.push(s); return PostgresStore.open(s.url); } },
];

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 5, 1);

/** A finished 2-seat Flip 7 game of Ann (the winner) and Bob, rated, at a real-time or turn-based table. */
const finished = (tableId: string, turnBased: boolean): FinishedGame => ({
  tableId, gameNo: 1, game: 'flip-7', result: { scores: [200, 50], places: [1, 2], winners: [0] }, stats: [{}, {}], finishedAt: at(100),
  seats: [{ kind: 'player', playerId: 'ann' }, { kind: 'player', playerId: 'bob' }], left: [], rated: true, private: false,
  ...(turnBased ? { turnBased: true } : {}),
});

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`vacations and turn-based ratings in ${kind.name}`, () => {
    it('keeps days off: one not over at a time, ended early or dropped before it begins', async () => {
      const store = await kind.open();
      try {
        const v = store.vacations;
        expect(await v.vacationsOf('ann')).toEqual([]);
        expect(await v.addVacation('ann', { from: T0, to: T0 + 3 * DAY }, T0)).toBe(true);
        // Another while that one runs: refused, nothing written.
        expect(await v.addVacation('ann', { from: T0 + 5 * DAY, to: T0 + 6 * DAY }, T0 + DAY)).toBe(false);
        // Ended a day and a half in: it lasted until then.
        await v.endVacation('ann', T0, T0 + 1.5 * DAY);
        expect(await v.vacationsOf('ann')).toEqual([{ from: T0, to: T0 + 1.5 * DAY }]);
        // Ending it again later changes nothing: what is past stays.
        await v.endVacation('ann', T0, T0 + 2 * DAY);
        expect(await v.vacationsOf('ann')).toEqual([{ from: T0, to: T0 + 1.5 * DAY }]);
        // A planned one ended before it begins is dropped.
        expect(await v.addVacation('ann', { from: T0 + 10 * DAY, to: T0 + 12 * DAY }, T0 + 2 * DAY)).toBe(true);
        expect(await v.vacationsOf('ann')).toEqual([{ from: T0, to: T0 + 1.5 * DAY }, { from: T0 + 10 * DAY, to: T0 + 12 * DAY }]);
        await v.endVacation('ann', T0 + 10 * DAY, T0 + 3 * DAY);
        expect(await v.vacationsOf('ann')).toEqual([{ from: T0, to: T0 + 1.5 * DAY }]);
        expect(await v.vacationsOf('bob')).toEqual([]);
      } finally {
        await store.close();
      }
    });

    it('adds one vacation of several asked for at the same moment', async () => {
      const store = await kind.open();
      try {
        const asked = await Promise.all([1, 2, 3, 4, 5, 6].map((d) => store.vacations.addVacation('ann', { from: T0 + d * DAY, to: T0 + (d + 1) * DAY }, T0)));
        expect(asked.filter(Boolean)).toHaveLength(1);
        expect(await store.vacations.vacationsOf('ann')).toHaveLength(1);
      } finally {
        await store.close();
      }
    });

    it("forgets a deleted account's days off, and only theirs", async () => {
      const store = await kind.open();
      try {
        await store.vacations.addVacation('ann', { from: T0, to: T0 + DAY }, T0);
        await store.vacations.addVacation('bob', { from: T0, to: T0 + DAY }, T0);
        await store.deleteAccount('ann', 'deleted player', new Date(T0).toISOString());
        expect(await store.vacations.vacationsOf('ann')).toEqual([]);
        expect(await store.vacations.vacationsOf('bob')).toEqual([{ from: T0, to: T0 + DAY }]);
      } finally {
        await store.close();
      }
    });

    it("finds the player's waiting turn-based tables that allow vacations, and no others", async () => {
      const store = await kind.open();
      try {
        const turn = (vacation: boolean) => ({ status: 'running' as const, gameNo: 1, moveTimer: 86_400, turnBased: { bankSeconds: 0, vacation } });
        await store.saveTable(tableRow('A', 'flip-7', ['ann', 'bob'], turn(true)));
        await store.saveTable(tableRow('B', 'flip-7', ['ann', 'bob'], turn(false)));
        await store.saveTable(tableRow('C', 'flip-7', ['cy', 'bob'], turn(true)));
        await store.saveTable(tableRow('D', 'flip-7', ['ann', 'cy'], turn(true))); // in memory: no due time
        await store.saveTable(tableRow('E', 'flip-7', ['bob', 'ann'], { ...turn(true), status: 'finished' }));
        // A player whose id is part of another's is not taken for them.
        await store.saveTable(tableRow('F', 'flip-7', ['annie', 'bob'], turn(true)));
        for (const id of ['A', 'B', 'C', 'E', 'F']) await store.setTableDue(id, T0);
        // Found by the turn-based seats' index (their hosts write it with each table's summary).
        const seats: Record<string, string[]> = { A: ['ann', 'bob'], B: ['ann', 'bob'], C: ['cy', 'bob'], D: ['ann', 'cy'], E: ['bob', 'ann'], F: ['annie', 'bob'] };
        for (const [id, players] of Object.entries(seats)) {
          await store.turns.saveTurnSummary(id, { tableId: id, seats: players.map((playerId, seat) => ({ playerId, seat, toMove: seat === 0 })), body: '{}' });
        }
        expect(await store.vacations.vacationTables('ann')).toEqual(['A']);
        expect((await store.vacations.vacationTables('bob')).sort()).toEqual(['A', 'C', 'F']);
      } finally {
        await store.close();
      }
    });

    it("changes a game's turn-based rating with a turn-based game and its real-time one with a real-time game, each leaving the other", async () => {
      const store = await kind.open();
      try {
        await addGuest(store, 'ann', 'Ann');
        await addGuest(store, 'bob', 'Bob');
        const store1 = async (f: FinishedGame) => {
          await store.saveTable(tableRow(f.tableId, 'flip-7', ['ann', 'bob'], { status: 'running', gameNo: 1, rated: true }));
          await store.addGame({
            tableId: f.tableId, gameNo: 1, seed: 's', commitment: 'c', options: {}, startedAt: at(1), finishedAt: null, result: null,
            seats: [{ kind: 'player', name: 'Ann', playerId: 'ann' }, { kind: 'player', name: 'Bob', playerId: 'bob' }],
          });
          const { records } = await gameResults(store, f);
          await store.finishGame(f.tableId, 1, f.result, f.finishedAt, f.stats, records);
        };
        await store1(finished('R1', false));
        const live = await store.ratingsOf('ann');
        expect(live.map((r) => [r.game, r.games])).toEqual([['flip-7', 1]]);

        await store1(finished('T1', true));
        const both = await store.ratingsOf('ann');
        expect(both.map((r) => [r.game, r.games])).toEqual([['flip-7', 1], ['flip-7:turn-based', 1]]);
        expect(both.find((r) => r.game === 'flip-7')).toEqual(live[0]);
        // The first turn-based game starts from the prior, as the first real-time one did.
        expect(both.find((r) => r.game === 'flip-7:turn-based')!.mu).toBeCloseTo(live[0]!.mu, 10);

        await store1(finished('R2', false));
        const after = await store.ratingsOf('ann');
        expect(after.find((r) => r.game === 'flip-7:turn-based')).toEqual(both.find((r) => r.game === 'flip-7:turn-based'));
        expect(after.find((r) => r.game === 'flip-7')!.games).toBe(2);
        expect((await store.ratingHistory('ann', 'flip-7')).map((p) => p.tableId)).toEqual(['R1', 'R2']);
        expect((await store.ratingHistory('ann', 'flip-7:turn-based')).map((p) => p.tableId)).toEqual(['T1']);
        // The boards: each pace its own (accounts only).
        expect(await store.claimAccount('ann', 'Ann', 'ann', 'scrypt$ann', at(200))).toBe(true);
        expect((await store.leaderboard('flip-7:turn-based', 10, 0)).map((r) => [r.playerId, r.games])).toEqual([['ann', 1]]);
        expect((await store.leaderboard('flip-7', 10, 0)).map((r) => [r.playerId, r.games])).toEqual([['ann', 2]]);
      } finally {
        await store.close();
      }
    });
  });
}
