import type { ClientMessage, ServerMessage } from '@parlor/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bus } from '../src/cluster/bus.js';
import { Cluster } from '../src/cluster/cluster.js';
import type { ClusterHost } from '../src/cluster/host.js';
import { parseLobbyMessage, parsePresenceMessage, parseProcMessage } from '../src/cluster/messages.js';
import { Outbox } from '../src/cluster/outbox.js';
import { clusterTiming } from '../src/cluster/timing.js';
import { type Connection, senders } from '../src/connection.js';
import { MAX_ECHO } from '../src/echo.js';
import { frameOf } from '../src/frame.js';
import { createMetrics } from '../src/metrics.js';
import { RateLimit } from '../src/rate-limit.js';
import type { SessionEnd } from '../src/live-sessions.js';
import type { Store } from '../src/store/store.js';

// The messages between a cluster's processes: what is heard is parsed before anything is done with
// it, and a frame is serialized once for every connection that gets it, here or elsewhere.

/** A bus in memory: what is published is kept (as the JSON Redis would carry); a test hands messages to the subscribers. */
class MemoryBus implements Bus {
  readonly handlers = new Map<string, (msg: unknown) => void>();
  readonly published: { channel: string; msg: unknown }[] = [];
  readonly ready = true;
  readonly commands = 0;
  publish(channel: string, msg: unknown): void { this.published.push({ channel, msg: JSON.parse(JSON.stringify(msg)) }); }
  async subscribe(channel: string, fn: (msg: unknown) => void): Promise<void> { this.handlers.set(channel, fn); }
  async unsubscribe(channel: string): Promise<void> { this.handlers.delete(channel); }
  onReconnect(): void {}
  async close(): Promise<void> {}
  /** Hands `msg` to the subscriber of `channel`, as if another process had published it. */
  hear(channel: string, msg: unknown): void { this.handlers.get(channel)!(JSON.parse(JSON.stringify(msg))); }
  on(channel: string): unknown[] { return this.published.filter((p) => p.channel === channel).map((p) => p.msg); }
}

