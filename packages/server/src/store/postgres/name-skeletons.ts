import type pg from 'pg';
import { skeletonKeys } from '../../accounts/names.js';
import { SKELETON_DATA } from '../../accounts/skeleton.js';
import type { AccountRow } from '../store.js';
import type { Sql } from './connection.js';

/**
 * The first key of this module's advisory locks (the second is a hash of a skeleton): rekeys run
 * one at a time, and claims of the same skeleton one after the other.
 */
const LOCKS = 0x736b656c; // "skel"

/**
 * Accounts' name skeletons in PostgreSQL (table `name_skeletons`, migration 7), as in SQLite
 * (sqlite/name-skeletons.ts). A claim locks its skeletons (transaction-level advisory locks, in
 * order) before it looks for them, so two claims of lookalikes made at once, on any processes,
 * are taken one after the other and the second is refused.
 */
export const postgresNameSkeletons = {
  async accountLike(db: Sql, name: string): Promise<AccountRow | null> {
    return (await db.query<AccountRow>(`SELECT p.id AS "playerId", p.name, p.name_key AS "nameKey", p.password FROM name_skeletons s
      JOIN players p ON p.id = s.player_id WHERE s.skeleton = ANY($1) ORDER BY p.account_since, p.id LIMIT 1`,
    [skeletonKeys(name)])).rows[0] ?? null;
  },

  /** Gives an account its name's skeletons, unless another account holds one (false, nothing written). Inside the claim's transaction. */
  async add(db: Sql, playerId: string, name: string): Promise<boolean> {
    const keys = skeletonKeys(name).sort();
    await db.query('SELECT pg_advisory_xact_lock($1, hashtext(k)) FROM unnest($2::text[]) AS k ORDER BY k', [LOCKS, keys]);
    const held = await db.query('SELECT 1 FROM name_skeletons WHERE skeleton = ANY($1) AND player_id <> $2 LIMIT 1', [keys, playerId]);
    if (held.rows.length > 0) return false;
    await db.query('INSERT INTO name_skeletons (skeleton, player_id) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING', [keys, playerId]);
    return true;
  },

  async remove(db: Sql, playerId: string): Promise<void> {
    await db.query('DELETE FROM name_skeletons WHERE player_id = $1', [playerId]);
  },

  /**
   * Computes every account's skeletons again when they were computed with other data or steps
   * than SKELETON_DATA, or never (accounts made before migration 7, a database just copied).
   * Run on the migrations' pool when the store opens; returns the accounts rekeyed.
   */
  async rekey(pool: pg.Pool): Promise<number> {
    const c = await pool.connect();
    const onError = () => {}; // a broken connection rejects the query under way
    c.on('error', onError);
    try {
      await c.query('BEGIN');
      try {
        await c.query('SELECT pg_advisory_xact_lock($1, 0)', [LOCKS]);
        const at = (await c.query<{ value: string }>("SELECT value FROM meta WHERE key = 'name_skeletons'")).rows[0];
        let count = 0;
        if (at?.value !== SKELETON_DATA) {
          await c.query('DELETE FROM name_skeletons');
          const accounts = (await c.query<{ id: string; name: string }>('SELECT id, name FROM players WHERE name_key IS NOT NULL')).rows;
          const keys = accounts.flatMap((a) => skeletonKeys(a.name));
          const ids = accounts.flatMap((a) => [a.id, a.id]);
          await c.query('INSERT INTO name_skeletons (skeleton, player_id) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING', [keys, ids]);
          await c.query("INSERT INTO meta (key, value) VALUES ('name_skeletons', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [SKELETON_DATA]);
          count = accounts.length;
        }
        await c.query('COMMIT');
        return count;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => {});
        throw e;
      }
    } finally {
      c.off('error', onError);
      c.release();
    }
  },
};
