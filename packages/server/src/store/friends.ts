/**
 * Friends, friend requests, blocks and chat mutes (docs/api.md, "Friends" and "Blocking"). Kept by
 * both stores (migration 17: friends-migration.ts).
 */
export interface FriendStore {
  /** Everything of a player here, gone (the account is deleted): their friends, requests, refusals, blocks and mutes, both ways. */
  forgetFriends(playerId: string): Promise<void>;
}
