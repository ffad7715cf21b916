import type Database from 'better-sqlite3';
import type { AccountRow, GameRow } from '../store.js';
import { SqliteNameSkeletons } from './name-skeletons.js';
import type { SqlitePlayers } from './players.js';

/** Accounts in SQLite: a player's name claimed as theirs alone, with a password; and deleting one. */
export class SqliteAccounts {
  private readonly s;
  private readonly skeletons: SqliteNameSkeletons;

  constructor(private readonly db: Database.Database, private readonly players: SqlitePlayers) {
    this.skeletons = new SqliteNameSkeletons(db);
    this.s = {
      accountByKey: db.prepare('SELECT id AS playerId, name, name_key AS nameKey, password FROM players WHERE name_key = ?'),
      accountOf: db.prepare('SELECT id AS playerId, name, name_key AS nameKey, password FROM players WHERE id = ? AND name_key IS NOT NULL'),
      claim: db.prepare('UPDATE players SET name = ?, name_key = ?, password = ?, account_since = ? WHERE id = ? AND name_key IS NULL'),
      setPassword: db.prepare('UPDATE players SET password = ? WHERE id = ? AND name_key IS NOT NULL'),
      setAvatar: db.prepare('UPDATE players SET avatar = ? WHERE id = ?'),
      setBot: db.prepare('UPDATE players SET bot = ? WHERE id = ?'),
      deleteAccount: db.prepare('UPDATE players SET name = ?, name_key = NULL, password = NULL, avatar = NULL, bot = 0, deleted_at = ? WHERE id = ?'),
      gamesOf: db.prepare("SELECT g.table_id, g.game_no, g.body FROM games g, json_each(g.body, '$.seats') s WHERE json_extract(s.value, '$.playerId') = ?"),
      saveGameBody: db.prepare('UPDATE games SET body = ? WHERE table_id = ? AND game_no = ?'),
    };
  }

  accountByKey(nameKey: string): AccountRow | null {
    return (this.s.accountByKey.get(nameKey) as AccountRow | undefined) ?? null;
  }
  accountOf(playerId: string): AccountRow | null {
    return (this.s.accountOf.get(playerId) as AccountRow | undefined) ?? null;
  }
  /** The account whose name `name` could be mistaken for (accounts/names.ts), if any. */
  accountLike(name: string): AccountRow | null {
    return this.skeletons.accountLike(name);
  }
  /** See SqliteNameSkeletons.rekey. */
  rekeyNames(): number {
    return this.skeletons.rekey();
  }
  claimAccount(playerId: string, name: string, nameKey: string, password: string, at: string): boolean {
    // A name taken (its key is unique), a lookalike of another account's, or a player who is an
    // account already fails the whole claim: the transaction is rolled back, nothing written.
    const refused = new Error('claim refused');
    try {
      this.db.transaction(() => {
        if (this.s.claim.run(name, nameKey, password, at, playerId).changes !== 1) throw refused;
        if (!this.skeletons.add(playerId, name)) throw refused;
      })();
      return true;
    } catch (e) {
      if (e === refused || (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
      throw e;
    }
  }
  setPassword(playerId: string, password: string): void {
    this.s.setPassword.run(password, playerId);
  }
  setAvatar(playerId: string, avatar: string | null): void {
    this.s.setAvatar.run(avatar, playerId);
  }
  setBot(playerId: string, bot: boolean): void {
    this.s.setBot.run(bot ? 1 : 0, playerId);
  }
  deleteAccount(playerId: string, shownAs: string, at: string): void {
    this.db.transaction(() => {
      this.s.deleteAccount.run(shownAs, at, playerId);
      this.skeletons.remove(playerId);
      this.players.deleteSessions(playerId, '');
      for (const r of this.s.gamesOf.all(playerId) as { table_id: string; game_no: number; body: string }[]) {
        const g = JSON.parse(r.body) as GameRow;
        const seats = g.seats.map((s) => (s.playerId === playerId ? { ...s, name: shownAs } : s));
        this.s.saveGameBody.run(JSON.stringify({ ...g, seats }), r.table_id, r.game_no);
      }
    })();
  }
}
