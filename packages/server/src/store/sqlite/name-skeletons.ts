import type Database from 'better-sqlite3';
import { skeletonKeys } from '../../accounts/names.js';
import { SKELETON_DATA } from '../../accounts/skeleton.js';
import type { AccountRow } from '../store.js';

/**
 * Accounts' name skeletons in SQLite (table `name_skeletons`, migration 7), indexed, so that a
 * lookalike is found by a lookup. A claim checks them inside its transaction, and SQLite runs one
 * write transaction at a time, so two lookalike accounts cannot both be made.
 */
export class SqliteNameSkeletons {
  private readonly s;

  constructor(private readonly db: Database.Database) {
    this.s = {
      like: db.prepare(`SELECT p.id AS playerId, p.name, p.name_key AS nameKey, p.password FROM name_skeletons s
        JOIN players p ON p.id = s.player_id WHERE s.skeleton IN (?, ?) ORDER BY p.account_since, p.id LIMIT 1`),
      heldByOther: db.prepare('SELECT 1 FROM name_skeletons WHERE skeleton IN (?, ?) AND player_id <> ? LIMIT 1'),
      insert: db.prepare('INSERT OR IGNORE INTO name_skeletons (skeleton, player_id) VALUES (?, ?)'),
      remove: db.prepare('DELETE FROM name_skeletons WHERE player_id = ?'),
    };
  }

  /** The account whose name `name` could be mistaken for, if any (the oldest). */
  accountLike(name: string): AccountRow | null {
    return (this.s.like.get(...skeletonKeys(name)) as AccountRow | undefined) ?? null;
  }

  /** Gives an account its name's skeletons, unless another account holds one (false, nothing written). Inside the claim's transaction. */
  add(playerId: string, name: string): boolean {
    const keys = skeletonKeys(name);
    if (this.s.heldByOther.get(...keys, playerId) !== undefined) return false;
    for (const key of keys) this.s.insert.run(key, playerId);
    return true;
  }

  remove(playerId: string): void {
    this.s.remove.run(playerId);
  }

  /**
   * Computes every account's skeletons again when they were computed with other data or steps
   * than SKELETON_DATA, or never (the accounts made before migration 7). Accounts that were made
   * lookalikes before (under older data) keep both their names and both get the keys. Returns the
   * accounts rekeyed (0: they were up to date).
   */
  rekey(): number {
    return this.db.transaction(() => {
      const at = this.db.prepare("SELECT value FROM meta WHERE key = 'name_skeletons'").get() as { value: string } | undefined;
      if (at?.value === SKELETON_DATA) return 0;
      this.db.prepare('DELETE FROM name_skeletons').run();
      const accounts = this.db.prepare('SELECT id, name FROM players WHERE name_key IS NOT NULL').all() as { id: string; name: string }[];
      for (const a of accounts) for (const key of skeletonKeys(a.name)) this.s.insert.run(key, a.id);
      this.db.prepare("INSERT INTO meta (key, value) VALUES ('name_skeletons', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(SKELETON_DATA);
      return accounts.length;
    })();
  }
}
