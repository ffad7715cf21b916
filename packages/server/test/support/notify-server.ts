import { TestClock } from '../../src/index.js';
import { parseSmtp } from '../../src/notify/config.js';
import { PUSH_SERVICE_CA } from './push-service.js';
import { type TestServer, testServer } from './server.js';

/** A test server for the notification tests: its push CA the test push service's, mail to `smtp` if given, on `clock`. */
export async function notifyServer(o: { smtp?: string; clock?: TestClock; dbPath?: string } = {}): Promise<TestServer> {
  return testServer(
    { pushCa: PUSH_SERVICE_CA, pushServices: ['127.0.0.1'], smtp: o.smtp === undefined ? null : parseSmtp(o.smtp), ...(o.dbPath === undefined ? {} : { dbPath: o.dbPath }) },
    o.clock === undefined ? {} : { clock: o.clock },
  );
}

/** JSON over HTTP to a server: the status and the body (parsed when it is JSON). */
export async function call(base: string, method: string, path: string, o: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(o.token === undefined ? {} : { authorization: `Bearer ${o.token}` }), ...(o.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* a page, or nothing */ }
  return { status: res.status, body };
}

/** A new account on the server: its token and player id. */
export async function newAccount(base: string, name: string, password = 'correct horse battery'): Promise<{ token: string; id: string }> {
  const made = await call(base, 'POST', '/api/accounts', { body: { name, password } });
  if (made.status !== 201) throw new Error(`account ${name}: ${made.status} ${JSON.stringify(made.body)}`);
  const me = await call(base, 'GET', '/api/me', { token: made.body.token });
  return { token: made.body.token, id: me.body.id };
}

export { TestClock };
