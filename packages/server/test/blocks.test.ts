import type { ServerMessage } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import type { TestClient } from './support/client.js';
import { call } from './support/notify-server.js';
import { serverPerTest } from './support/per-test.js';
import { until } from './support/until.js';

// Blocking and muting over real HTTP and WebSockets (docs/api.md, "Blocking and muting"): a blocked
// player's chat never reaches the blocker (every frame of the blocker's socket is checked), a seat
// across a block is refused with SEAT_BLOCKED either way, naming no one; muting a table's chat or
// all chat is a guest's setting too, while blocking needs an account.

const t = serverPerTest();

async function table(c: TestClient): Promise<string> {
  const made = await c.request({ type: 'table.create', game: 'flip-7', seats: 3 });
  if (made.type !== 'table') throw new Error(JSON.stringify(made));
  return made.table.id;
}

const chatText = (m: ServerMessage) => (m.type === 'chat' ? m.text : null);
/** Everything a socket received, as one text, to look for a word in every frame. */
const everything = (c: TestClient) => JSON.stringify(c.received);

/** `by` says `text` at the table and waits until `witness` hears it: every socket meant to have it has it by then. */
async function say(by: TestClient, witness: TestClient, tableId: string, text: string): Promise<void> {
  expect((await by.request({ type: 'chat.send', tableId, text })).type).toBe('ok');
  await until(`the line "${text}" to arrive`, () => witness.received.some((m) => chatText(m) === text), 5000);
}

describe('blocking', () => {
  it("a blocked player's chat never reaches the blocker; others still hear it; unblocked, it does again", async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    const cy = await t.connect('Cy');
    const tableId = await table(cy);
    for (const c of [ann.client, bob.client]) expect((await c.request({ type: 'table.watch', tableId })).type).toBe('table');
    expect((await call(s.url, 'PUT', '/api/blocks/Bob', { token: ann.token })).status).toBe(204);

    await say(bob.client, cy, tableId, 'bob-says-hidden-words');
    // Ann's own line after Bob's: once it is back, Bob's would have come before it.
    await say(ann.client, ann.client, tableId, 'ann-marker-1');
    await until('Cy hears Ann', () => cy.received.some((m) => chatText(m) === 'ann-marker-1'), 5000);
    expect(everything(ann.client)).not.toContain('bob-says-hidden-words');
    // Bob hears Ann still, and is told nothing of the block.
    await until('Bob hears Ann', () => bob.client.received.some((m) => chatText(m) === 'ann-marker-1'), 5000);
    expect(everything(bob.client)).not.toMatch(/block/i);

    expect((await call(s.url, 'GET', '/api/blocks', { token: ann.token })).body).toEqual({ blocked: [{ name: 'Bob', at: expect.any(Number) }] });
    expect((await call(s.url, 'DELETE', '/api/blocks/Bob', { token: ann.token })).status).toBe(204);
    await say(bob.client, ann.client, tableId, 'bob-heard-again');
    expect(everything(ann.client)).not.toContain('bob-says-hidden-words');
  });

  it('a seat across a block is refused both ways with SEAT_BLOCKED, naming no one; others sit', async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    const cy = await t.connect('Cy');
    const annTable = await table(ann.client); // the creator sits at seat 0
    const bobTable = await table(bob.client);
    expect((await call(s.url, 'PUT', '/api/blocks/Bob', { token: ann.token })).status).toBe(204);

    const refused = await bob.client.request({ type: 'table.sit', tableId: annTable, seat: 1 });
    expect(refused).toMatchObject({ type: 'error', code: 'SEAT_BLOCKED' });
    expect(JSON.stringify(refused)).not.toContain('Ann');
    // The blocker cannot sit at the blocked player's table either.
    expect(await ann.client.request({ type: 'table.sit', tableId: bobTable, seat: 1 })).toMatchObject({ type: 'error', code: 'SEAT_BLOCKED' });
    expect((await cy.request({ type: 'table.sit', tableId: annTable, seat: 1 })).type).toBe('ok');
    // Nothing changed at Ann's table for the refusal: Bob holds no seat there.
    const seen = await bob.client.request({ type: 'table.watch', tableId: annTable });
    if (seen.type !== 'table') throw new Error(JSON.stringify(seen));
    expect(seen.table.seats.flatMap((x) => (x.kind === 'player' ? [x.player.name] : []))).toEqual(['Ann', 'Cy']);
  });

  it("a guest can't block (ACCOUNT_REQUIRED); an unknown name or oneself is refused and nothing changes", async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    await t.account('Bob');
    const guest = await t.connect('Gus');
    expect((await call(s.url, 'PUT', '/api/blocks/Bob', { token: guest.token! })).body).toMatchObject({ error: 'ACCOUNT_REQUIRED' });
    expect((await call(s.url, 'PUT', '/api/blocks/Nobody', { token: ann.token })).body).toMatchObject({ error: 'UNKNOWN_PLAYER' });
    expect((await call(s.url, 'PUT', '/api/blocks/Ann', { token: ann.token })).body).toMatchObject({ error: 'BAD_REQUEST' });
    expect((await call(s.url, 'PUT', '/api/blocks/Bob', {})).status).toBe(401);
    expect((await call(s.url, 'DELETE', '/api/blocks/Bob', { token: ann.token })).body).toMatchObject({ error: 'NOT_FOUND' });
    expect((await call(s.url, 'GET', '/api/blocks', { token: ann.token })).body).toEqual({ blocked: [] });
  });
});

