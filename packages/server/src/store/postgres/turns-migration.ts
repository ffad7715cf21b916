import type pg from 'pg';

/** Every text column compares and sorts byte by byte, as SQLite does (as migrations.ts's). */
const T = 'TEXT COLLATE "C"';

/**
 * Migration 13, as SQLite's: running turn-based tables' summaries, and their seats by player with
 * whether the game waits for each (store/turns.ts), so that a player's tables are listed without
 * loading them. Frozen history, like every migration.
 */
export const TURNS_MIGRATION = {
  version: 13,
  up: async (db: Pick<pg.PoolClient, 'query'>): Promise<void> => {
    await db.query(`
      CREATE TABLE turn_tables (table_id ${T} PRIMARY KEY, body ${T} NOT NULL);
      CREATE TABLE turn_seats (player_id ${T} NOT NULL, table_id ${T} NOT NULL, seat INTEGER NOT NULL, to_move INTEGER NOT NULL,
        PRIMARY KEY (player_id, table_id, seat));
      CREATE INDEX turn_seats_table ON turn_seats (table_id);
    `);
  },
} as const;
