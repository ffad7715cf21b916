import type pg from 'pg';

/** Every text column compares and sorts byte by byte, as SQLite does (as migrations.ts's). */
const T = 'TEXT COLLATE "C"';

/**
 * Migration 15, as SQLite's: each session's rough device (browser and system, from its
 * User-Agent) and rough place (its address cut to a network), for the account's list of
 * signed-in devices (api/sessions-api.ts). Frozen history, like every migration.
 */
export const DEVICES_MIGRATION = {
  version: 15,
  up: async (db: Pick<pg.PoolClient, 'query'>): Promise<void> => {
    await db.query(`ALTER TABLE sessions ADD COLUMN device ${T}; ALTER TABLE sessions ADD COLUMN place ${T};`);
  },
} as const;
