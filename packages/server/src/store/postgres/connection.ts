import pg from 'pg';
import { StoreUnavailable } from '../store.js';
import { postgresError } from './errors.js';

/** Something that runs a query: the pool, or one connection inside a transaction. */
export type Sql = Pick<pg.PoolClient, 'query'>;

/** pg reads BIGINT (int8) as a string, to lose no digit; Parlor's (tokens, milliseconds) are safe integers. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface PostgresOptions {
  /** Connections in the pool (PARLOR_DB_POOL); default 10. */
  readonly max?: number;
  /** The deadline of each store call (PARLOR_DB_TIMEOUT_MS), from which every timeout below is derived; default 5 s. */
  readonly timeoutMs?: number;
}

/** PARLOR_DB_TIMEOUT_MS's default. */
export const DEFAULT_DB_TIMEOUT_MS = 5000;

/**
 * The timeouts of every pooled connection, from the one deadline (docs/operations.md, "Store deadlines"):
 * - `statement_timeout`: PostgreSQL cancels a statement (a lock wait included) running longer (57014);
 * - `query_timeout`: pg gives up waiting for an answer a little later, for a connection that never
 *   answers at all (half-open: the server's cancel cannot reach us); the connection is then destroyed;
 * - `connectionTimeoutMillis`: waiting for a connection (a free one in the pool, or a new one's whole start-up);
 * - `idle_in_transaction_session_timeout`: PostgreSQL ends a session left inside a transaction (its
 *   client gone mid-transaction), so that its locks do not hold other processes' writes for long;
 * - TCP keepalive on every socket, so that the operating system finds a dead peer of an idle connection.
 */
export function postgresDeadlines(timeoutMs: number) {
  return {
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + Math.min(timeoutMs, 1000),
    connectionTimeoutMillis: timeoutMs,
    idle_in_transaction_session_timeout: 2 * timeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  } as const;
}

/**
 * The store's pool of connections to one database: single statements, transactions, and the count
 * of statements sent. A failure of the database becomes StoreUnavailable; once closed, every call is.
 */
export class PostgresConnection {
  private closed = false;
  /** Statements sent to PostgreSQL so far, each one round trip (BEGIN and COMMIT included): the load bench's figure. */
  roundTrips = 0;
  readonly pool: pg.Pool;

  constructor(url: string, opts: PostgresOptions = {}) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: opts.max ?? 10,
      ...postgresDeadlines(opts.timeoutMs ?? DEFAULT_DB_TIMEOUT_MS),
      application_name: 'parlor',
      types: TYPES,
    });
    // An idle connection that breaks (PostgreSQL restarted) is dropped by the pool; the next query
    // opens a new one. Without a listener the error would end the process.
    this.pool.on('error', () => {});
    // Every statement, on the pool or in a transaction, goes through some connection's query():
    // counted there, on each connection as the pool opens it.
    this.pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => { this.roundTrips++; return query(...args); };
    });
  }

  /** One statement on the pool. */
  async q<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    if (this.closed) throw new StoreUnavailable('closed');
    try {
      return await this.pool.query<R>(sql, params);
    } catch (e) {
      throw postgresError(e);
    }
  }

  /**
   * A pool of one connection for the migrations, without the store's deadlines: a migration may
   * rewrite many rows, and a process waits its turn (an advisory lock) while another migrates.
   */
  static migrationPool(url: string, opts: PostgresOptions = {}): pg.Pool {
    const pool = new pg.Pool({
      connectionString: url, max: 1, connectionTimeoutMillis: opts.timeoutMs ?? DEFAULT_DB_TIMEOUT_MS, keepAlive: true, application_name: 'parlor', types: TYPES,
    });
    pool.on('error', () => {});
    return pool;
  }

  /** `fn` on the pool, outside a transaction (each of its statements on its own). */
  untransacted<X>(fn: (db: Sql) => Promise<X>): Promise<X> {
    if (this.closed) return Promise.reject(new StoreUnavailable('closed'));
    return fn(this.pool).catch((e: unknown) => { throw postgresError(e); });
  }

  /** `fn` in one transaction on one connection: all of it is written, or none. */
  async tx<X>(fn: (db: Sql) => Promise<X>): Promise<X> {
    if (this.closed) throw new StoreUnavailable('closed');
    let c: pg.PoolClient;
    try {
      c = await this.pool.connect();
    } catch (e) {
      throw postgresError(e);
    }
    let broken: Error | undefined;
    // A connection that breaks while checked out emits 'error' on its client (the pool listens only
    // to idle ones): without a listener that would end the process. The query under way rejects too.
    const onError = (e: Error) => { broken = e; };
    c.on('error', onError);
    try {
      await c.query('BEGIN');
      const out = await fn(c);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      const failure = postgresError(e);
      if (failure instanceof StoreUnavailable) {
        // The database failed, or a statement ran past its deadline: this connection is not used
        // again. Released with the error, the pool destroys it, and PostgreSQL rolls the
        // transaction back when the session ends; a ROLLBACK sent on a connection that does not
        // answer would only wait out another deadline.
        broken = failure;
        throw failure;
      }
      try {
        await c.query('ROLLBACK');
      } catch (r) {
        broken = r instanceof Error ? r : new Error(String(r)); // the connection is gone: the pool drops it
      }
      throw failure;
    } finally {
      c.off('error', onError);
      c.release(broken);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}
