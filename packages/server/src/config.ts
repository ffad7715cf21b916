import { fileURLToPath } from 'node:url';
import { type SmtpSettings, parsePublicUrl, parsePushServices, parseSmtp, readPushCa } from './notify/config.js';
import { type Schedule, parseSchedules } from './tournament/schedule.js';

/** Server settings, from the environment (docs/operations.md lists them all). */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** PARLOR_DB: a SQLite file (created on first start), or a PostgreSQL database as a `postgres://` URL. */
  readonly dbPath: string;
  readonly dbSync: 'normal' | 'full';
  /** SQLite: who checkpoints the write-ahead log, a thread of its own (default) or the commits themselves (PARLOR_DB_CHECKPOINTS). */
  readonly dbCheckpoints: 'thread' | 'inline';
  /** PARLOR_DB_POOL: connections to PostgreSQL (unused with SQLite). */
  readonly dbPool: number;
  /** PARLOR_DB_TIMEOUT_MS: the deadline of each store call (PostgreSQL's statement and connection timeouts, SQLite's busy timeout). */
  readonly dbTimeoutMs: number;
  /** Where the built web client is, if any (served at /). */
  readonly webRoot: string | null;
  /**
   * PARLOR_ALLOWED_ORIGINS: the origins whose pages may open the WebSocket. Each entry is an
   * origin (`https://parlor.example.org`), `self` (the origin the request itself names: its Host
   * header with http or https) or `*` (any). Default `["self"]`. A request without an Origin
   * header (bots, the CLI: not a browser) is always let in.
   */
  readonly allowedOrigins: readonly string[];
  /** A bot's thinking time, uniform in [min, max] ms (answers in a response window wait longer, see table/scheduler.ts). */
  readonly botDelayMs: readonly [number, number];
  /** Seconds a disconnected player keeps their seat to themselves before a bot plays it (move timer tables). */
  readonly graceSeconds: number;
  readonly maxOpenTablesPerPlayer: number;
  /** Per-connection message budget: a burst, then this many per second. */
  readonly rateBurst: number;
  readonly ratePerSecond: number;
  readonly logLevel: string;
  /**
   * Multiplies every game clock (move timer, response window) — tests only, so that a 30 s timer
   * can run out in 300 ms (0.01). The protocol's choices (0/30/60/120 s, each game's window range) stay as they are.
   */
  readonly timerScale: number;
  // ---- absence, idle tables and floods (docs/operations.md, "Absent players, idle tables, limits") ----
  /** On a table without a move timer: seconds of absence after which the others may replace a player with a bot. */
  readonly replaceAfterSeconds: number;
  /** Minutes a running table may have no connected person before bots finish its game; also how long a finished table nobody watches stays loaded. */
  readonly idleMinutes: number;
  /** Minutes an open table waits for its seats to change or its game to start before it closes. */
  readonly openTableMinutes: number;
  /** Seconds between sweeps for idle tables and guests (tests make it short). */
  readonly sweepSeconds: number;
  /** Days a guest with no seat, table or game is kept after it was last seen. */
  readonly guestPruneDays: number;
  /** Days a chat line is kept (for reports' evidence; a report keeps its own copy of the lines it is about). */
  readonly chatKeepDays: number;
  /**
   * Behind a reverse proxy: which proxies' X-Forwarded-For to believe for the client's address
   * (fastify's trustProxy: true for any, or proxy addresses/CIDRs); false reads the socket's address.
   */
  readonly trustProxy: boolean | string;
  /** Open WebSocket connections per client address. */
  readonly maxConnectionsPerAddress: number;
  /** New guests (hello without a token) per client address per hour. */
  readonly guestsPerAddressPerHour: number;
  /** Tables not yet finished created from one client address. */
  readonly maxTablesPerAddress: number;
  /** Open tables (waiting to start) in all. */
  readonly maxOpenTables: number;
  // ---- the web client's files (docs/operations.md, "Assets") ----
  /** PARLOR_SERVE_SOURCEMAPS: serve the web build's source maps (`.map`); off, they are 404. */
  readonly serveSourceMaps: boolean;
  // ---- several processes (docs/operations.md, "A cluster") ----
  /** PARLOR_REDIS: a `redis://` URL; set, this process is one of a cluster sharing PARLOR_DB. Null: a lone server. */
  readonly redisUrl: string | null;
  /** PARLOR_REDIS_PREFIX: the start of every Redis channel name, so that clusters (or test runs) may share a Redis. */
  readonly redisPrefix: string;
  /** PARLOR_LEASE_MS: how long a table's lease lasts unrenewed: a dead process's tables move after about this long. */
  readonly leaseMs: number;
  /** PARLOR_TOURNAMENTS: recurring tournaments the server makes ahead (tournament/schedule.ts). */
  readonly tournamentSchedules: readonly Schedule[];
  // ---- sessions and sign-in (docs/operations.md, "Sessions and sign-in") ----
  /** PARLOR_SESSION_IDLE_DAYS: an account's session unused this many days has expired (its token is refused). */
  readonly sessionIdleDays: number;
  // ---- notifications (docs/notifications.md) ----
  /** PARLOR_SMTP: how mail is sent; null: no mail (no addresses, no reset by mail). */
  readonly smtp: SmtpSettings | null;
  /** PARLOR_PUBLIC_URL: where people reach Parlor, for links in mails; null: the address the server listens on. */
  readonly publicUrl: string | null;
  /** PARLOR_PUSH_CA: PEM certificates trusted for push services besides the system's; null: none. */
  readonly pushCa: string | null;
  /** PARLOR_PUSH_SERVICES: the hosts a push subscription may name (notify/config.ts). */
  readonly pushServices: readonly string[];
}

