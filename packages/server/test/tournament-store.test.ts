import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { LeaseLost, type Store, type TournamentRow, tournamentLease } from '../src/store/store.js';
import { type TestSchema, freshSchema, skipPostgres } from './support/stores.js';

// Both stores keep tournaments the same way: compare-and-set on the version, behind the
// director's fence when it gives one, listed by status in their orders, private ones unlisted.

const skipPg = await skipPostgres('tournament-store.test.ts');
const schemas: TestSchema[] = [];
afterAll(async () => { for (const s of schemas) await s.drop(); });

const kinds: { name: string; skip: boolean; open(): Promise<Store> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteStore(join(mkdtempSync(join(tmpdir(), 'parlor-tstore-')), 'parlor.db')) },
  {
    name: 'PostgreSQL', skip: skipPg,
    open: async () => {
      const s = await freshSchema();
      schemas.push(s);
      return PostgresStore.open(s.url);
    },
  },
];

const row = (id: string, over: Partial<TournamentRow> = {}): TournamentRow => ({
  id, status: 'upcoming', startsAt: '2026-12-24T18:00:00.000Z', private: false, version: 1, summary: { id, name: id }, state: { id, n: 0 }, ...over,
});

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`tournaments in ${kind.name}`, () => {
    it('writes a new one once, then only over the version read', async () => {
      const store = await kind.open();
      try {
        expect(await store.saveTournament(row('a'), null)).toBe(true);
        expect(await store.saveTournament(row('a', { state: { other: true } }), null)).toBe(false);
        expect((await store.tournament('a'))!.state).toEqual({ id: 'a', n: 0 });
        expect(await store.saveTournament(row('a', { version: 2, state: { id: 'a', n: 1 } }), 1)).toBe(true);
        // A writer that read version 1 too is refused, and nothing changes.
        expect(await store.saveTournament(row('a', { version: 2, state: { id: 'a', n: 99 } }), 1)).toBe(false);
        expect(await store.tournament('a')).toMatchObject({ version: 2, state: { id: 'a', n: 1 } });
        expect(await store.tournament('nope')).toBeNull();
      } finally {
        await store.close();
      }
    });

    it('keeps parts with their row: written with it only, upserted, deleted by a null body, read back in order', async () => {
      const store = await kind.open();
      try {
        const parts = [
          { kind: 'entrant' as const, key: 'zed', seq: 0, body: { points: 0 } },
          { kind: 'entrant' as const, key: 'amy', seq: 1, body: { points: 0 } },
          { kind: 'game' as const, key: 'c-2', seq: 1, body: { n: 2 } },
          { kind: 'game' as const, key: 'c-1', seq: 0, body: { n: 1 } },
        ];
        expect(await store.saveTournament(row('c', { parts }), null)).toBe(true);
        const first = (await store.tournament('c'))!;
        expect(first.parts!.map((p) => `${p.kind}:${p.key}`)).toEqual(['entrant:zed', 'entrant:amy', 'game:c-1', 'game:c-2']);
        // A refused write (a stale version) writes none of its parts.
        expect(await store.saveTournament(row('c', { version: 2, parts: [{ kind: 'entrant', key: 'zed', seq: 0, body: { points: 99 } }] }), 7)).toBe(false);
        expect((await store.tournament('c'))!.parts).toEqual(first.parts);
        expect(await store.saveTournament(row('c', {
          version: 2, parts: [{ kind: 'entrant', key: 'zed', seq: 0, body: { points: 3 } }, { kind: 'entrant', key: 'amy', seq: 0, body: null }],
        }), 1)).toBe(true);
        expect((await store.tournament('c'))!.parts).toEqual([
          { kind: 'entrant', key: 'zed', seq: 0, body: { points: 3 } },
          { kind: 'game', key: 'c-1', seq: 0, body: { n: 1 } },
          { kind: 'game', key: 'c-2', seq: 1, body: { n: 2 } },
        ]);
        // Lists show summaries only.
        expect((await store.tournamentList('upcoming', 5))[0]!.parts).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    it('refuses a write behind a fence that is no longer the lease\'s token', async () => {
      const store = await kind.open();
      try {
        await store.saveTournament(row('b'), null);
        const first = (await store.acquireLease(tournamentLease('b'), 'p1', 1))!;
        await new Promise((r) => setTimeout(r, 5)); // the 1 ms lease runs out
        const second = (await store.acquireLease(tournamentLease('b'), 'p2', 60_000))!;
        expect(second).toBeGreaterThan(first);
        await expect(store.saveTournament(row('b', { version: 2 }), 1, first)).rejects.toBeInstanceOf(LeaseLost);
        expect((await store.tournament('b'))!.version).toBe(1);
        expect(await store.saveTournament(row('b', { version: 2 }), 1, second)).toBe(true);
      } finally {
        await store.close();
      }
    });

    it('lists by status, soonest first (latest first when finished), pages by cursor, leaves private ones out', async () => {
      const store = await kind.open();
      try {
        await store.saveTournament(row('u2', { startsAt: '2026-12-24T20:00:00.000Z' }), null);
        await store.saveTournament(row('u1', { startsAt: '2026-12-24T19:00:00.000Z' }), null);
        await store.saveTournament(row('u3', { startsAt: '2026-12-24T21:00:00.000Z' }), null);
        await store.saveTournament(row('hidden', { private: true }), null);
        await store.saveTournament(row('f1', { status: 'finished', startsAt: '2026-12-20T19:00:00.000Z' }), null);
        await store.saveTournament(row('f2', { status: 'finished', startsAt: '2026-12-21T19:00:00.000Z' }), null);
        await store.saveTournament(row('r1', { status: 'running' }), null);
        const ids = (rows: TournamentRow[]) => rows.map((r) => r.id);
        expect(ids(await store.tournamentList('upcoming', 2))).toEqual(['u1', 'u2']);
        expect(ids(await store.tournamentList('upcoming', 2, '2026-12-24T20:00:00.000Z|u2'))).toEqual(['u3']);
        expect(ids(await store.tournamentList('finished', 5))).toEqual(['f2', 'f1']);
        expect(ids(await store.tournamentList('finished', 5, '2026-12-21T19:00:00.000Z|f2'))).toEqual(['f1']);
        expect((await store.liveTournaments()).sort()).toEqual(['hidden', 'r1', 'u1', 'u2', 'u3']);
      } finally {
        await store.close();
      }
    });
  });
}
