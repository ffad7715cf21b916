import type { ClientMessage, ServerMessage } from '@parlor/protocol';

type Request = ClientMessage extends infer M ? (M extends ClientMessage ? Omit<M, 'id'> : never) : never;
export type ConnectionState = 'connecting' | 'open' | 'closed';

const TOKEN_KEY = 'parlor.token';
const NAME_KEY = 'parlor.name';

/**
 * The browser's one WebSocket to the server: says hello with the token kept in localStorage (so a
 * reload or a dropped connection puts the player back in their seats), reconnects with backoff, and
 * matches replies to requests by id.
 */
export class ParlorClient {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, (m: ServerMessage) => void>();
  private readonly listeners = new Set<(m: ServerMessage) => void>();
  private readonly stateListeners = new Set<(s: ConnectionState) => void>();
  private retry = 0;
  private wanted = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Sent again after every reconnect (lobby and table subscriptions). */
  private readonly resubscribe = new Map<string, Request>();
  state: ConnectionState = 'closed';

  constructor(private readonly url: string = defaultUrl()) {}

  get token(): string | null { return localStorage.getItem(TOKEN_KEY); }
  get savedName(): string { return localStorage.getItem(NAME_KEY) ?? ''; }

  onMessage(fn: (m: ServerMessage) => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }
  onState(fn: (s: ConnectionState) => void): () => void { this.stateListeners.add(fn); return () => this.stateListeners.delete(fn); }

  /** Opens the connection; `name` is needed the first time (no token yet). */
  start(name?: string): void {
    if (name !== undefined) localStorage.setItem(NAME_KEY, name);
    this.wanted = true;
    this.open();
  }

  private setState(s: ConnectionState): void {
    this.state = s;
    for (const fn of this.stateListeners) fn(s);
  }

  private open(): void {
    this.setState('connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      const token = this.token;
      const hello: Request = token ? { type: 'hello', token } : { type: 'hello', name: this.savedName };
      void this.request(hello).then((m) => {
        if (m.type === 'welcome') {
          localStorage.setItem(TOKEN_KEY, m.token);
          localStorage.setItem(NAME_KEY, m.player.name);
          this.setState('open');
          for (const r of this.resubscribe.values()) void this.request(r);
        } else if (m.type === 'error' && m.code === 'BAD_TOKEN') {
          localStorage.removeItem(TOKEN_KEY); // a server reset: start afresh with the saved name
          ws.close();
        }
      });
    };
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as ServerMessage;
      if ('re' in m && typeof m.re === 'number') {
        const resolve = this.pending.get(m.re);
        this.pending.delete(m.re);
        resolve?.(m);
      }
      for (const fn of this.listeners) fn(m);
    };
    ws.onclose = () => {
      this.ws = null;
      this.setState('closed');
      for (const resolve of this.pending.values()) resolve({ type: 'error', code: 'DISCONNECTED', message: 'The connection was lost.' });
      this.pending.clear();
      if (!this.wanted) return;
      const delay = Math.min(10_000, 300 * 2 ** this.retry++) * (0.75 + Math.random() / 2);
      this.timer = setTimeout(() => { this.timer = null; this.open(); }, delay);
    };
  }

  /** Sends a message and resolves with the server's reply to it. */
  request(msg: Request): Promise<ServerMessage> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (this.ws === null || this.ws.readyState !== WebSocket.OPEN) {
        resolve({ type: 'error', code: 'DISCONNECTED', message: 'Not connected.' });
        return;
      }
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  /** Like request, and sent again after each reconnect while `key` is kept. */
  subscribe(key: string, msg: Request): Promise<ServerMessage> {
    this.resubscribe.set(key, msg);
    return this.request(msg);
  }

  unsubscribe(key: string): void { this.resubscribe.delete(key); }

  stop(): void {
    this.wanted = false;
    this.ws?.close();
  }

  /**
   * Keeps `token` (one from signing in, docs/api.md) and says hello with it on a fresh connection at
   * once; without a token, says hello again with the one kept (a guest who just claimed their name:
   * the new welcome says `account`). Table and lobby watches are sent again after the welcome.
   */
  signIn(token?: string): void {
    if (token !== undefined) localStorage.setItem(TOKEN_KEY, token);
    if (this.timer !== null) { clearTimeout(this.timer); this.timer = null; }
    const old = this.ws;
    if (old !== null) {
      old.onclose = null;
      old.onmessage = null;
      old.close();
      this.ws = null;
      for (const resolve of this.pending.values()) resolve({ type: 'error', code: 'DISCONNECTED', message: 'The connection was lost.' });
      this.pending.clear();
    }
    this.wanted = true;
    this.retry = 0;
    this.open();
  }

  /** Signed out (or the account deleted): the connection closes and the token and name are forgotten — a new guest next time. */
  signOut(): void {
    if (this.timer !== null) { clearTimeout(this.timer); this.timer = null; }
    this.stop();
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(NAME_KEY);
  }
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}
