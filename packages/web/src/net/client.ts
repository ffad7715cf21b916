import type { ClientMessage, ServerMessage } from '@parlor/protocol';

type Request = ClientMessage extends infer M ? (M extends ClientMessage ? Omit<M, 'id'> : never) : never;
export type ConnectionState = 'connecting' | 'open' | 'closed';

const TOKEN_KEY = 'parlor.token';
const NAME_KEY = 'parlor.name';

/**
 * How a message refused with TRY_AGAIN is sent again (docs/protocol.md, "Errors": a cluster moving
 * the table between processes; nothing was changed). The n-th resend waits `firstMs · 2^(n-1)`, at
 * most `maxMs`, times a jitter of 0.5 to 1.5 (so that the players of one table do not all come back
 * at once); after `tries` resends the refusal is the answer.
 */
export interface RetryPolicy {
  readonly firstMs: number;
  readonly maxMs: number;
  readonly tries: number;
}

/** 200 ms doubling to 3 s, five resends: about 6 s in all, longer than a table takes to move. */
export const TRY_AGAIN_RETRY: RetryPolicy = { firstMs: 200, maxMs: 3000, tries: 5 };

/** The wait before the `n`-th resend (1, 2, …), given a random number in [0, 1). */
export function retryDelay(policy: RetryPolicy, n: number, random: number): number {
  return Math.min(policy.maxMs, policy.firstMs * 2 ** (n - 1)) * (0.5 + random);
}

/** A request waiting for its reply: what was sent (to send again) and how many times it was resent. */
interface Pending {
  readonly msg: Request;
  readonly resolve: (m: ServerMessage) => void;
  resends: number;
}

const DISCONNECTED = (message: string): ServerMessage => ({ type: 'error', code: 'DISCONNECTED', message });

/**
 * The browser's one WebSocket to the server: says hello with the token kept in localStorage (so a
 * reload or a dropped connection puts the player back in their seats), reconnects with backoff, and
 * matches replies to requests by id. A request refused with TRY_AGAIN is sent again, unchanged (an
 * action keeps its seq, so it can never be played twice), after a short wait: the player hears of
 * the refusal only if it still comes after every resend.
 */
/** Refusals of a hello that the same hello would get again: only the person can change it. */
const HELLO_FINAL: ReadonlySet<string> = new Set(['NAME_TAKEN', 'NAME_LOOKALIKE', 'BAD_NAME', 'TOO_MANY_GUESTS', 'BAD_MESSAGE']);
/**
 * The session is over (docs/protocol.md, "Errors"): expired unused, or ended by a sign-out, a
 * password change or the account's deletion. The token is forgotten and nothing reconnects: the
 * person signs in again (the first screen opens its sign-in form, saying why).
 */
export const SESSION_OVER: ReadonlySet<string> = new Set(['SESSION_EXPIRED', 'SESSION_ENDED']);

export class ParlorClient {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Requests waiting to be sent again, each with its timer. */
  private readonly resending = new Map<ReturnType<typeof setTimeout>, Pending>();
  private readonly listeners = new Set<(m: ServerMessage) => void>();
  private readonly stateListeners = new Set<(s: ConnectionState) => void>();
  private retry = 0;
  private wanted = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Sent again after every reconnect (lobby and table subscriptions). */
  private readonly resubscribe = new Map<string, Request>();
  state: ConnectionState = 'closed';

  constructor(private readonly url: string = defaultUrl(), private readonly retryPolicy: RetryPolicy = TRY_AGAIN_RETRY) {}

  get token(): string | null { return localStorage.getItem(TOKEN_KEY); }
  get savedName(): string { return localStorage.getItem(NAME_KEY) ?? ''; }

  onMessage(fn: (m: ServerMessage) => void): () => void { this.listeners.add(fn); return () => this.listeners.delete(fn); }
  onState(fn: (s: ConnectionState) => void): () => void { this.stateListeners.add(fn); return () => this.stateListeners.delete(fn); }