/** The end of this turn of the event loop, when the outbox has sent what it gathered. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function fakeHost() {
  const log = { warn: vi.fn(), error: vi.fn() };
  const handled: { c: Connection; msg: ClientMessage }[] = [];
  const ended: SessionEnd[] = [];
  const renamed: unknown[][] = [];
  const vacations: string[] = [];
  const moderated: string[] = [];
  const host: ClusterHost = {
    tables: new Map(), log, metrics: createMetrics(),
    take: async () => false, drop: () => {}, disconnect: () => {}, presenceChanged: () => {}, lobbyChanged: () => {},
    ownerChanged: () => {}, onlinePlayers: () => [], rewatch: () => {}, renamed: (...args) => { renamed.push(args); },
    playerName: () => 'Ann', isAccount: () => false, avatar: () => null, isBot: () => false, endSessions: (e) => { ended.push(e); },
    vacationHeard: async (p) => { vacations.push(p); }, moderatedHeard: (p) => { moderated.push(p); },
    handle: async (c, msg) => { handled.push({ c, msg }); c.send({ type: 'ok', ...(msg.id === undefined ? {} : { re: msg.id }) }); },
  };
  return { host, log, handled, ended, renamed, vacations, moderated };
}

const store = { orphanTables: async () => [] } as unknown as Store;

function socket(id: string) {
  const written: string[] = [];
  const c: Connection = {
    id, playerId: 'p1', address: '127.0.0.1', watching: new Set(), lobby: false,
    limit: new RateLimit(100, 100), chatLimit: new RateLimit(3, 1), ...senders((json) => written.push(json)),
  };
  return { c, written };
}

const started: Cluster[] = [];
afterEach(async () => { for (const c of started.splice(0)) await c.stop(); });

async function cluster() {
  const bus = new MemoryBus();
  const { host, log, handled, ended, renamed, vacations, moderated } = fakeHost();
  const cl = new Cluster(host, store, bus, clusterTiming(60_000));
  await cl.start();
  started.push(cl);
  return { cl, bus, log, handled, ended, renamed, vacations, moderated, host };
}

describe('a frame', () => {
  it('is serialized once, however many connections get it, here and on other processes', async () => {
    const bus = new MemoryBus();
    const out = new Outbox(bus);
    const a = socket('a');
    const b = socket('b');
    const stringify = vi.spyOn(JSON, 'stringify');
    const frame = frameOf({ type: 'pong', re: 7 });
    a.c.sendFrame(frame);
    b.c.sendFrame(frame);
    for (const conn of ['x', 'y', 'z']) out.deliver('p2', conn, frame);
    out.deliver('p3', 'w', frame);
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();
    expect(a.written).toEqual(['{"type":"pong","re":7}']);
    expect(b.written).toEqual(a.written);
    await turn();
    // One Redis message per process, naming the connections there that get the frame.
    expect(bus.published).toEqual([
      { channel: 'proc:p2', msg: { t: 'deliver', conns: ['x', 'y', 'z'], frame: '{"type":"pong","re":7}' } },
      { channel: 'proc:p3', msg: { t: 'deliver', conns: ['w'], frame: '{"type":"pong","re":7}' } },
    ]);
  });

  it('keeps the order of what one process is sent: a frame joins only the delivery just before it', async () => {
    const bus = new MemoryBus();
    const out = new Outbox(bus);
    const f = frameOf({ type: 'pong' });
    const g = frameOf({ type: 'ok' });
    out.deliver('p2', 'x', f);
    out.deliver('p2', 'y', f);
    out.post('p2', { t: 'done', id: 1 });
    out.deliver('p2', 'z', f);
    out.deliver('p2', 'x', g);
    await turn();
    expect(bus.on('proc:p2')).toEqual([{ t: 'batch', msgs: [
      { t: 'deliver', conns: ['x', 'y'], frame: '{"type":"pong"}' },
      { t: 'done', id: 1 },
      { t: 'deliver', conns: ['z'], frame: '{"type":"pong"}' },
      { t: 'deliver', conns: ['x'], frame: '{"type":"ok"}' },
    ] }]);
  });

  it('of an error cuts its text to MAX_ECHO characters', () => {
    const f = frameOf({ type: 'error', code: 'BAD_NAME', message: 'x'.repeat(500) });
    const sent = JSON.parse(f.json) as Extract<ServerMessage, { type: 'error' }>;
    expect([...sent.message]).toHaveLength(MAX_ECHO);
    expect(sent.message.endsWith('…')).toBe(true);
  });
});

describe('the messages on the bus', () => {
  it('parse when they are the cluster\'s own', () => {
    const req = { t: 'req', from: 'p2', id: 3, conn: 'k', player: { id: 'p1', name: 'Ann', account: false }, address: '::1', msg: { type: 'table.watch', tableId: 't1' }, sent: 1 };
    expect(parseProcMessage({ t: 'batch', msgs: [req, { t: 'done', id: 3 }, { t: 'gone', from: 'p2', conn: 'k' }, { t: 'deliver', conns: ['k'], frame: '{}' }] }))
      .toEqual({ items: [req, { t: 'done', id: 3 }, { t: 'gone', from: 'p2', conn: 'k' }, { t: 'deliver', conns: ['k'], frame: '{}' }], problems: [] });
    for (const m of [{ t: 'beat', proc: 'p' }, { t: 'up', proc: 'p', player: 'x', at: 1 }, { t: 'sync', proc: 'p' }, { t: 'online', proc: 'p', players: ['x'] },
      { t: 'owner', proc: 'p', table: 't' }, { t: 'released', proc: 'p', tables: [] }]) {
      expect(parsePresenceMessage(m)).toEqual({ ok: true, value: m });
    }
  });

  it('that are not say what is wrong; in a batch, the others still stand', () => {
    const bad = parseProcMessage({ t: 'batch', msgs: [{ t: 'done', id: 'three' }, { t: 'done', id: 4 }, { t: 'deliver', conns: [], frame: '{}' }, { t: 'what' }] });
    expect(bad.items).toEqual([{ t: 'done', id: 4 }]);
    expect(bad.problems).toHaveLength(3);
    expect(bad.problems[0]).toMatch(/^at "msgs\.0\.id": /);
    expect(bad.problems[1]).toMatch(/^at "msgs\.2\.conns": /);
    expect(parseProcMessage('hello').problems).toHaveLength(1);
    expect(parseProcMessage(null).problems).toHaveLength(1);
    expect(parsePresenceMessage({ t: 'up', proc: 'p', player: 'x' })).toMatchObject({ ok: false, problem: expect.stringMatching(/^at "at": /) });
    expect(parseLobbyMessage({ t: 'table', owner: 'p', summary: { id: 't' }, row: {} })).toMatchObject({ ok: false });
  });

  it('a forwarded client message is checked by the protocol\'s own schema', () => {
    const req = { t: 'req', from: 'p2', id: 3, conn: 'k', player: { id: 'p1', name: 'Ann', account: false }, address: '::1', sent: 1 };
    const r = parseProcMessage({ ...req, msg: { type: 'table.watch', tableId: 't1', extra: true } });
    expect(r.items).toEqual([]);
    expect(r.problems[0]).toMatch(/^at "msg/);
    expect(parseProcMessage({ ...req, msg: { type: 'no.such' } }).items).toEqual([]);
  });
});

describe('a process of the cluster', () => {
  it('drops a message it cannot parse with a warning, and acts on nothing of it', async () => {
    const { cl, bus, log, handled } = await cluster();
    bus.published.length = 0;
    bus.hear(`proc:${cl.id}`, { t: 'req', from: 'p2', id: 1, conn: 'k', player: { id: 'p1', name: 'Ann', account: false }, address: '::1', msg: { type: 'table.sit', tableId: 't' }, sent: Date.now() });
    bus.hear('presence', { t: 'owner', proc: 'p2' });
    bus.hear('lobby', { t: 'table', owner: 'p2' });
    bus.hear(`proc:${cl.id}`, 42);
    await turn();
    expect(handled).toEqual([]);
    expect(bus.published).toEqual([]);
    expect(log.warn.mock.calls.map(([fields]) => (fields as { channel: string }).channel)).toEqual(['proc', 'presence', 'lobby', 'proc']);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ problem: expect.stringMatching(/^at "msg\.seat": /) });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('publishes sessions it ended, and closes those another process ended; a malformed end is dropped', async () => {
    const { cl, bus, log, ended } = await cluster();
    cl.sessionsEnded({ player: 'p1', why: 'password', except: 'h1' });
    expect(bus.on('presence').at(-1)).toEqual({ t: 'ended', proc: cl.id, player: 'p1', why: 'password', except: 'h1' });
    bus.hear('presence', { t: 'ended', proc: 'p2', player: 'p1', why: 'signed-out', only: ['h2'] });
    bus.hear('presence', { t: 'ended', proc: 'p2', player: 'p1', why: 'stolen' });
    expect(ended).toEqual([{ t: 'ended', proc: 'p2', player: 'p1', why: 'signed-out', only: ['h2'] }]);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ channel: 'presence', problem: expect.stringMatching(/^at "why": /) });
  });

  it("publishes a player's days off changed here, and tells its tables of those changed elsewhere", async () => {
    const { cl, bus, vacations } = await cluster();
    cl.vacationChanged('p1');
    expect(bus.on('presence').at(-1)).toEqual({ t: 'vacation', proc: cl.id, player: 'p1' });
    bus.hear('presence', { t: 'vacation', proc: cl.id, player: 'p1' }); // its own word, come back: nothing more
    bus.hear('presence', { t: 'vacation', proc: 'p2', player: 'p3' });
    bus.hear('presence', { t: 'vacation', proc: 'p2' });
    expect(vacations).toEqual(['p3']);
  });

  it("publishes a moderator's action here, and reads the sanctions again of a player acted on elsewhere", async () => {
    const { cl, bus, moderated } = await cluster();
    cl.moderated('p1');
    expect(bus.on('presence').at(-1)).toEqual({ t: 'moderated', proc: cl.id, player: 'p1' });
    bus.hear('presence', { t: 'moderated', proc: cl.id, player: 'p1' }); // its own word, come back: nothing more
    bus.hear('presence', { t: 'moderated', proc: 'p2', player: 'p3' });
    bus.hear('presence', { t: 'moderated', proc: 'p2' });
    expect(moderated).toEqual(['p3']);
  });

  it('writes a delivery\'s frame to its sockets as it is, and a forward ends with its host\'s done', async () => {
    const { cl, bus } = await cluster();
    const ann = socket('c1');
    const bob = socket('c2');
    cl.attach(ann.c);
    cl.attach(bob.c);
    let done = false;
    const forwarded = cl.forward(ann.c, { type: 'table.watch', id: 5, tableId: 't1' }, 'p2').then(() => { done = true; });
    void cl.forward(bob.c, { type: 'table.watch', tableId: 't1' }, 'p2');
    await turn();
    const [batch] = bus.on('proc:p2') as { t: 'batch'; msgs: { t: string; id: number; conn: string }[] }[];
    const [a, b] = batch!.msgs;
    const frame = '{"type":"game","tableId":"t1","seq":3}';
    bus.hear(`proc:${cl.id}`, { t: 'batch', msgs: [{ t: 'deliver', conns: [a!.conn, b!.conn], frame }, { t: 'deliver', conns: [a!.conn], frame: '{"type":"ok","re":5}' }, { t: 'done', id: a!.id }] });
    await forwarded;
    expect(done).toBe(true);
    expect(ann.written).toEqual([frame, '{"type":"ok","re":5}']);
    expect(bob.written).toEqual([frame]);
  });

  it('handles a request from another process, and its replies go back there', async () => {
    const { cl, bus, handled } = await cluster();
    bus.published.length = 0;
    bus.hear(`proc:${cl.id}`, { t: 'req', from: 'p2', id: 9, conn: 'k', player: { id: 'p1', name: 'Ann', account: false }, address: '::1', msg: { type: 'table.watch', id: 'w', tableId: 't1' }, sent: Date.now() });
    await turn();
    expect(handled.map((h) => [h.c.id, h.msg])).toEqual([['p2:k', { type: 'table.watch', id: 'w', tableId: 't1' }]]);
    expect(bus.on('proc:p2')).toEqual([{ t: 'batch', msgs: [{ t: 'deliver', conns: ['k'], frame: '{"type":"ok","re":"w"}' }, { t: 'done', id: 9 }] }]);
  });

  it('a forwarded request names its player with their avatar and bot flag, and the host knows them so', async () => {
    const { cl, bus, host, renamed } = await cluster();
    host.isAccount = () => true;
    host.avatar = () => 'fox';
    host.isBot = () => true;
    const ann = socket('c1');
    cl.attach(ann.c);
    void cl.forward(ann.c, { type: 'table.watch', tableId: 't1' }, 'p2');
    await turn();
    const [sent] = bus.on('proc:p2') as { t: 'req'; player: unknown }[];
    expect(sent!.player).toEqual({ id: 'p1', name: 'Ann', account: true, avatar: 'fox', bot: true });

    const req = { t: 'req', from: 'p2', conn: 'k', address: '::1', msg: { type: 'table.watch', tableId: 't1' } };
    bus.hear(`proc:${cl.id}`, { ...req, id: 1, player: { id: 'b1', name: 'Robo', account: true, avatar: null, bot: true }, sent: Date.now() });
    // From a process that sends no flag: not a bot.
    bus.hear(`proc:${cl.id}`, { ...req, id: 2, player: { id: 'a1', name: 'Ann', account: false }, sent: Date.now() });
    await turn();
    expect(renamed).toEqual([['b1', 'Robo', true, null, true], ['a1', 'Ann', false, null, false]]);
  });
});
