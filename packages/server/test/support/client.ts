import type { ClientMessage, ServerMessage } from '@parlor/protocol';
import WebSocket from 'ws';

type Msg = ServerMessage;
/** A client message without its id (the client numbers requests itself). */
type Request = ClientMessage extends infer M ? (M extends ClientMessage ? Omit<M, 'id'> : never) : never;

/**
 * A test client: a WebSocket with request/reply by `id`, a log of every message received, and
 * waiting for a message matching a predicate. `reconnect()` opens a new socket and says hello again
 * with the same token (as a player coming back).
 */
export class TestClient {
  ws!: WebSocket;
  readonly received: Msg[] = [];
  token: string | null = null;
  playerId: string | null = null;
  private nextId = 1;
  private waiters: { test: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  private readonly listeners: ((m: Msg) => void)[] = [];
  private readonly reconnectListeners: (() => void)[] = [];
  private closing = false;
  private reconnecting = false;
  /** Whether the socket is open and hello was answered (auto-reconnecting clients). */
  connected = false;
  /** How many times an auto-reconnecting client came back after losing its connection. */
  reconnects = 0;

  /** `url`: where it connects, and reconnects (a test may point it at another server, as a load balancer would). */
  private constructor(public url: string, private readonly autoReconnect = false) {}

  /**
   * Opens a socket and says hello. With `autoReconnect`, a socket that closes (server killed) is
   * reopened with exponential backoff (50 ms … 1 s) and hello is said again with the same token;
   * `onReconnect` listeners then run (to watch the tables again).
   */
  static async connect(url: string, name: string, opts: { autoReconnect?: boolean } = {}): Promise<TestClient> {
    const c = new TestClient(url, opts.autoReconnect ?? false);
    await c.open();
    const w = await c.request({ type: 'hello', name });
    if (w.type !== 'welcome') throw new Error(`hello refused: ${JSON.stringify(w)}`);
    c.token = w.token;
    c.playerId = w.player.id;
    c.connected = true;
    return c;
  }

  /** A socket that has not said hello (for testing what is refused before it). */
  static async anonymous(url: string): Promise<TestClient> {
    const c = new TestClient(url);
    await c.open();
    return c;
  }

  /** Every message received from now on, as it arrives. */
  onMessage(fn: (m: Msg) => void): void { this.listeners.push(fn); }

  /** Runs after each automatic reconnection (the new hello answered). */
  onReconnect(fn: () => void): void { this.reconnectListeners.push(fn); }

  private open(): Promise<void> {
    this.ws = new WebSocket(`${this.url.replace(/^http/, 'ws')}/ws`);
    this.ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as Msg;
      this.received.push(m);
      for (const w of this.waiters.slice()) {
        if (w.test(m)) { this.waiters.splice(this.waiters.indexOf(w), 1); w.resolve(m); }
      }
      for (const l of this.listeners) l(m);
    });
    const ws = this.ws;
    ws.on('error', () => {}); // a refused or dropped connection shows as 'close'
    if (this.autoReconnect) ws.on('close', () => { if (ws === this.ws && !this.closing) void this.comeBack(); });
    return new Promise((resolve, reject) => { ws.once('open', () => resolve()); ws.once('close', () => reject(new Error('connection closed'))); });
  }

  /** Reopens the socket with backoff until the server answers hello again. */
  private async comeBack(): Promise<void> {
    if (this.reconnecting) return;
    this.reconnecting = true;
    this.connected = false;
    let wait = 50;
    while (!this.closing) {
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(1000, wait * 2);
      try {
        await this.open();
        const w = await this.request({ type: 'hello', token: this.token! }, 5_000);
        if (w.type !== 'welcome') throw new Error(`hello refused: ${JSON.stringify(w)}`);
        if (this.ws.readyState !== WebSocket.OPEN) continue;
        this.reconnecting = false;
        this.connected = true;
        this.reconnects++;
        for (const l of this.reconnectListeners) l();
        return;
      } catch {
        this.ws.terminate(); // not up yet, or dropped again: try later
      }
    }
    this.reconnecting = false;
  }

  async reconnect(): Promise<void> {
    this.ws.removeAllListeners('message');
    await this.open();
    const w = await this.request({ type: 'hello', token: this.token! });
    if (w.type !== 'welcome') throw new Error(`hello refused: ${JSON.stringify(w)}`);
  }

  sendRaw(text: string | Buffer, opts: { binary?: boolean } = {}): void { this.ws.send(text, { binary: opts.binary ?? typeof text !== 'string' }); }

  /** Sends `msg` (dropped silently while an auto-reconnecting client is away). */
  send(msg: ClientMessage): void { if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg)); }

  /** Sends `msg` with a fresh id and resolves with the reply to it. */
  request(msg: Request, timeoutMs = 10_000): Promise<Msg> {
    const id = this.nextId++;
    const reply = this.waitFor((m) => 're' in m && m.re === id, timeoutMs);
    this.send({ ...msg, id } as ClientMessage);
    return reply;
  }

  private cursor = 0;

  /**
   * The first message after the last one `next` returned that passes `test` — from those already
   * received, else the first to come.
   */
  async next(test: (m: Msg) => boolean, timeoutMs = 10_000): Promise<Msg> {
    for (; this.cursor < this.received.length; this.cursor++) {
      const m = this.received[this.cursor]!;
      if (test(m)) { this.cursor++; return m; }
    }
    const m = await this.waitFor(test, timeoutMs);
    this.cursor = this.received.lastIndexOf(m) + 1;
    return m;
  }

  waitFor(test: (m: Msg) => boolean, timeoutMs = 10_000): Promise<Msg> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting (${timeoutMs} ms)`)), timeoutMs);
      this.waiters.push({ test, resolve: (m) => { clearTimeout(timer); resolve(m); } });
    });
  }

  close(): void { this.closing = true; this.connected = false; this.ws.close(); }
}
