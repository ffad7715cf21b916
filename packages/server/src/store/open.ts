import { PostgresStore } from './postgres.js';
import { SqliteStore } from './sqlite.js';
import type { Store } from './store.js';

export { copySqliteToPostgres, CopyRefused, COPIED_TABLES, type CopyCounts } from './copy.js';
export { PostgresStore, POSTGRES_SCHEMA_VERSION, type PostgresOptions } from './postgres.js';
export { SqliteStore, SCHEMA_VERSION } from './sqlite.js';
export { StoreUnavailable } from './store.js';
export type { Store } from './store.js';

export interface OpenOptions {
  /** SQLite's `synchronous` mode (PARLOR_DB_SYNC). */
  readonly synchronous?: 'normal' | 'full';
  /** SQLite: who checkpoints its write-ahead log (PARLOR_DB_CHECKPOINTS). */
  readonly checkpoints?: 'thread' | 'inline';
  /** PostgreSQL: connections in the pool (PARLOR_DB_POOL). */
  readonly poolSize?: number;
  /** The deadline of each store call (PARLOR_DB_TIMEOUT_MS): PostgreSQL's timeouts, SQLite's busy timeout. */
  readonly timeoutMs?: number;
}

/** Whether PARLOR_DB names a PostgreSQL database (a `postgres://` or `postgresql://` URL) rather than a SQLite file. */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(db);
}

/**
 * The store PARLOR_DB names: a PostgreSQL database for a `postgres://…` or `postgresql://…` URL
 * (connected and migrated before this resolves), else a SQLite file (created on first use).
 */
export async function openStore(db: string, opts: OpenOptions = {}): Promise<Store> {
  const timeout = opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs };
  if (isPostgresUrl(db)) return PostgresStore.open(db, { ...timeout, ...(opts.poolSize === undefined ? {} : { max: opts.poolSize }) });
  return new SqliteStore(db, {
    ...timeout, ...(opts.synchronous === undefined ? {} : { synchronous: opts.synchronous }), ...(opts.checkpoints === undefined ? {} : { checkpoints: opts.checkpoints }),
  });
}

/** PARLOR_DB as it may be shown (a log line, a command's output): a URL's password is left out. */
export function describeDb(db: string): string {
  if (!isPostgresUrl(db)) return db;
  try {
    const url = new URL(db);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return db.replace(/(:\/\/[^:/@]*:)[^@]*@/, '$1***@');
  }
}
