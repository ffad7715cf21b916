/**
 * Friends, friend requests, blocks and chat mutes (docs/api.md, "Friends" and "Blocking"). Kept by
 * both stores (migration 17: friends-migration.ts). Times are ms since the epoch.
 */
export interface FriendStore {
  /** Everything of a player here, gone (the account is deleted): their friends, requests, refusals, blocks and mutes, both ways. */
  forgetFriends(playerId: string): Promise<void>;
  /** A request from one player to another, kept once (asked again, the first time stays). */
  addFriendRequest(fromId: string, toId: string, at: number): Promise<void>;
  /** Whether a request was there and is gone now. */
  dropFriendRequest(fromId: string, toId: string): Promise<boolean>;
  /** The requests a player sent and those sent to them, oldest first. */
  friendRequestsOf(playerId: string): Promise<{ incoming: FriendRow[]; outgoing: FriendRow[] }>;
  /** Two players become friends (both rows), and the requests between them are gone. */
  addFriendship(a: string, b: string, since: number): Promise<void>;
  /** Whether they were friends; both rows are gone now. */
  dropFriendship(a: string, b: string): Promise<boolean>;
  /** A player's friends, oldest friendship first. */
  friendsOf(playerId: string): Promise<FriendRow[]>;
  /** playerId declined a request of fromId: the request is gone, and fromId may not ask again before `until`. */
  refuseFriend(playerId: string, fromId: string, until: number): Promise<void>;
  /** Until when fromId may not ask playerId, or null. */
  refusalUntil(playerId: string, fromId: string): Promise<number | null>;
  /** playerId blocks blockedId: any friendship and request between them, both ways, is gone too. */
  addBlock(playerId: string, blockedId: string, at: number): Promise<void>;
  /** Whether the block was there and is gone now. */
  dropBlock(playerId: string, blockedId: string): Promise<boolean>;
  /** Those a player blocked, oldest first. */
  blocksOf(playerId: string): Promise<FriendRow[]>;
  /** Whether a block stands between playerId and any of `others`, either way. */
  blockedAmong(playerId: string, others: readonly string[]): Promise<boolean>;
  /** A player's muted chats: table ids, and '*' for all chat. */
  mutesOf(playerId: string): Promise<string[]>;
  /** Mutes a table's chat (or all chat, '*') for a player, or unmutes it. */
  setMute(playerId: string, tableId: string, muted: boolean): Promise<void>;
}

/** Another player and a time: when the request was sent, the friendship began, the block was made. */
export interface FriendRow {
  readonly id: string;
  readonly at: number;
}
