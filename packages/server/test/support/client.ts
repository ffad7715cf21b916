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

  private constructor(private readonly url: string) {}

  static async connect(url: string, name: string): Promise<TestClient> {
    const c = new TestClient(url);
    await c.open();
    const w = await c.request({ type: 'hello', name });
    if (w.type !== 'welcome') throw new Error(`hello refused: ${JSON.stringify(w)}`);
    c.token = w.token;
    c.playerId = w.player.id;
    return c;
  }

  private open(): Promise<void> {
    this.ws = new WebSocket(`${this.url.replace(/^http/, 'ws')}/ws`);
    this.ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as Msg;
      this.received.push(m);
      for (const w of this.waiters.slice()) {
        if (w.test(m)) { this.waiters.splice(this.waiters.indexOf(w), 1); w.resolve(m); }
      }
    });
    return new Promise((resolve, reject) => { this.ws.once('open', () => resolve()); this.ws.once('error', reject); });
  }

  async reconnect(): Promise<void> {
    this.ws.removeAllListeners('message');
    await this.open();
    const w = await this.request({ type: 'hello', token: this.token! });
    if (w.type !== 'welcome') throw new Error(`hello refused: ${JSON.stringify(w)}`);
  }

  sendRaw(text: string | Buffer): void { this.ws.send(text); }

  send(msg: ClientMessage): void { this.ws.send(JSON.stringify(msg)); }

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

  close(): void { this.ws.close(); }
}
