import type { SessionReply } from '@parlor/protocol';
import { afterEach } from 'vitest';
import type { ParlorServer, ServerConfig, StartOptions } from '../../src/index.js';
import { TestClient } from './client.js';
import { type TestServer, testServer } from './server.js';

/**
 * A test file's server and clients, one server per test: `start()` makes it (or `adopt(s)` takes
 * one the test started itself), `connect(name)` and `anonymous()` open clients on it, and after
 * each test every client is closed and the server shut down (an afterEach registered by this call,
 * at the file's top level).
 */
export function serverPerTest() {
  let current: ParlorServer | null = null;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await current?.close();
    current = null;
  });
  const server = (): ParlorServer => {
    if (current === null) throw new Error('no server: call start() first');
    return current;
  };
  const track = (c: TestClient): TestClient => { clients.push(c); return c; };
  return {
    server,
    async start(overrides: Partial<ServerConfig> = {}, options: Omit<StartOptions, 'logger'> = {}): Promise<TestServer> {
      const s = await testServer(overrides, options);
      current = s;
      return s;
    },
    /**
     * A server the test started otherwise (its own logger or config, say) becomes this test's, as
     * start()'s does: clients open on it and it is closed after the test. Again after a restart.
     */
    adopt<S extends ParlorServer>(s: S): S {
      current = s;
      return s;
    },
    /** A client that has said hello as `name`. */
    async connect(name: string): Promise<TestClient> {
      return track(await TestClient.connect(server().url, name));
    },
    /** A connection that has not said hello. */
    async anonymous(): Promise<TestClient> {
      return track(await TestClient.anonymous(server().url));
    },
    /** A new account `name` (over HTTP), and a client that said hello with its token. */
    async account(name: string): Promise<{ client: TestClient; token: string; id: string }> {
      const res = await fetch(`${server().url}/api/accounts`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: 'a long password' }),
      });
      const made = (await res.json()) as SessionReply;
      const client = track(await TestClient.anonymous(server().url));
      const w = await client.request({ type: 'hello', token: made.token });
      if (w.type !== 'welcome') throw new Error(JSON.stringify(w));
      return { client, token: made.token, id: w.player.id };
    },
  };
}