describe('the lobby of a blocker', () => {
  it("leaves out the blocked player's open tables, in the first page and as they change", async () => {
    const s = await t.start();
    const ann = await t.account('Ann');
    const bob = await t.account('Bob');
    const cy = await t.connect('Cy');
    const bobs = await table(bob.client);
    const cys = await table(cy);
    expect((await call(s.url, 'PUT', '/api/blocks/Bob', { token: ann.token })).status).toBe(204);
    const page = await ann.client.request({ type: 'lobby.watch' });
    if (page.type !== 'lobby') throw new Error(JSON.stringify(page));
    expect(page.tables.map((x) => x.id)).toEqual([cys]);
    // Bob sits at Cy's table: it leaves Ann's lobby; his own table's changes never show.
    expect((await bob.client.request({ type: 'table.leave', tableId: bobs, seat: 0 })).type).toBe('ok');
    expect((await bob.client.request({ type: 'table.sit', tableId: cys, seat: 1 })).type).toBe('ok');
    await ann.client.waitFor((m) => m.type === 'lobby.removed' && m.tableId === cys);
    expect(ann.client.received.some((m) => m.type === 'lobby.table' && (m.table.id === bobs || m.table.id === cys))).toBe(false);
    // Others see both.
    const other = await (await t.connect('Dee')).request({ type: 'lobby.watch' });
    if (other.type !== 'lobby') throw new Error(JSON.stringify(other));
    expect(other.tables.map((x) => x.id).sort()).toEqual([bobs, cys].sort());
  });
});

describe('muting', () => {
  it("a guest mutes one table's chat, then all chat: nothing of it reaches them; unmuted, it does", async () => {
    const s = await t.start();
    const gus = await t.connect('Gus');
    const cy = await t.connect('Cy');
    const tableId = await table(cy);
    expect((await gus.request({ type: 'table.watch', tableId })).type).toBe('table');
    expect((await call(s.url, 'PUT', `/api/chat-mutes/${tableId}`, { token: gus.token! })).status).toBe(204);
    expect((await call(s.url, 'GET', '/api/chat-mutes', { token: gus.token! })).body).toEqual({ muted: [tableId] });
    await say(cy, cy, tableId, 'muted-line-1');
    expect((await call(s.url, 'DELETE', `/api/chat-mutes/${tableId}`, { token: gus.token! })).status).toBe(204);
    expect((await call(s.url, 'PUT', '/api/chat-mutes/all', { token: gus.token! })).status).toBe(204);
    await say(cy, cy, tableId, 'muted-line-2');
    expect((await call(s.url, 'DELETE', '/api/chat-mutes/all', { token: gus.token! })).status).toBe(204);
    await say(cy, gus, tableId, 'heard-line');
    expect(everything(gus)).not.toContain('muted-line');
    // Their own lines come back to them while muted (what they sent is shown).
    expect((await call(s.url, 'PUT', '/api/chat-mutes/all', { token: gus.token! })).status).toBe(204);
    await say(gus, gus, tableId, 'gus-own-line');
    expect((await call(s.url, 'PUT', '/api/chat-mutes/not%20an%20id', { token: gus.token! })).body).toMatchObject({ error: 'BAD_REQUEST' });
  });
});
