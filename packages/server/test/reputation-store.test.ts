import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/store/postgres.js';
import { recentSince, reputationFigures } from '../src/store/reputation.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { GameRow, PlayerGameRow, Store } from '../src/store/store.js';
import { addGuest, freshSchema, skipPostgres } from './support/stores.js';

// Reputation (docs/api.md, "Reputation"): the store counts a player's last 100 finished games that
// another person played, how many of them they left, and the games left since a time. Both stores.

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const day = (n: number) => new Date(NOW + n * DAY).toISOString();

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => { for (const f of cleanup.splice(0).reverse()) await f(); });

const kinds = [
  { name: 'SQLite', skip: false, open: async (): Promise<Store> => new SqliteStore(join(mkdtempSync(join(tmpdir(), 'parlor-rep-')), 'parlor.db')) },
  {
    name: 'PostgreSQL', skip: await skipPostgres('reputation-store.test.ts'),
    open: async (): Promise<Store> => {
      const schema = await freshSchema();
      cleanup.push(() => schema.drop());
      return PostgresStore.open(schema.url, { max: 2 });
    },
  },
];

/** Stores one finished game of `people` (player id, whether they left), with `bots` bot seats besides. */
async function game(store: Store, tableId: string, finishedAt: string, people: [string, boolean][], bots = 0): Promise<void> {
  const seats = people.length + bots;
  const row: GameRow = {
    tableId, gameNo: 1, seed: `seed-${tableId}`, commitment: 'c', options: {}, startedAt: finishedAt, finishedAt: null, result: null,
    seats: [...people.map(([p]) => ({ kind: 'player' as const, name: p, playerId: p })),
      ...Array.from({ length: bots }, () => ({ kind: 'bot' as const, name: 'bot', level: 'basic' as const }))],
  } as GameRow;
  await store.addGame(row);
  const players: PlayerGameRow[] = people.map(([playerId, left], seat) => ({
    playerId, tableId, gameNo: 1, game: 'flip-7', finishedAt, seat, players: seats, place: seat + 1, score: 0, won: seat === 0 && !left,
    rated: false, private: false, stats: null, left, humans: people.length,
  }));
  const result = { scores: Array(seats).fill(0), places: Array.from({ length: seats }, (_, i) => i + 1), winners: [0] };
  await store.finishGame(tableId, 1, result, finishedAt, null, { players, ratings: [] });
}

describe.each(kinds)('$name', (kind) => {
  describe.skipIf(kind.skip)('reputation', () => {
    async function fresh(): Promise<Store> {
      const store = await kind.open();
      cleanup.push(() => store.close());
      for (const id of ['ann', 'bob', 'cat']) await addGuest(store, id);
      return store;
    }

    it('counts games with another person only: leaving against bots does not count; below 5 games a new player', async () => {
      const store = await fresh();
      await game(store, 'H1', day(-20), [['bob', false], ['ann', false]]);
      await game(store, 'H2', day(-10), [['bob', true], ['ann', false]]);
      await game(store, 'H3', day(-2), [['bob', true], ['cat', false]], 1);
      await game(store, 'H4', day(-1), [['bob', false], ['ann', true], ['cat', false]]);
      // Against bots only: left three times, none of it counted.
      for (const n of [1, 2, 3]) await game(store, `B${n}`, day(-1), [['bob', true]], 2);
      const since = recentSince(NOW);
      expect(since).toBe(day(-7));
      expect(await store.reputation('bob', since)).toEqual({ counted: 4, left: 2, recentLeft: 1 });
      expect(reputationFigures(await store.reputation('bob', since))).toEqual({ finished: 2, left: 2, percent: null, recentLeft: 1 });
      expect(await store.reputation('ann', since)).toEqual({ counted: 3, left: 1, recentLeft: 1 });
      // The fifth counted game: a percentage, rounded down.
      await game(store, 'H5', day(0), [['bob', false], ['cat', false]]);
      expect(reputationFigures(await store.reputation('bob', since))).toEqual({ finished: 3, left: 2, percent: 60, recentLeft: 1 });
      // Recent leaves go by date: from 11 days back, both of bob's leaves are recent.
      expect((await store.reputation('bob', day(-11))).recentLeft).toBe(2);
      // A player with no games: nothing counted.
      expect(reputationFigures(await store.reputation('nobody', since))).toEqual({ finished: 0, left: 0, percent: null, recentLeft: 0 });
    });

    it('counts the last 100 games only: an older game left falls out of the percentage, not out of recent leaves', async () => {
      const store = await fresh();
      await game(store, 'OLD', day(-6), [['ann', true], ['bob', false]]);
      for (let n = 0; n < 100; n++) await game(store, `G${String(n).padStart(3, '0')}`, new Date(NOW - 5 * DAY + n * 60_000).toISOString(), [['ann', false], ['bob', false]]);
      expect(reputationFigures(await store.reputation('ann', recentSince(NOW)))).toEqual({ finished: 100, left: 0, percent: 100, recentLeft: 1 });
      // Bob's last 100 hold none of his games left either, and the 101st is no longer counted.
      expect(await store.reputation('bob', recentSince(NOW))).toEqual({ counted: 100, left: 0, recentLeft: 0 });
    });
  });
});
