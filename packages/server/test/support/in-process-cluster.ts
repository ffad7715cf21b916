import { afterEach } from 'vitest';
import type { TestClient } from './client.js';
import type { TestSchema } from './stores.js';
import type { TestServer } from './server.js';

/**
 * What a test of several server processes in its own process keeps to end after each test: its
 * servers, their clients and their PostgreSQL schemas (clients closed first, schemas dropped last).
 */
export function inProcessCluster(): { readonly servers: TestServer[]; readonly clients: TestClient[]; readonly schemas: TestSchema[] } {
  const servers: TestServer[] = [];
  const clients: TestClient[] = [];
  const schemas: TestSchema[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const s of servers.splice(0)) await s.close().catch(() => {});
    for (const s of schemas.splice(0)) await s.drop().catch(() => {});
  });
  return { servers, clients, schemas };
}
