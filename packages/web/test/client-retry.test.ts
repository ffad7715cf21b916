import type { ServerMessage } from '@parlor/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ParlorClient, type RetryPolicy, TRY_AGAIN_RETRY, retryDelay } from '../src/net/client.js';

// Issue 13 in the browser: a server of a cluster that is moving a table to another process answers
// TRY_AGAIN ("nothing was changed, send that again"). The client sends the same message again after a
// short, growing, jittered wait — an action with its seq — and the player hears of the refusal only
// when every resend was refused too. Here the WebSocket is a fake that records what is sent and lets
// the test answer; the clock is vitest's fake one, so the waits are stepped through, not slept.

/** A WebSocket stand-in: opens when told, records every frame, and delivers the test's replies. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static last: FakeSocket | null = null;
  readyState = FakeSocket.CONNECTING;
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) { FakeSocket.last = this; }
  send(data: string): void { this.sent.push(JSON.parse(data) as Record<string, unknown>); }
  close(): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
  open(): void { this.readyState = FakeSocket.OPEN; this.onopen?.(); }
  reply(m: ServerMessage): void { this.onmessage?.({ data: JSON.stringify(m) }); }
  /** The last frame sent of a type. */
  lastOf(type: string): Record<string, unknown> { return this.sent.filter((m) => m.type === type).at(-1)!; }
}

const storage = new Map<string, string>();
const welcome = (re: number): ServerMessage => ({
  type: 'welcome', re, player: { id: 'p1', name: 'Ann' }, token: 'tok', seatedAt: [], version: 1, account: false,
  botLevels: { 'flip-7': [], 'stir-fry-eighteen': [] }, grace: 30,
});
const tryAgain = (re: unknown): ServerMessage => ({ type: 'error', re, code: 'TRY_AGAIN', message: 'The table is moving to another server just now; nothing was changed. Send that again.' } as ServerMessage);

beforeEach(() => {
  storage.clear();
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => { storage.set(k, v); },
    removeItem: (k: string) => { storage.delete(k); },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A client connected and welcomed, with every message it passes on to the app recorded. */
async function connected(policy: RetryPolicy = TRY_AGAIN_RETRY) {
  const client = new ParlorClient('ws://test/ws', policy);
  const heard: ServerMessage[] = [];
  client.onMessage((m) => heard.push(m));
  client.start('Ann');
  const ws = FakeSocket.last!;
  ws.open();
  ws.reply(welcome(ws.lastOf('hello').id as number));
  await vi.runAllTimersAsync();
  expect(client.state).toBe('open');
  heard.length = 0;
  return { client, ws, heard };
}

const action = { type: 'action', tableId: 't1', seat: 0, seq: 7, action: { type: 'hit' } } as const;

describe('TRY_AGAIN: the client sends the message again', () => {
  it('an action refused with TRY_AGAIN goes again with the same seq; the player sees only its answer', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { client, ws, heard } = await connected();
    let answer: ServerMessage | null = null;
    void client.request(action).then((m) => { answer = m; });
    const first = ws.lastOf('action');
    ws.reply(tryAgain(first.id));
    // Nothing is sent again before the first wait is over (200 ms with a jitter factor of 1).
    await vi.advanceTimersByTimeAsync(199);
    expect(ws.sent.filter((m) => m.type === 'action')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = ws.lastOf('action');
    expect(ws.sent.filter((m) => m.type === 'action')).toHaveLength(2);
    // The same message, under a new id: the seq is kept, so a move can never be played twice.
    const { id: id1, ...body1 } = first;
    const { id: id2, ...body2 } = second;
    expect(body2).toEqual(body1);
    expect(body2).toMatchObject({ seq: 7, seat: 0, action: { type: 'hit' } });
    expect(id2).not.toBe(id1);
    ws.reply({ type: 'ok', re: id2 } as ServerMessage);
    await vi.runAllTimersAsync();
    expect(answer).toEqual({ type: 'ok', re: id2 });
    // The refusal never reached the app (no notice for the player).
    expect(heard.map((m) => m.type)).toEqual(['ok']);
  });

  it('waits 200 ms doubling to 3 s, with jitter; after five resends the refusal is the answer', async () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(TRY_AGAIN_RETRY, n, 0.5))).toEqual([200, 400, 800, 1600, 3000, 3000]);
    // The jitter spreads each wait from half to one and a half times.
    expect(retryDelay(TRY_AGAIN_RETRY, 1, 0)).toBe(100);
    expect(retryDelay(TRY_AGAIN_RETRY, 5, 0.999)).toBeCloseTo(4497, 0);

    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { client, ws, heard } = await connected();
    let answer: ServerMessage | null = null;
    void client.request({ type: 'table.create', game: 'flip-7', seats: 3 }).then((m) => { answer = m; });
    const creates = () => ws.sent.filter((m) => m.type === 'table.create');
    const waits: number[] = [];
    for (let resend = 1; resend <= 5; resend++) {
      ws.reply(tryAgain(creates().at(-1)!.id));
      const before = Date.now();
      await vi.advanceTimersToNextTimerAsync();
      waits.push(Date.now() - before);
      expect(creates()).toHaveLength(resend + 1);
      expect(answer).toBeNull();
    }
    ws.reply(tryAgain(creates().at(-1)!.id));
    await vi.runAllTimersAsync();
    // Sent once, then again after 200, 400, 800, 1600 and 3000 ms; not a seventh time.
    expect(waits).toEqual([200, 400, 800, 1600, 3000]);
    expect(creates()).toHaveLength(6);
    // The sixth refusal is the answer, and the app hears it (its notice says to try again).
    expect(answer).toMatchObject({ type: 'error', code: 'TRY_AGAIN' });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ type: 'error', code: 'TRY_AGAIN' });
  });

  it('other refusals are answers at once, and a message is not sent again for them', async () => {
    const { client, ws, heard } = await connected();
    const reply = client.request(action);
    ws.reply({ type: 'error', re: ws.lastOf('action').id, code: 'STALE', message: 'moved on' } as ServerMessage);
    expect(await reply).toMatchObject({ code: 'STALE' });
    await vi.runAllTimersAsync();
    expect(ws.sent.filter((m) => m.type === 'action')).toHaveLength(1);
    expect(heard).toHaveLength(1);
  });

  it('a connection lost while a resend waits: the request is answered DISCONNECTED and nothing is sent on a closed socket', async () => {
    const { client, ws } = await connected();
    const reply = client.request(action);
    ws.reply(tryAgain(ws.lastOf('action').id));
    ws.close();
    expect(await reply).toMatchObject({ type: 'error', code: 'DISCONNECTED' });
    const before = ws.sent.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(ws.sent.length).toBe(before);
    client.stop();
  });

  it('requests waiting to be sent again are answered when the player signs in anew (a fresh connection)', async () => {
    const { client, ws } = await connected();
    const reply = client.request(action);
    ws.reply(tryAgain(ws.lastOf('action').id));
    client.signIn('other-token');
    expect(await reply).toMatchObject({ type: 'error', code: 'DISCONNECTED' });
    expect(FakeSocket.last).not.toBe(ws);
    await vi.advanceTimersByTimeAsync(5000);
    expect(ws.sent.filter((m) => m.type === 'action')).toHaveLength(1);
    client.stop();
  });
});

