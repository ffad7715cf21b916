import { randomBytes } from 'node:crypto';
import { afterEach } from 'vitest';
import type { StartOptions } from '../../src/index.js';
import type { TestClient } from './client.js';
import { TEST_REDIS } from './cluster.js';
import { type TestSchema, freshSchema } from './stores.js';
import { type TestServer, testServer } from './server.js';

/**
 * What a test of several server processes in its own process keeps to end after each test: its
 * servers, their clients and their PostgreSQL schemas (clients closed first, schemas dropped last).
 */
export function inProcessCluster(): {
  readonly servers: TestServer[]; readonly clients: TestClient[]; readonly schemas: TestSchema[];
  /** Two processes on a fresh PostgreSQL schema and their own Redis prefix, each started with `options`. */
  readonly twoProcesses: (options?: Omit<StartOptions, 'logger'>) => Promise<readonly [TestServer, TestServer]>;
} {
  const servers: TestServer[] = [];
  const clients: TestClient[] = [];
  const schemas: TestSchema[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const s of servers.splice(0)) await s.close().catch(() => {});
    for (const s of schemas.splice(0)) await s.drop().catch(() => {});
  });
  const twoProcesses = async (options: Omit<StartOptions, 'logger'> = {}) => {
    const schema = await freshSchema();
    schemas.push(schema);
    const config = { dbPath: schema.url, redisUrl: TEST_REDIS, redisPrefix: `test-${randomBytes(4).toString('hex')}` };
    const pair = [await testServer(config, options), await testServer(config, options)] as const;
    servers.push(...pair);
    return pair;
  };
  return { servers, clients, schemas, twoProcesses };
}
