import type { PlayerRow } from '../store.js';
import type { PostgresConnection } from './connection.js';

/** Players and their sessions in PostgreSQL: who a token belongs to, names, last seen, and pruning guests. */
export class PostgresPlayers {
  constructor(private readonly db: PostgresConnection) {}

  async addPlayer(p: PlayerRow): Promise<void> {
    await this.db.tx(async (db) => {
      await db.query('INSERT INTO players (id, name, token_hash, created_at, last_seen) VALUES ($1, $2, $3, $4, $4)', [p.id, p.name, p.tokenHash, p.createdAt]);
      await db.query('INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)', [p.tokenHash, p.id, p.createdAt]);
    });
  }
  async addSession(tokenHash: string, playerId: string, at: string): Promise<void> {
    await this.db.q('INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)', [tokenHash, playerId, at]);
  }
  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.q('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }
  async deleteSessions(playerId: string, keep: string): Promise<void> {
    await this.db.q('DELETE FROM sessions WHERE player_id = $1 AND token_hash != $2', [playerId, keep]);
  }
  async playerByTokenHash(tokenHash: string): Promise<PlayerRow | null> {
    return (await this.db.q<PlayerRow>(`SELECT p.id, p.name, p.token_hash AS "tokenHash", p.created_at AS "createdAt", p.account_since AS "accountSince", p.avatar,
      p.bot <> 0 AS bot FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = $1`, [tokenHash])).rows[0] ?? null;
  }
  async playerById(id: string): Promise<PlayerRow | null> {
    return (await this.db.q<PlayerRow>(`SELECT id, name, token_hash AS "tokenHash", created_at AS "createdAt", account_since AS "accountSince", avatar,
      bot <> 0 AS bot FROM players WHERE id = $1`, [id])).rows[0] ?? null;
  }
  async renamePlayer(id: string, name: string): Promise<void> {
    await this.db.q('UPDATE players SET name = $1 WHERE id = $2', [name, id]);
  }
  async touchPlayer(id: string, at: string): Promise<void> {
    await this.db.q('UPDATE players SET last_seen = $1 WHERE id = $2', [at, id]);
  }
  async pruneGuests(before: string): Promise<number> {
    // As SQLite's: each "still in use" set gathered once; accounts are never pruned.
    const r = await this.db.q(`
      DELETE FROM players WHERE COALESCE(last_seen, created_at) < $1 AND account_since IS NULL
        AND NOT EXISTS (SELECT 1 FROM player_games pg WHERE pg.player_id = players.id)
        AND id NOT IN (SELECT t.body::json ->> 'creatorId' FROM tables t WHERE t.status != 'closed' AND t.body::json ->> 'creatorId' IS NOT NULL)
        AND id NOT IN (SELECT s ->> 'playerId' FROM tables t, json_array_elements(t.body::json -> 'seats') s
                       WHERE t.status != 'closed' AND s ->> 'playerId' IS NOT NULL)
        AND id NOT IN (SELECT s ->> 'playerId' FROM games g, json_array_elements(g.body::json -> 'seats') s
                       WHERE g.finished_at IS NULL AND s ->> 'playerId' IS NOT NULL)`, [before]);
    return r.rowCount ?? 0;
  }
}