  /** Opens the connection; `name` is needed the first time (no token yet). */
  start(name?: string): void {
    if (name !== undefined) localStorage.setItem(NAME_KEY, name);
    // A connection already there (its hello refused: a name an account holds, too many guests) is
    // replaced by a fresh one that says hello with this name; it would otherwise stay open unused.
    if (this.ws !== null || this.timer !== null) { this.reconnectNow(); return; }
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
        } else if (m.type === 'error' && SESSION_OVER.has(m.code)) {
          ws.close(); // the token was forgotten as the message came in (onmessage)
        } else if (m.type === 'error' && m.code === 'BAD_TOKEN') {
          localStorage.removeItem(TOKEN_KEY); // a server reset: start afresh with the saved name
          ws.close();
        } else if (m.type === 'error' && m.code !== 'DISCONNECTED' && this.ws === ws) {
          // Refused for good (a name an account holds, a name that will not do, too many guests):
          // nothing reconnects on its own — the player's next start or sign-in does. Any other
          // refusal (the database unreachable a moment, a rate limit) is the server's passing state:
          // closed, and tried again after the usual wait.
          if (HELLO_FINAL.has(m.code)) this.wanted = false;
          ws.close();
        }
      });
    };
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as ServerMessage;
      if (m.type === 'error' && SESSION_OVER.has(m.code)) {
        localStorage.removeItem(TOKEN_KEY);
        this.wanted = false;
      }
      if ('re' in m && typeof m.re === 'number') {
        const p = this.pending.get(m.re);
        this.pending.delete(m.re);
        if (p !== undefined && m.type === 'error' && m.code === 'TRY_AGAIN' && p.resends < this.retryPolicy.tries) {
          // Nothing was changed: the same message goes again shortly, and nobody hears of this refusal.
          this.resendLater(p);
          return;
        }
        p?.resolve(m);
      }
      for (const fn of this.listeners) fn(m);
    };
    ws.onclose = () => {
      this.ws = null;
      this.setState('closed');
      this.dropPending('The connection was lost.');
      if (!this.wanted) return;
      const delay = Math.min(10_000, 300 * 2 ** this.retry++) * (0.75 + Math.random() / 2);
      this.timer = setTimeout(() => { this.timer = null; this.open(); }, delay);
    };
  }

  /**
   * Sends a message and resolves with the server's reply to it. A TRY_AGAIN refusal is not a reply:
   * the message is sent again (RetryPolicy), and only the last refusal, if every resend gets one,
   * resolves the request and reaches the listeners.
   */
  request(msg: Request): Promise<ServerMessage> {
    return new Promise((resolve) => this.send({ msg, resolve, resends: 0 }));
  }

  /** Sends a request under a new id (each attempt's reply is matched to it alone). */
  private send(p: Pending): void {
    if (this.ws === null || this.ws.readyState !== WebSocket.OPEN) {
      p.resolve(DISCONNECTED('Not connected.'));
      return;
    }
    const id = this.nextId++;
    this.pending.set(id, p);
    this.ws.send(JSON.stringify({ ...p.msg, id }));
  }

  private resendLater(p: Pending): void {
    p.resends++;
    const timer = setTimeout(() => {
      this.resending.delete(timer);
      this.send(p);
    }, retryDelay(this.retryPolicy, p.resends, Math.random()));
    this.resending.set(timer, p);
  }

  /** The connection is gone: every request waiting for a reply, or to be sent again, is answered DISCONNECTED. */
  private dropPending(message: string): void {
    const waiting = [...this.pending.values(), ...this.resending.values()];
    for (const timer of this.resending.keys()) clearTimeout(timer);
    this.pending.clear();
    this.resending.clear();
    for (const p of waiting) p.resolve(DISCONNECTED(message));
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
    this.reconnectNow();
  }

  /** Closes the connection there is (its requests answered DISCONNECTED) and opens a fresh one at once. */
  private reconnectNow(): void {
    if (this.timer !== null) { clearTimeout(this.timer); this.timer = null; }
    const old = this.ws;
    if (old !== null) {
      old.onclose = null;
      old.onmessage = null;
      old.close();
      this.ws = null;
      this.dropPending('The connection was lost.');
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
