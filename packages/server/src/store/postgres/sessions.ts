import type { PlayerRow, SessionRow } from '../store.js';
import type { PostgresConnection } from './connection.js';

/**
 * Sessions in PostgreSQL as the session checks read them (accounts/sessions.ts): a token's player
 * with when the session was last used, and recording a use. (Adding and ending sessions is players.ts's.)
 */
export class PostgresSessions {
  constructor(private readonly db: PostgresConnection) {}

  async session(tokenHash: string): Promise<SessionRow | null> {
    const row = (await this.db.q<PlayerRow & { lastUsed: string }>(`SELECT p.id, p.name, p.token_hash AS "tokenHash", p.created_at AS "createdAt",
      p.account_since AS "accountSince", p.avatar, p.bot <> 0 AS bot, COALESCE(s.last_used, s.created_at) AS "lastUsed"
      FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = $1`, [tokenHash])).rows[0];
    if (row === undefined) return null;
    const { lastUsed, ...player } = row;
    return { player, lastUsed };
  }
  async touchSession(tokenHash: string, at: string): Promise<void> {
    await this.db.q('UPDATE sessions SET last_used = $1 WHERE token_hash = $2 AND (last_used IS NULL OR last_used < $1)', [at, tokenHash]);
  }
  async pruneSessions(before: string): Promise<number> {
    return (await this.db.q(`DELETE FROM sessions WHERE COALESCE(last_used, created_at) < $1
      AND player_id IN (SELECT id FROM players WHERE account_since IS NOT NULL)`, [before])).rowCount ?? 0;
  }
}
