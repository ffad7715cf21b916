import type { ServerMessage } from '@parlor/protocol';
import type { ParlorServer } from '../../src/index.js';
import type { TestClient } from './client.js';

/** An HTTP call to `server` with a bearer token and a JSON body: its status and JSON. */
export async function call(server: ParlorServer, method: string, path: string, opts: { body?: unknown; token?: string } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, json: (text === '' ? null : JSON.parse(text)) as Record<string, unknown> & { error?: string } };
}

/** `who` says `text` at the table; the chat line as `to` receives it. */
export async function say(who: TestClient, to: TestClient, tableId: string, text: string): Promise<Extract<ServerMessage, { type: 'chat' }>> {
  const heard = to.waitFor((m) => m.type === 'chat' && m.tableId === tableId && m.text === text);
  const r = await who.request({ type: 'chat.send', tableId, text });
  if (r.type !== 'ok') throw new Error(JSON.stringify(r));
  return await heard as Extract<ServerMessage, { type: 'chat' }>;
}

/** A new table of `who`'s, watched by the others: its id. */
export async function tableOf(who: TestClient, watchers: TestClient[], opts: { rated?: boolean } = {}): Promise<string> {
  const t = await who.request({ type: 'table.create', game: 'flip-7', seats: 2, ...(opts.rated === true ? { rated: true } : {}) });
  if (t.type !== 'table') throw new Error(JSON.stringify(t));
  for (const w of watchers) {
    const r = await w.request({ type: 'table.watch', tableId: t.table.id });
    if (r.type !== 'table') throw new Error(JSON.stringify(r));
  }
  return t.table.id;
}

/** An account made a moderator, as `parlor mod grant` makes one (`account`: the per-test server's). */
export async function moderatorAccount<A extends { readonly id: string }>(server: ParlorServer, account: (name: string) => Promise<A>, name: string): Promise<A> {
  const m = await account(name);
  if (!await server.hub.store.moderation.grantModerator(m.id, 'operator', 0)) throw new Error(`${name} could not be made a moderator`);
  return m;
}