describe('a hello refused, then another name', () => {
  it('the refused connection is closed and a fresh one says hello with the new name; nothing else reconnects', async () => {
    const client = new ParlorClient('ws://test/ws');
    const heard: ServerMessage[] = [];
    client.onMessage((m) => heard.push(m));
    client.start('Zoë');
    const first = FakeSocket.last!;
    first.open();
    expect(first.lastOf('hello')).toMatchObject({ name: 'Zoë' });
    // The name belongs to an account: refused, the connection closed, nothing connecting (no
    // "Connecting…" in the header), and nothing reconnecting on its own.
    first.reply({ type: 'error', re: first.lastOf('hello').id, code: 'NAME_TAKEN', message: 'taken' } as ServerMessage);
    await vi.runAllTimersAsync();
    expect(heard).toMatchObject([{ code: 'NAME_TAKEN' }]);
    expect(client.state).toBe('closed');
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    expect(FakeSocket.last).toBe(first);

    client.start('Zed');
    const second = FakeSocket.last!;
    expect(second).not.toBe(first);
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    second.open();
    expect(second.lastOf('hello')).toMatchObject({ name: 'Zed' });
    second.reply(welcome(second.lastOf('hello').id as number));
    await vi.runAllTimersAsync();
    expect(client.state).toBe('open');
    // The closed one brought no reconnect of its own.
    expect(FakeSocket.last).toBe(second);
    expect(first.sent.filter((m) => m.type === 'hello')).toHaveLength(1);
    client.stop();
  });

  it('a hello refused for a passing reason (the database unreachable a moment) is tried again after a wait', async () => {
    storage.set('parlor.token', 'tok');
    const client = new ParlorClient('ws://test/ws');
    client.start();
    const first = FakeSocket.last!;
    first.open();
    expect(first.lastOf('hello')).toMatchObject({ token: 'tok' });
    first.reply({ type: 'error', re: first.lastOf('hello').id, code: 'STORE_UNAVAILABLE', message: 'later' } as ServerMessage);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.state).toBe('closed');
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    await vi.advanceTimersByTimeAsync(1_000);
    const second = FakeSocket.last!;
    expect(second).not.toBe(first);
    second.open();
    expect(second.lastOf('hello')).toMatchObject({ token: 'tok' });
    second.reply(welcome(second.lastOf('hello').id as number));
    await vi.runAllTimersAsync();
    expect(client.state).toBe('open');
    client.stop();
  });
});
