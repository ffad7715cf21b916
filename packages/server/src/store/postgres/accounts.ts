import type { AccountRow, GameRow } from '../store.js';
import type { PostgresConnection } from './connection.js';
import { postgresNameSkeletons } from './name-skeletons.js';

/** Thrown inside a claim's transaction to roll it back. */
const refused = new Error('claim refused');

/** Accounts in PostgreSQL: a player's name claimed as theirs alone, with a password; and deleting one. */
export class PostgresAccounts {
  constructor(private readonly db: PostgresConnection) {}

  async accountByKey(nameKey: string): Promise<AccountRow | null> {
    return (await this.db.q<AccountRow>('SELECT id AS "playerId", name, name_key AS "nameKey", password FROM players WHERE name_key = $1', [nameKey])).rows[0] ?? null;
  }
  async accountOf(playerId: string): Promise<AccountRow | null> {
    return (await this.db.q<AccountRow>('SELECT id AS "playerId", name, name_key AS "nameKey", password FROM players WHERE id = $1 AND name_key IS NOT NULL',
      [playerId])).rows[0] ?? null;
  }
  /** The account whose name `name` could be mistaken for (accounts/names.ts), if any. */
  async accountLike(name: string): Promise<AccountRow | null> {
    return this.db.untransacted((db) => postgresNameSkeletons.accountLike(db, name));
  }
  async claimAccount(playerId: string, name: string, nameKey: string, password: string, at: string): Promise<boolean> {
    try {
      // A name taken (its key is unique), a lookalike of another account's, or a player who is an
      // account already fails the whole claim: the transaction is rolled back, nothing written.
      return await this.db.tx(async (db) => {
        const r = await db.query('UPDATE players SET name = $1, name_key = $2, password = $3, account_since = $4 WHERE id = $5 AND name_key IS NULL',
          [name, nameKey, password, at, playerId]);
        if (r.rowCount !== 1 || !await postgresNameSkeletons.add(db, playerId, name)) throw refused;
        return true;
      });
    } catch (e) {
      if (e === refused) return false;
      if ((e as { code?: string }).code === '23505') return false; // unique_violation: the name key is taken
      throw e;
    }
  }
  async setPassword(playerId: string, password: string): Promise<void> {
    await this.db.q('UPDATE players SET password = $1 WHERE id = $2 AND name_key IS NOT NULL', [password, playerId]);
  }
  async setAvatar(playerId: string, avatar: string | null): Promise<void> {
    await this.db.q('UPDATE players SET avatar = $1 WHERE id = $2', [avatar, playerId]);
  }
  async setBot(playerId: string, bot: boolean): Promise<void> {
    await this.db.q('UPDATE players SET bot = $1 WHERE id = $2', [bot ? 1 : 0, playerId]);
  }
  async deleteAccount(playerId: string, shownAs: string, at: string): Promise<void> {
    await this.db.tx(async (db) => {
      await db.query('UPDATE players SET name = $1, name_key = NULL, password = NULL, avatar = NULL, bot = 0, deleted_at = $2 WHERE id = $3', [shownAs, at, playerId]);
      await postgresNameSkeletons.remove(db, playerId);
      await db.query('DELETE FROM sessions WHERE player_id = $1', [playerId]);
      const games = await db.query<{ table_id: string; game_no: number; body: string }>(`SELECT g.table_id, g.game_no, g.body FROM games g
        WHERE EXISTS (SELECT 1 FROM json_array_elements(g.body::json -> 'seats') s WHERE s ->> 'playerId' = $1) FOR UPDATE`, [playerId]);
      for (const r of games.rows) {
        const g = JSON.parse(r.body) as GameRow;
        const seats = g.seats.map((s) => (s.playerId === playerId ? { ...s, name: shownAs } : s));
        await db.query('UPDATE games SET body = $1 WHERE table_id = $2 AND game_no = $3', [JSON.stringify({ ...g, seats }), r.table_id, r.game_no]);
      }
    });
  }
}
