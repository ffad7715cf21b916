import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { ChildServer, freePort } from './child.js';
import { type TestSchema, postgresSkipReason } from './stores.js';

/** The Redis the cluster tests use: PARLOR_TEST_REDIS, else the local server. */
export const TEST_REDIS = process.env.PARLOR_TEST_REDIS ?? 'redis://127.0.0.1:6379';

/** Why a cluster cannot run here (null: it can). Under CI=true nothing is skipped (.ci/run starts both services). */
export async function clusterSkipReason(): Promise<string | null> {
  if (process.env.CI === 'true') return null;
  const pg = await postgresSkipReason();
  if (pg !== null) return pg;
  const client = createClient({ url: TEST_REDIS, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (e) {
    return `Redis is not reachable at ${TEST_REDIS} (${(e as Error).message}); set PARLOR_TEST_REDIS or start it`;
  } finally {
    await client.quit().catch(() => {});
  }
}

/** Prints the one-line reason once per file and returns whether to skip. */
export async function skipCluster(file: string): Promise<boolean> {
  const reason = await clusterSkipReason();
  if (reason !== null) console.warn(`${file}: cluster tests skipped: ${reason}`);
  return reason !== null;
}

/** The environment of one cluster's processes: one database schema, one Redis, channels of their own. */
export function clusterEnv(schema: TestSchema, redis = TEST_REDIS, extra: Record<string, string> = {}): Record<string, string> {
  return { PARLOR_REDIS: redis, PARLOR_REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}`, LOG_LEVEL: 'warn', ...extra };
}

/** `n` processes of one cluster, each answering /healthz. */
export async function startCluster(n: number, schema: TestSchema, env: Record<string, string>): Promise<ChildServer[]> {
  const servers: ChildServer[] = [];
  for (let i = 0; i < n; i++) servers.push(new ChildServer(await freePort(), schema.url, env));
  // Generous: several processes start at once on a machine the rest of the suite keeps busy.
  await Promise.all(servers.map((s) => s.ready(90_000)));
  return servers;
}

/** The cluster process id (`<pid>-<random>`) holding each table's unexpired lease. */
export async function leaseOwners(schema: TestSchema): Promise<Map<string, string>> {
  const rows = await schema.query<{ table_id: string; owner: string }>('SELECT table_id, owner FROM table_leases WHERE expires_at > $1', [Date.now()]);
  return new Map(rows.map((r) => [r.table_id, r.owner]));
}

/**
 * When a table's lease runs out unless renewed, and the time now, both by the database's clock (the
 * one the leases are kept by); null when the table has no lease row.
 */
export async function leaseEnd(schema: TestSchema, tableId: string): Promise<{ expiresAt: number; now: number } | null> {
  const rows = await schema.query<{ expires_at: string; now: string }>(
    'SELECT expires_at, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now FROM table_leases WHERE table_id = $1', [tableId]);
  const r = rows[0];
  return r === undefined ? null : { expiresAt: Number(r.expires_at), now: Number(r.now) };
}

/** Whether cluster process id `owner` is the child process `s`. */
export const isProcess = (owner: string | undefined, s: ChildServer): boolean => owner !== undefined && owner.startsWith(`${s.proc.pid}-`);

/** A Redis of a test's own on a free port (nothing saved), which it may stop and start again. */
export class PrivateRedis {
  private proc: ChildProcess | null = null;
  port = 0;

  get url(): string { return `redis://127.0.0.1:${this.port}`; }

  async start(): Promise<void> {
    if (this.port === 0) this.port = await freePort();
    const proc = spawn(process.env.PARLOR_TEST_REDIS_SERVER ?? 'redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.proc = proc;
    const until = Date.now() + 10_000;
    for (;;) {
      const client = createClient({ url: this.url, socket: { reconnectStrategy: false } });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.ping();
        await client.quit();
        return;
      } catch {
        if (Date.now() > until || proc.exitCode !== null) throw new Error(`redis-server did not start on port ${this.port}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  /** SIGSTOP: connections stay open, nothing is answered or delivered until `resume`. */
  pause(): void { this.proc?.kill('SIGSTOP'); }
  resume(): void { this.proc?.kill('SIGCONT'); }

  async stop(): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (proc === null || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGCONT');
    proc.kill('SIGKILL');
    await exited;
  }
}
