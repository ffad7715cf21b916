import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { Store } from '../src/store/store.js';
import { type TestSchema, freshSchema, skipPostgres } from './support/stores.js';

// Both stores keep friend requests, friendships (both ways at once), the wait after a decline,
// blocks (which end a friendship and the requests between the two) and chat mutes; and an account
// deleted leaves none of them behind, either way.

const skipPg = await skipPostgres('friends-store.test.ts');
const schemas: TestSchema[] = [];
afterAll(async () => { for (const s of schemas) await s.drop(); });

const kinds: { name: string; skip: boolean; open(): Promise<Store> }[] = [
  { name: 'SQLite', skip: false, open: async () => new SqliteStore(join(mkdtempSync(join(tmpdir(), 'parlor-friends-')), 'parlor.db')) },
  { name: 'PostgreSQL', skip: skipPg, open: async () => { const s = await freshSchema(); schemas.push(s); return PostgresStore.open(s.url); } },
];

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`friends and blocks in ${kind.name}`, () => {
    it('a request, accepted, makes friends both ways; removed, neither way', async () => {
      const store = await kind.open();
      const f = store.friends;
      await f.addFriendRequest('ann', 'bob', 10);
      await f.addFriendRequest('ann', 'bob', 20); // asked again: the first time stays
      await f.addFriendRequest('cy', 'bob', 15);
      expect(await f.friendRequestsOf('bob')).toEqual({ incoming: [{ id: 'ann', at: 10 }, { id: 'cy', at: 15 }], outgoing: [] });
      expect(await f.friendRequestsOf('ann')).toEqual({ incoming: [], outgoing: [{ id: 'bob', at: 10 }] });
      await f.addFriendship('bob', 'ann', 30);
      expect(await f.friendsOf('ann')).toEqual([{ id: 'bob', at: 30 }]);
      expect(await f.friendsOf('bob')).toEqual([{ id: 'ann', at: 30 }]);
      expect((await f.friendRequestsOf('bob')).incoming).toEqual([{ id: 'cy', at: 15 }]);
      expect(await f.dropFriendship('ann', 'bob')).toBe(true);
      expect(await f.dropFriendship('ann', 'bob')).toBe(false);
      expect(await f.friendsOf('bob')).toEqual([]);
      expect(await f.dropFriendRequest('cy', 'bob')).toBe(true);
      expect(await f.dropFriendRequest('cy', 'bob')).toBe(false);
      await store.close();
    });

    it('a decline drops the request and keeps the wait', async () => {
      const store = await kind.open();
      const f = store.friends;
      await f.addFriendRequest('ann', 'bob', 10);
      await f.refuseFriend('bob', 'ann', 1000);
      expect((await f.friendRequestsOf('bob')).incoming).toEqual([]);
      expect(await f.refusalUntil('bob', 'ann')).toBe(1000);
      expect(await f.refusalUntil('ann', 'bob')).toBeNull();
      await f.refuseFriend('bob', 'ann', 2000);
      expect(await f.refusalUntil('bob', 'ann')).toBe(2000);
      await store.close();
    });

    it('a block ends the friendship and requests both ways, and is seen from both sides', async () => {
      const store = await kind.open();
      const f = store.friends;
      await f.addFriendship('ann', 'bob', 5);
      await f.addFriendRequest('bob', 'ann', 6);
      await f.addFriendRequest('ann', 'bob', 7);
      await f.addBlock('ann', 'bob', 8);
      expect(await f.friendsOf('ann')).toEqual([]);
      expect(await f.friendsOf('bob')).toEqual([]);
      expect(await f.friendRequestsOf('ann')).toEqual({ incoming: [], outgoing: [] });
      expect(await f.blocksOf('ann')).toEqual([{ id: 'bob', at: 8 }]);
      expect(await f.blocksOf('bob')).toEqual([]);
      expect(await f.blockedAmong('bob', ['cy', 'ann'])).toBe(true);
      expect(await f.blockedAmong('ann', ['bob'])).toBe(true);
      expect(await f.blockedAmong('cy', ['ann', 'bob'])).toBe(false);
      expect(await f.blockedAmong('bob', [])).toBe(false);
      expect(await f.dropBlock('ann', 'bob')).toBe(true);
      expect(await f.dropBlock('ann', 'bob')).toBe(false);
      expect(await f.blockedAmong('bob', ['ann'])).toBe(false);
      await store.close();
    });

    it('mutes a table, or all chat, and unmutes', async () => {
      const store = await kind.open();
      const f = store.friends;
      await f.setMute('ann', 'T1', true);
      await f.setMute('ann', '*', true);
      await f.setMute('ann', '*', true);
      expect(await f.mutesOf('ann')).toEqual(['*', 'T1']);
      await f.setMute('ann', 'T1', false);
      expect(await f.mutesOf('ann')).toEqual(['*']);
      await store.close();
    });

    it('an account forgotten leaves no friend, request, refusal, block or mute behind, either way', async () => {
      const store = await kind.open();
      const f = store.friends;
      await f.addFriendship('ann', 'bob', 1);
      await f.addFriendRequest('cy', 'ann', 2);
      await f.addFriendRequest('ann', 'dee', 2);
      await f.refuseFriend('ann', 'eve', 100);
      await f.refuseFriend('eve', 'ann', 100);
      await f.addBlock('ann', 'cy', 3);
      await f.addBlock('dee', 'ann', 3);
      await f.addBlock('dee', 'eve', 3);
      await f.setMute('ann', '*', true);
      await f.forgetFriends('ann');
      expect(await f.friendsOf('bob')).toEqual([]);
      expect(await f.friendRequestsOf('cy')).toEqual({ incoming: [], outgoing: [] });
      expect(await f.friendRequestsOf('dee')).toEqual({ incoming: [], outgoing: [] });
      expect(await f.refusalUntil('eve', 'ann')).toBeNull();
      expect(await f.refusalUntil('ann', 'eve')).toBeNull();
      expect(await f.blocksOf('dee')).toEqual([{ id: 'eve', at: 3 }]);
      expect(await f.mutesOf('ann')).toEqual([]);
      await store.close();
    });
  });
}
