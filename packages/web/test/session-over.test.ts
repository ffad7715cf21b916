import type { ServerMessage } from '@parlor/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ParlorClient } from '../src/net/client.js';
import { Store, reduce } from '../src/state/store.js';

// A session that is over (docs/protocol.md: SESSION_EXPIRED at hello, SESSION_ENDED on an open
// socket) leaves nobody signed in: the token is forgotten, nothing reconnects on its own, and the
// app's state has no player, so the first screen opens its sign-in form with the notice.

class FakeSocket {
  static readonly OPEN = 1;
  static last: FakeSocket | null = null;
  static made = 0;
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) { FakeSocket.last = this; FakeSocket.made++; }
  send(data: string): void { this.sent.push(JSON.parse(data) as Record<string, unknown>); }
  close(): void { if (this.readyState !== 3) { this.readyState = 3; this.onclose?.(); } }
  open(): void { this.readyState = FakeSocket.OPEN; this.onopen?.(); }
  reply(m: ServerMessage): void { this.onmessage?.({ data: JSON.stringify(m) }); }
}

const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  FakeSocket.made = 0;
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => { storage.set(k, v); },
    removeItem: (k: string) => { storage.delete(k); },
  });
});
afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

describe('a session that is over', () => {
  it.each(['SESSION_EXPIRED', 'SESSION_ENDED'])('%s at hello: the token is forgotten and nothing reconnects', async (code) => {
    storage.set('parlor.token', 'old-token');
    const client = new ParlorClient('ws://test/ws');
    client.start();
    const ws = FakeSocket.last!;
    ws.open();
    expect(ws.sent[0]).toMatchObject({ type: 'hello', token: 'old-token' });
    ws.reply({ type: 'error', re: ws.sent[0]!.id as number, code, message: 'sign in again' });
    await vi.runAllTimersAsync();
    expect(client.token).toBeNull();
    expect(FakeSocket.made).toBe(1);
  });

  it('SESSION_ENDED pushed on an open socket: forgotten, and the server\'s close is not followed by a reconnection', async () => {
    storage.set('parlor.token', 'tok');
    const client = new ParlorClient('ws://test/ws');
    client.start();
    const ws = FakeSocket.last!;
    ws.open();
    ws.reply({ type: 'welcome', re: ws.sent[0]!.id as number, player: { id: 'p1', name: 'Ann' }, token: 'tok', seatedAt: [], version: 1, account: true, botLevels: {} } as unknown as ServerMessage);
    await vi.runAllTimersAsync();
    ws.reply({ type: 'error', code: 'SESSION_ENDED', message: 'This session was signed out; sign in again.' });
    ws.close();
    await vi.runAllTimersAsync();
    expect(client.token).toBeNull();
    expect(FakeSocket.made).toBe(1);
  });

  it('leaves the app with no player, and says why', () => {
    const signedIn = { ...new Store().get(), player: { id: 'p1', name: 'Ann' }, account: true };
    const s = reduce(signedIn, { type: 'error', code: 'SESSION_EXPIRED', message: 'expired' });
    expect(s).toMatchObject({ player: null, account: false, tables: {}, notice: { code: 'SESSION_EXPIRED' } });
    // Any other refusal leaves the player as they were.
    expect(reduce(signedIn, { type: 'error', code: 'STALE', message: 'moved on' }).player).toEqual({ id: 'p1', name: 'Ann' });
  });
});
