/**
 * Migration 18, the same SQL in both stores (`text` is the store's text column type): chat lines
 * kept for reports' evidence, reports, moderators, and moderators' actions with their appeals
 * (store/moderation.ts). Times are ms since the epoch. Frozen history once landed, like every migration.
 */
export const MODERATION_MIGRATION_VERSION = 18;

export const moderationMigration = (text: string): string[] => [
  `CREATE TABLE chat_lines (id ${text} PRIMARY KEY, table_id ${text} NOT NULL, player_id ${text} NOT NULL, name ${text} NOT NULL,
    text ${text} NOT NULL, at BIGINT NOT NULL)`,
  'CREATE INDEX chat_lines_table ON chat_lines (table_id, at)',
  'CREATE INDEX chat_lines_player ON chat_lines (player_id)',
  `CREATE TABLE moderators (player_id ${text} PRIMARY KEY, granted_at BIGINT NOT NULL, granted_by ${text} NOT NULL)`,
  // reporter_id reports player_id; evidence is JSON copied at the moment of the report.
  `CREATE TABLE reports (id ${text} PRIMARY KEY, reporter_id ${text} NOT NULL, player_id ${text} NOT NULL, reason ${text} NOT NULL,
    text ${text} NOT NULL, evidence ${text} NOT NULL, status ${text} NOT NULL, created_at BIGINT NOT NULL, closed_at BIGINT, closed_by ${text})`,
  'CREATE INDEX reports_status ON reports (status, created_at)',
  'CREATE INDEX reports_player ON reports (player_id)',
  'CREATE INDEX reports_reporter ON reports (reporter_id)',
  // A moderator's action on player_id: kind warn|mute|suspend-rated|suspend|rename|ban, until for a timed one;
  // answer upheld|lifted once a moderator has answered the player's one appeal.
  `CREATE TABLE mod_actions (id ${text} PRIMARY KEY, player_id ${text} NOT NULL, moderator_id ${text} NOT NULL, kind ${text} NOT NULL,
    reason ${text} NOT NULL, report_id ${text}, at BIGINT NOT NULL, until BIGINT, appeal ${text}, appealed_at BIGINT,
    answer ${text}, answer_text ${text}, answered_at BIGINT, answered_by ${text})`,
  'CREATE INDEX mod_actions_player ON mod_actions (player_id, at)',
];
