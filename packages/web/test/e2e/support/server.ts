import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParlorServer, type ServerConfig, type StartOptions, configFromEnv, startServer } from '@parlor/server';

export type E2eServer = ParlorServer & { readonly dbPath: string };

/**
 * The real server, in this process, for the browser tests: a free port on 127.0.0.1, a fresh
 * database in a temporary folder, no log output, and a per-connection rate limit generous enough
 * for a page playing as fast as the browser clicks. Everything else is the server's own default
 * (`configFromEnv` with an empty environment), unless `overrides` say otherwise (the web root,
 * the bots' thinking time).
 */
export async function e2eServer(overrides: Partial<ServerConfig> = {}, options: Omit<StartOptions, 'logger'> = {}): Promise<E2eServer> {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'parlor-e2e-')), 'parlor.db');
  const config: ServerConfig = {
    ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath, botDelayMs: [0, 0], logLevel: 'silent',
    rateBurst: 10_000, ratePerSecond: 10_000, ...overrides,
  };
  const server = await startServer(config, { ...options, logger: false });
  return Object.assign(server, { dbPath });
}
