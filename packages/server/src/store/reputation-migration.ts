/**
 * Migration 16, the same SQL in both stores: each player's part in a finished game says whether
 * they left it (`left_game`: they left, were replaced while away, or were given up after their
 * clock ran out, and were not back at the end) and how many seats of it people played (`humans`,
 * the player's own included), which is what reputation counts (store/reputation.ts). Games
 * stored before it are counted as finished; their `humans` is filled in from their rows.
 * Frozen history, like every migration.
 */
export const REPUTATION_MIGRATION_VERSION = 16;

/** The statements, in order; `bool` is the store's boolean column type (SQLite: INTEGER 0/1). */
export const reputationMigration = (bool: 'INTEGER' | 'BOOLEAN'): string[] => [
  `ALTER TABLE player_games ADD COLUMN left_game ${bool} NOT NULL DEFAULT ${bool === 'BOOLEAN' ? 'false' : '0'}`,
  'ALTER TABLE player_games ADD COLUMN humans INTEGER NOT NULL DEFAULT 1',
  `UPDATE player_games SET humans = c.n FROM (SELECT table_id, game_no, count(*) AS n FROM player_games GROUP BY table_id, game_no) AS c
    WHERE c.table_id = player_games.table_id AND c.game_no = player_games.game_no`,
];
