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
  /** How long to wait for a connection before the store is unavailable; default 10 s. */
  readonly connectionTimeoutMillis?: number;
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
      connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 10_000,
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
      try {
        await c.query('ROLLBACK');
      } catch (r) {
        broken = r instanceof Error ? r : new Error(String(r)); // the connection is gone: the pool drops it
      }
      throw postgresError(e);
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
