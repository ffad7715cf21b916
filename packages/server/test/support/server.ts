import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParlorServer, type ServerConfig, type StartOptions, configFromEnv, startServer } from '../../src/index.js';

/**
 * A server on a free port with a fresh database; bots answer at once unless told otherwise. The
 * per-connection rate limit is generous unless a test sets it: with instant bots, a client playing
 * a whole game as fast as it can went over the default 20/s, and a refused action stalled its test.
 */
export type TestServer = ParlorServer & { readonly dbPath: string };

/**
 * `options`: a test's own clock (a TestClock it drives) or seeds (a known deal), passed to startServer.
 * `overrides.dbPath`: an existing database (a restart on the same file); a fresh one otherwise.
 * SQLite checkpoints inline here (a thread per test server would only cost start-up time); the
 * checkpointing thread has its own tests (sqlite-checkpoints.test.ts).
 */
export async function testServer(overrides: Partial<ServerConfig> = {}, options: Omit<StartOptions, 'logger'> = {}): Promise<TestServer> {
  const dbPath = overrides.dbPath ?? join(mkdtempSync(join(tmpdir(), 'parlor-test-')), 'parlor.db');
  const config: ServerConfig = { ...configFromEnv({}), dbCheckpoints: 'inline', port: 0, host: '127.0.0.1', botDelayMs: [0, 0], logLevel: 'silent', rateBurst: 10_000, ratePerSecond: 10_000, ...overrides, dbPath };
  const server = await startServer(config, { ...options, logger: false });
  return Object.assign(server, { dbPath });
}
