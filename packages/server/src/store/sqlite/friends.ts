import type Database from 'better-sqlite3';
import type { FriendRow, FriendStore } from '../friends.js';

type Row = { id: string; at: number };
const rows = (r: unknown[]): FriendRow[] => (r as Row[]).map((x) => ({ id: x.id, at: Number(x.at) }));

/** Friends, requests, blocks and mutes in SQLite (store/friends.ts), each call behind the store's `guard`. */
export class SqliteFriends implements FriendStore {
  private readonly s;

  constructor(private readonly db: Database.Database, private readonly guard: <T>(fn: () => T) => Promise<T>) {
    this.s = {
      forget: [
        db.prepare('DELETE FROM friend_requests WHERE from_id = @id OR to_id = @id'),
        db.prepare('DELETE FROM friends WHERE player_id = @id OR friend_id = @id'),
        db.prepare('DELETE FROM friend_refusals WHERE player_id = @id OR from_id = @id'),
        db.prepare('DELETE FROM blocks WHERE player_id = @id OR blocked_id = @id'),
        db.prepare('DELETE FROM chat_mutes WHERE player_id = @id'),
      ],
      addRequest: db.prepare('INSERT INTO friend_requests (from_id, to_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING'),
      dropRequest: db.prepare('DELETE FROM friend_requests WHERE from_id = ? AND to_id = ?'),
      incoming: db.prepare('SELECT from_id AS id, at FROM friend_requests WHERE to_id = ? ORDER BY at, from_id'),
      outgoing: db.prepare('SELECT to_id AS id, at FROM friend_requests WHERE from_id = ? ORDER BY at, to_id'),
      addFriend: db.prepare('INSERT INTO friends (player_id, friend_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING'),
      dropFriend: db.prepare('DELETE FROM friends WHERE (player_id = @a AND friend_id = @b) OR (player_id = @b AND friend_id = @a)'),
      dropRequests: db.prepare('DELETE FROM friend_requests WHERE (from_id = @a AND to_id = @b) OR (from_id = @b AND to_id = @a)'),
      friends: db.prepare('SELECT friend_id AS id, since AS at FROM friends WHERE player_id = ? ORDER BY since, friend_id'),
      refuse: db.prepare('INSERT INTO friend_refusals (player_id, from_id, until) VALUES (?, ?, ?) ON CONFLICT (player_id, from_id) DO UPDATE SET until = excluded.until'),
      refusal: db.prepare('SELECT until FROM friend_refusals WHERE player_id = ? AND from_id = ?'),
      addBlock: db.prepare('INSERT INTO blocks (player_id, blocked_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING'),
      dropBlock: db.prepare('DELETE FROM blocks WHERE player_id = ? AND blocked_id = ?'),
      blocks: db.prepare('SELECT blocked_id AS id, at FROM blocks WHERE player_id = ? ORDER BY at, blocked_id'),
      among: db.prepare(`SELECT 1 FROM blocks WHERE (player_id = @id AND blocked_id IN (SELECT value FROM json_each(@others)))
        OR (blocked_id = @id AND player_id IN (SELECT value FROM json_each(@others))) LIMIT 1`),
      mutes: db.prepare('SELECT table_id FROM chat_mutes WHERE player_id = ? ORDER BY table_id'),
      mute: db.prepare('INSERT INTO chat_mutes (player_id, table_id) VALUES (?, ?) ON CONFLICT DO NOTHING'),
      unmute: db.prepare('DELETE FROM chat_mutes WHERE player_id = ? AND table_id = ?'),
    };
  }

  forgetFriends(playerId: string): Promise<void> {
    return this.guard(() => { for (const s of this.s.forget) s.run({ id: playerId }); });
  }

  addFriendRequest(fromId: string, toId: string, at: number): Promise<void> {
    return this.guard(() => { this.s.addRequest.run(fromId, toId, at); });
  }

  dropFriendRequest(fromId: string, toId: string): Promise<boolean> {
    return this.guard(() => this.s.dropRequest.run(fromId, toId).changes > 0);
  }

  friendRequestsOf(playerId: string): Promise<{ incoming: FriendRow[]; outgoing: FriendRow[] }> {
    return this.guard(() => ({ incoming: rows(this.s.incoming.all(playerId)), outgoing: rows(this.s.outgoing.all(playerId)) }));
  }

  addFriendship(a: string, b: string, since: number): Promise<void> {
    return this.guard(() => this.db.transaction(() => {
      this.s.addFriend.run(a, b, since);
      this.s.addFriend.run(b, a, since);
      this.s.dropRequests.run({ a, b });
    })());
  }

  dropFriendship(a: string, b: string): Promise<boolean> {
    return this.guard(() => this.s.dropFriend.run({ a, b }).changes > 0);
  }

  friendsOf(playerId: string): Promise<FriendRow[]> {
    return this.guard(() => rows(this.s.friends.all(playerId)));
  }

  refuseFriend(playerId: string, fromId: string, until: number): Promise<void> {
    return this.guard(() => this.db.transaction(() => {
      this.s.dropRequest.run(fromId, playerId);
      this.s.refuse.run(playerId, fromId, until);
    })());
  }

  refusalUntil(playerId: string, fromId: string): Promise<number | null> {
    return this.guard(() => {
      const r = this.s.refusal.get(playerId, fromId) as { until: number } | undefined;
      return r === undefined ? null : Number(r.until);
    });
  }

  addBlock(playerId: string, blockedId: string, at: number): Promise<void> {
    return this.guard(() => this.db.transaction(() => {
      this.s.addBlock.run(playerId, blockedId, at);
      this.s.dropFriend.run({ a: playerId, b: blockedId });
      this.s.dropRequests.run({ a: playerId, b: blockedId });
    })());
  }

  dropBlock(playerId: string, blockedId: string): Promise<boolean> {
    return this.guard(() => this.s.dropBlock.run(playerId, blockedId).changes > 0);
  }

  blocksOf(playerId: string): Promise<FriendRow[]> {
    return this.guard(() => rows(this.s.blocks.all(playerId)));
  }

  blockedAmong(playerId: string, others: readonly string[]): Promise<boolean> {
    if (others.length === 0) return Promise.resolve(false);
    return this.guard(() => this.s.among.get({ id: playerId, others: JSON.stringify(others) }) !== undefined);
  }

  mutesOf(playerId: string): Promise<string[]> {
    return this.guard(() => (this.s.mutes.all(playerId) as { table_id: string }[]).map((r) => r.table_id));
  }

  setMute(playerId: string, tableId: string, muted: boolean): Promise<void> {
    return this.guard(() => { (muted ? this.s.mute : this.s.unmute).run(playerId, tableId); });
  }
}
