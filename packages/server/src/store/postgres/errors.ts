import { LeaseLost, StoreUnavailable } from '../store.js';

/** PostgreSQL's error classes and codes that mean "the database cannot serve us now", not "this request is wrong". */
const UNAVAILABLE_STATES: readonly [RegExp, string][] = [
  [/^08/, 'connection failure'],
  [/^53100$/, 'disk full'],
  [/^53200$/, 'out of memory'],
  [/^53300$/, 'too many connections'],
  [/^53/, 'insufficient resources'],
  [/^57P0[1-5]$/, 'server shutting down or starting'],
  [/^57014$/, 'statement cancelled (past its deadline)'],
  [/^57/, 'operator intervention'],
  [/^55000$/, 'not in the state required (such as a database not accepting connections)'],
  [/^55006$/, 'object in use'],
  [/^25P03$/, 'idle in transaction past its deadline'],
  [/^58/, 'I/O error'],
  [/^XX/, 'internal error'],
  [/^25006$/, 'read-only'],
  [/^40001$/, 'serialization failure'],
  [/^40P01$/, 'deadlock'],
  [/^55P03$/, 'lock not available'],
  [/^3D000$/, 'no such database'],
  [/^28/, 'authentication failed'],
];
/** Node's errors of a connection that failed or broke. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH',
  'ECONNABORTED', 'ENOENT', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END', 'ERR_SOCKET_CLOSED']);
/**
 * pg's own messages when there is no connection to use, or no answer came on one within its
 * deadline (`query_timeout`: "Query read timeout"; a start-up past `connectionTimeoutMillis`).
 */
const CONNECTION_LOST = /connection terminated|timeout exceeded when trying to connect|cannot use a pool after calling end|not queryable|client was closed|connection ended|connection is closed|query read timeout|timeout expired|connection timeout/i;

/**
 * A failure of the database itself (unreachable, disk full, read-only, too many clients, shutting
 * down) as StoreUnavailable; anything else — a constraint violation, a bug — as it is.
 */
export function postgresError(e: unknown): unknown {
  if (e instanceof StoreUnavailable || e instanceof LeaseLost) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    const match = UNAVAILABLE_STATES.find(([re]) => re.test(code));
    if (match !== undefined) return new StoreUnavailable(`PostgreSQL ${code}: ${match[1]}`, { cause: e });
    if (NETWORK_CODES.has(code)) return new StoreUnavailable(`PostgreSQL unreachable: ${code}`, { cause: e });
  }
  if (e instanceof Error && CONNECTION_LOST.test(e.message)) return new StoreUnavailable(`PostgreSQL connection lost: ${e.message}`, { cause: e });
  return e;
}
