import type { FriendStore } from '../friends.js';
import type { PostgresConnection } from './connection.js';

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
}
