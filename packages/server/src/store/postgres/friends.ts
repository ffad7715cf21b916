import type { FriendRow, FriendStore } from '../friends.js';
import type { PostgresConnection } from './connection.js';

const DROP_FRIENDS = 'DELETE FROM friends WHERE (player_id = $1 AND friend_id = $2) OR (player_id = $2 AND friend_id = $1)';
const DROP_REQUESTS = 'DELETE FROM friend_requests WHERE (from_id = $1 AND to_id = $2) OR (from_id = $2 AND to_id = $1)';

/** Friends, requests, blocks and mutes in PostgreSQL (store/friends.ts). */
export class PostgresFriends implements FriendStore {
  constructor(private readonly db: PostgresConnection) {}

  async forgetFriends(playerId: string): Promise<void> {
    await this.db.q(`WITH a AS (DELETE FROM friend_requests WHERE from_id = $1 OR to_id = $1),
      b AS (DELETE FROM friends WHERE player_id = $1 OR friend_id = $1),
      c AS (DELETE FROM friend_refusals WHERE player_id = $1 OR from_id = $1),
      d AS (DELETE FROM blocks WHERE player_id = $1 OR blocked_id = $1)
      DELETE FROM chat_mutes WHERE player_id = $1`, [playerId]);
  }

  async addFriendRequest(fromId: string, toId: string, at: number): Promise<void> {
    await this.db.q('INSERT INTO friend_requests (from_id, to_id, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [fromId, toId, at]);
  }

  async dropFriendRequest(fromId: string, toId: string): Promise<boolean> {
    return ((await this.db.q('DELETE FROM friend_requests WHERE from_id = $1 AND to_id = $2', [fromId, toId])).rowCount ?? 0) > 0;
  }

  async friendRequestsOf(playerId: string): Promise<{ incoming: FriendRow[]; outgoing: FriendRow[] }> {
    const incoming = await this.db.q<FriendRow>('SELECT from_id AS id, at FROM friend_requests WHERE to_id = $1 ORDER BY at, from_id', [playerId]);
    const outgoing = await this.db.q<FriendRow>('SELECT to_id AS id, at FROM friend_requests WHERE from_id = $1 ORDER BY at, to_id', [playerId]);
    return { incoming: incoming.rows, outgoing: outgoing.rows };
  }

  async addFriendship(a: string, b: string, since: number): Promise<void> {
    await this.db.tx(async (db) => {
      await db.query('INSERT INTO friends (player_id, friend_id, since) VALUES ($1, $2, $3), ($2, $1, $3) ON CONFLICT DO NOTHING', [a, b, since]);
      await db.query(DROP_REQUESTS, [a, b]);
    });
  }

  async dropFriendship(a: string, b: string): Promise<boolean> {
    return ((await this.db.q(DROP_FRIENDS, [a, b])).rowCount ?? 0) > 0;
  }

  async friendsOf(playerId: string): Promise<FriendRow[]> {
    return (await this.db.q<FriendRow>('SELECT friend_id AS id, since AS at FROM friends WHERE player_id = $1 ORDER BY since, friend_id', [playerId])).rows;
  }

  async refuseFriend(playerId: string, fromId: string, until: number): Promise<void> {
    await this.db.tx(async (db) => {
      await db.query('DELETE FROM friend_requests WHERE from_id = $1 AND to_id = $2', [fromId, playerId]);
      await db.query('INSERT INTO friend_refusals (player_id, from_id, until) VALUES ($1, $2, $3) ON CONFLICT (player_id, from_id) DO UPDATE SET until = EXCLUDED.until', [playerId, fromId, until]);
    });
  }

  async refusalUntil(playerId: string, fromId: string): Promise<number | null> {
    const r = await this.db.q<{ until: number }>('SELECT until FROM friend_refusals WHERE player_id = $1 AND from_id = $2', [playerId, fromId]);
    return r.rows[0]?.until ?? null;
  }

  async addBlock(playerId: string, blockedId: string, at: number): Promise<void> {
    await this.db.tx(async (db) => {
      await db.query('INSERT INTO blocks (player_id, blocked_id, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [playerId, blockedId, at]);
      await db.query(DROP_FRIENDS, [playerId, blockedId]);
      await db.query(DROP_REQUESTS, [playerId, blockedId]);
    });
  }

  async dropBlock(playerId: string, blockedId: string): Promise<boolean> {
    return ((await this.db.q('DELETE FROM blocks WHERE player_id = $1 AND blocked_id = $2', [playerId, blockedId])).rowCount ?? 0) > 0;
  }

  async blocksOf(playerId: string): Promise<FriendRow[]> {
    return (await this.db.q<FriendRow>('SELECT blocked_id AS id, at FROM blocks WHERE player_id = $1 ORDER BY at, blocked_id', [playerId])).rows;
  }

  async blockedAmong(playerId: string, others: readonly string[]): Promise<boolean> {
    if (others.length === 0) return false;
    const r = await this.db.q('SELECT 1 FROM blocks WHERE (player_id = $1 AND blocked_id = ANY($2)) OR (blocked_id = $1 AND player_id = ANY($2)) LIMIT 1', [playerId, [...others]]);
    return r.rows.length > 0;
  }

  async mutesOf(playerId: string): Promise<string[]> {
    return (await this.db.q<{ table_id: string }>('SELECT table_id FROM chat_mutes WHERE player_id = $1 ORDER BY table_id', [playerId])).rows.map((r) => r.table_id);
  }

  async setMute(playerId: string, tableId: string, muted: boolean): Promise<void> {
    await this.db.q(muted ? 'INSERT INTO chat_mutes (player_id, table_id) VALUES ($1, $2) ON CONFLICT DO NOTHING' : 'DELETE FROM chat_mutes WHERE player_id = $1 AND table_id = $2', [playerId, tableId]);
  }
}
