import type Database from 'better-sqlite3';
import type { FriendStore } from '../friends.js';

/** Friends, requests, blocks and mutes in SQLite (store/friends.ts), each call behind the store's `guard`. */
export class SqliteFriends implements FriendStore {
  private readonly s;

  constructor(db: Database.Database, private readonly guard: <T>(fn: () => T) => Promise<T>) {
    this.s = {
      forget: [
        db.prepare('DELETE FROM friend_requests WHERE from_id = @id OR to_id = @id'),
        db.prepare('DELETE FROM friends WHERE player_id = @id OR friend_id = @id'),
        db.prepare('DELETE FROM friend_refusals WHERE player_id = @id OR from_id = @id'),
        db.prepare('DELETE FROM blocks WHERE player_id = @id OR blocked_id = @id'),
        db.prepare('DELETE FROM chat_mutes WHERE player_id = @id'),
      ],
    };
  }

  forgetFriends(playerId: string): Promise<void> {
    return this.guard(() => { for (const s of this.s.forget) s.run({ id: playerId }); });
  }
}
