/**
 * Migration 17, the same SQL in both stores (`text` is the store's text column type): friends,
 * friend requests, the wait after a declined request, blocks, and chat mutes (store/friends.ts).
 * Times are ms since the epoch. A friendship is two rows, one each way, so "my friends" is one
 * index range. Frozen history once landed, like every migration.
 */
export const FRIENDS_MIGRATION_VERSION = 17;

export const friendsMigration = (text: string): string[] => [
  `CREATE TABLE friend_requests (from_id ${text} NOT NULL, to_id ${text} NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (from_id, to_id))`,
  'CREATE INDEX friend_requests_to ON friend_requests (to_id)',
  `CREATE TABLE friends (player_id ${text} NOT NULL, friend_id ${text} NOT NULL, since BIGINT NOT NULL, PRIMARY KEY (player_id, friend_id))`,
  // player_id declined a request of from_id, who may not ask again before `until`.
  `CREATE TABLE friend_refusals (player_id ${text} NOT NULL, from_id ${text} NOT NULL, until BIGINT NOT NULL, PRIMARY KEY (player_id, from_id))`,
  `CREATE TABLE blocks (player_id ${text} NOT NULL, blocked_id ${text} NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (player_id, blocked_id))`,
  'CREATE INDEX blocks_blocked ON blocks (blocked_id)',
  // A player's muted chats: a table's id, or '*' for all chat.
  `CREATE TABLE chat_mutes (player_id ${text} NOT NULL, table_id ${text} NOT NULL, PRIMARY KEY (player_id, table_id))`,
];