/** The web client built in this checkout (packages/web/dist), served at / when present. */
function defaultWebRoot(): string {
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/**
 * PARLOR_ALLOWED_ORIGINS, comma-separated: origins (scheme, host and port, nothing after), `self`
 * or `*`. Unset or empty: `self`. Origins are kept as browsers send them (`new URL(…).origin`:
 * lower case, no default port).
 */
function parseAllowedOrigins(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return ['self'];
  const out: string[] = [];
  for (const entry of raw.split(',').map((e) => e.trim())) {
    if (entry === 'self' || entry === '*') { out.push(entry); continue; }
    let url: URL | null = null;
    try { url = new URL(entry); } catch { /* refused below */ }
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== ''
      || url.pathname !== '/' || /[?#]/.test(entry)) {
      throw new Error(`PARLOR_ALLOWED_ORIGINS must be a comma-separated list of origins (such as "https://parlor.example.org"), "self" or "*", not "${raw}": "${entry}" is not an origin`);
    }
    out.push(url.origin);
  }
  return out;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const num = (key: string, fallback: number, min: number, max: number): number => {
    const raw = env[key];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${key} must be a number from ${min} to ${max}, not "${raw}"`);
    return n;
  };
  const delay = (env.PARLOR_BOT_DELAY_MS ?? '600-1600').split('-').map(Number);
  if (delay.length !== 2 || delay.some((d) => !Number.isFinite(d) || d < 0) || delay[0]! > delay[1]!) {
    throw new Error(`PARLOR_BOT_DELAY_MS must be "min-max" in milliseconds, such as "600-1600", not "${env.PARLOR_BOT_DELAY_MS}"`);
  }
  const sync = env.PARLOR_DB_SYNC ?? 'normal';
  if (sync !== 'normal' && sync !== 'full') throw new Error(`PARLOR_DB_SYNC must be "normal" or "full", not "${sync}"`);
  const checkpoints = env.PARLOR_DB_CHECKPOINTS ?? 'thread';
  if (checkpoints !== 'thread' && checkpoints !== 'inline') throw new Error(`PARLOR_DB_CHECKPOINTS must be "thread" or "inline", not "${checkpoints}"`);
  const allowedOrigins = parseAllowedOrigins(env.PARLOR_ALLOWED_ORIGINS);
  return {
    port: num('PORT', 8080, 0, 65535),
    host: env.HOST ?? '0.0.0.0',
    dbPath: env.PARLOR_DB ?? 'data/parlor.db',
    dbSync: sync,
    dbCheckpoints: checkpoints,
    dbPool: num('PARLOR_DB_POOL', 10, 1, 1000),
    dbTimeoutMs: Math.round(num('PARLOR_DB_TIMEOUT_MS', 5000, 100, 600_000)),
    webRoot: env.PARLOR_WEB_ROOT ?? defaultWebRoot(),
    allowedOrigins,
    botDelayMs: [delay[0]!, delay[1]!],
    graceSeconds: num('PARLOR_GRACE_SECONDS', 30, 0, 3600),
    maxOpenTablesPerPlayer: num('PARLOR_MAX_TABLES', 5, 1, 1000),
    rateBurst: num('PARLOR_RATE_BURST', 40, 1, 100000),
    ratePerSecond: num('PARLOR_RATE_PER_SECOND', 20, 1, 100000),
    logLevel: env.LOG_LEVEL ?? 'info',
    timerScale: num('PARLOR_TIMER_SCALE', 1, 0.001, 1),
    replaceAfterSeconds: num('PARLOR_REPLACE_AFTER_SECONDS', 120, 10, 86_400),
    idleMinutes: num('PARLOR_IDLE_MINUTES', 10, 1, 10_080),
    openTableMinutes: num('PARLOR_OPEN_TABLE_MINUTES', 30, 1, 10_080),
    sweepSeconds: num('PARLOR_SWEEP_SECONDS', 60, 1, 3600),
    guestPruneDays: num('PARLOR_GUEST_PRUNE_DAYS', 30, 1, 3650),
    chatKeepDays: num('PARLOR_CHAT_KEEP_DAYS', 90, 1, 3650),
    trustProxy: parseTrustProxy(env.PARLOR_TRUST_PROXY),
    maxConnectionsPerAddress: num('PARLOR_MAX_CONNECTIONS_PER_ADDRESS', 32, 1, 100_000),
    guestsPerAddressPerHour: num('PARLOR_GUESTS_PER_ADDRESS_PER_HOUR', 30, 1, 1_000_000),
    maxTablesPerAddress: num('PARLOR_MAX_TABLES_PER_ADDRESS', 20, 1, 100_000),
    maxOpenTables: num('PARLOR_MAX_OPEN_TABLES', 1000, 1, 1_000_000),
    serveSourceMaps: flag('PARLOR_SERVE_SOURCEMAPS', env.PARLOR_SERVE_SOURCEMAPS),
    redisUrl: redisUrl(env.PARLOR_REDIS, env.PARLOR_DB ?? ''),
    redisPrefix: redisPrefix(env.PARLOR_REDIS_PREFIX),
    leaseMs: num('PARLOR_LEASE_MS', 3000, 500, 600_000),
    tournamentSchedules: parseSchedules(env.PARLOR_TOURNAMENTS),
    sessionIdleDays: num('PARLOR_SESSION_IDLE_DAYS', 30, 1, 3650),
    smtp: parseSmtp(env.PARLOR_SMTP),
    publicUrl: parsePublicUrl(env.PARLOR_PUBLIC_URL),
    pushCa: readPushCa(env.PARLOR_PUSH_CA),
    pushServices: parsePushServices(env.PARLOR_PUSH_SERVICES),
  };
}

/** PARLOR_TRUST_PROXY: unset or "false" (the socket's address), "true" (any proxy), or a comma list of proxy addresses/CIDRs. */
function parseTrustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^[0-9a-fA-F:.,/\s]+$/.test(raw)) return raw.split(',').map((x) => x.trim()).filter((x) => x !== '').join(',');
  throw new Error(`PARLOR_TRUST_PROXY must be "true", "false", or proxy addresses such as "127.0.0.1,10.0.0.0/8", not "${raw.slice(0, 100)}"`);
}

/** An on/off setting: unset, empty, `0` or `false` is off; `1` or `true` is on. */
function flag(key: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new Error(`${key} must be 1 or 0 (true or false), not "${raw.slice(0, 100)}"`);
}

function redisUrl(raw: string | undefined, db: string): string | null {
  if (raw === undefined || raw === '') return null;
  // The processes of a cluster share one database over the network; that is PostgreSQL.
  if (!/^postgres(?:ql)?:\/\//i.test(db)) throw new Error('PARLOR_REDIS (a cluster) needs PARLOR_DB to be a PostgreSQL URL (postgres://…): every process of a cluster shares one database');
  if (!/^rediss?:\/\/[^\s]+$/.test(raw)) throw new Error('PARLOR_REDIS must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379');
  return raw;
}

function redisPrefix(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'parlor';
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(raw)) throw new Error(`PARLOR_REDIS_PREFIX must be 1 to 64 letters, digits or _ . : -, not "${raw.slice(0, 100)}"`);
  return raw;
}
