import type Database from 'better-sqlite3';
import type { SessionRow } from '../store.js';
import { type SqlitePlayerRow, sqlitePlayer } from './players.js';

/**
 * Sessions in SQLite as the session checks read them (accounts/sessions.ts): a token's player with
 * when the session was last used, and recording a use. (Adding and ending sessions is players.ts's.)
 */
export class SqliteSessions {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      session: db.prepare(`SELECT p.id, p.name, p.token_hash AS tokenHash, p.created_at AS createdAt, p.account_since AS accountSince, p.avatar, p.bot,
        COALESCE(s.last_used, s.created_at) AS lastUsed FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = ?`),
      touch: db.prepare('UPDATE sessions SET last_used = ? WHERE token_hash = ? AND (last_used IS NULL OR last_used < ?)'),
      prune: db.prepare(`DELETE FROM sessions WHERE COALESCE(last_used, created_at) < ?
        AND player_id IN (SELECT id FROM players WHERE account_since IS NOT NULL)`),
    };
  }

  session(tokenHash: string): SessionRow | null {
    const row = this.s.session.get(tokenHash) as (SqlitePlayerRow & { lastUsed: string }) | undefined;
    if (row === undefined) return null;
    const { lastUsed, ...player } = row;
    return { player: sqlitePlayer(player), lastUsed };
  }
  touchSession(tokenHash: string, at: string): void {
    this.s.touch.run(at, tokenHash, at);
  }
  pruneSessions(before: string): number {
    return this.s.prune.run(before).changes;
  }
}
