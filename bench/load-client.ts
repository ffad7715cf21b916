/**
 * The load benchmark's client side (bench/server.ts, bench/arena.ts): one level's counters, the
 * bench client (one WebSocket, one player, one seat at a time) and a table's run with its stall watch.
 */
import type { ClientMessage, GameSnapshot, ServerMessage } from '@parlor/protocol';
import WebSocket from 'ws';

export type Request = ClientMessage extends infer M ? (M extends ClientMessage ? Omit<M, 'id'> : never) : never;

export const GAMES = ['flip-7', 'stir-fry-eighteen'] as const;
/** An action slower than this is noted with its time (where the slow moves of a level cluster). */
export const SLOW_MS = 250;

// ---- one level's figures ------------------------------------------------------------------

export class Stats {
  measuring = false;
  stopping = false;
  actions = 0;
  latencies: number[] = [];
  /** When the measured actions slower than SLOW_MS were sent (performance.now()). */
  slowSent: number[] = [];
  /** Error messages by code (refusals that are not taste-test races), socket errors, closes, stalls. */
  errors = new Map<string, number>();
  races = 0;
  /** Accepted actions whose update never arrived before the `ok` (should stay 0). */
  noUpdate = 0;
  games = 0;
  messages = 0;
  /** Messages handled without parsing them (snapshots for a seat not asked, game not over). */
  fastPath = 0;
  /** `game` messages among them (every snapshot, parsed or not). */
  gameMessages = 0;
  bytes = 0;
  error(kind: string): void { this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1); }
  errorCount(): number { let n = 0; for (const v of this.errors.values()) n += v; return n; }
}

export const think = (range: readonly [number, number]) => range[0] + Math.random() * (range[1] - range[0]);

export const FAST_FIELDS = ['type', 'gameNo', 'seq', 'seat', 'legal', 'outcome'] as const;

/**
 * The raw text of some top-level fields of a JSON object (`"game"`, `12`, `[]`, `null`…), found
 * without parsing it: one pass that records the values of the wanted keys of the outermost object
 * and skips strings and nested values. Null when the text is not an object.
 */
export function topLevelFields<K extends string>(text: string, keys: readonly K[]): Partial<Record<K, string>> | null {
  if (text.charCodeAt(0) !== 123 /* { */) return null;
  const out: Partial<Record<K, string>> = {};
  const n = text.length;
  /** The index just past the string starting at `i` (a quote). */
  const skipString = (i: number): number => {
    for (i++; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 92 /* backslash */) i++;
      else if (c === 34 /* " */) return i + 1;
    }
    return n;
  };
  let i = 1;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c === 44 /* , */ || c === 32 || c === 10 || c === 13 || c === 9) { i++; continue; }
    if (c === 125 /* } */) return out;
    if (c !== 34) return null;
    const keyEnd = skipString(i);
    const key = text.slice(i + 1, keyEnd - 1);
    i = keyEnd;
    while (i < n && text.charCodeAt(i) !== 58 /* : */) i++;
    i++;
    while (i < n && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13 || text.charCodeAt(i) === 9)) i++;
    const start = i;
    c = text.charCodeAt(i);
    if (c === 34) i = skipString(i);
    else if (c === 123 || c === 91 /* { [ */) {
      let depth = 0;
      for (; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 34) { i = skipString(i) - 1; continue; }
        if (d === 123 || d === 91) depth++;
        else if ((d === 125 || d === 93) && --depth === 0) { i++; break; }
      }
    } else {
      while (i < n) { const d = text.charCodeAt(i); if (d === 44 || d === 125) break; i++; }
    }
    if ((keys as readonly string[]).includes(key)) out[key as K] = text.slice(start, i).trim();
  }
  return null;
}

// ---- a bench client: one WebSocket, one player, one seat ----------------------------------

interface Pending { readonly window: boolean; readonly measured: boolean; readonly sentAt: number; latency: number | null }

export class Player {
  private ws!: WebSocket;
  protected nextId = 1;
  private readonly replies = new Map<number, { resolve: (m: ServerMessage) => void; timer: NodeJS.Timeout }>();
  /** Actions sent and not yet answered by `ok` / `error`, by id. */
  private readonly pending = new Map<number, Pending>();
  /** The action sent and not yet seen applied (no newer snapshot yet): no other is sent meanwhile. */
  protected inflight: { id: number; gameNo: number; seq: number } | null = null;
  protected latest: GameSnapshot | null = null;
  protected timer: NodeJS.Timeout | null = null;
  private againFor = 0;
  table: TableRun | null = null;
  seat = -1;

  constructor(protected readonly stats: Stats, protected readonly thinkMs: readonly [number, number]) {}

  /** Connects and says hello: as a new guest of that name, or with a token (an account's). Resolves to the welcome. */
  async connect(url: string, who: string | { readonly token: string }): Promise<Extract<ServerMessage, { type: 'welcome' }>> {
    this.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { perMessageDeflate: false });
    this.ws.on('message', (data: Buffer) => {
      this.stats.messages++;
      this.stats.bytes += data.length;
      const text = data.toString('utf8');
      // Most updates are for a seat that is not asked (`"legal":[]`, game not over): the client has
      // nothing to do but note the progress, so it skips parsing the whole snapshot (keeps the bench
      // process cheap, so that it measures the server rather than itself). The fields are found by
      // a scan of the top level that skips nested values, so a view's own "outcome" or an event's
      // "seat" is never taken for the snapshot's, whatever the order of its fields.
      const f = topLevelFields(text, FAST_FIELDS);
      if (f?.type === '"game"') this.stats.gameMessages++;
      if (f !== null && f.type === '"game"' && f.legal === '[]' && f.outcome === 'null' &&
          f.gameNo !== undefined && f.seq !== undefined && f.seat !== undefined) {
        this.stats.fastPath++;
        return this.update(Number(f.gameNo), Number(f.seq), Number(f.seat));
      }
      this.receive(JSON.parse(text) as ServerMessage);
    });
    this.ws.on('error', () => { if (!this.stats.stopping) this.stats.error('socket error'); });
    this.ws.on('close', () => { if (!this.stats.stopping) this.stats.error('socket closed'); });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => { this.ws.terminate(); reject(new Error('no WebSocket connection in 60 s')); }, 60_000);
      this.ws.once('open', () => { clearTimeout(timer); resolve(); });
      this.ws.once('error', (e) => { clearTimeout(timer); reject(e); });
    });
    const w = await this.request(typeof who === 'string' ? { type: 'hello', name: who } : { type: 'hello', token: who.token });
    if (w.type !== 'welcome') throw new Error(`hello refused: ${JSON.stringify(w)}`);
    return w;
  }

  request(msg: Request, timeoutMs = 60_000): Promise<ServerMessage> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { this.replies.delete(id); reject(new Error(`no reply to ${msg.type} in ${timeoutMs} ms`)); }, timeoutMs);
      this.replies.set(id, { resolve, timer });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  /** Sends a message that needs no answer (its reply, if any, is dropped unread). */
  send(msg: Request): void {
    this.ws.send(JSON.stringify({ ...msg, id: this.nextId++ }));
  }

  /** Forgets the game played so far (the player moves to another table). */
  protected reset(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.inflight = null;
    this.latest = null;
  }

  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const r of this.replies.values()) clearTimeout(r.timer);
    this.ws.terminate();
  }

  /** A snapshot in which this seat is not asked: the game moved on, nothing to answer. */
  private update(gameNo: number, seq: number, seat: number): void {
    if (seat !== this.seat) return;
    this.moved(gameNo, seq);
    if (this.latest !== null) this.latest = { ...this.latest, gameNo, seq, legal: [], outcome: null };
  }

  /** A snapshot (gameNo, seq) arrived: the action in flight, if older, has its update. */
  private moved(gameNo: number, seq: number): void {
    const now = performance.now();
    const f = this.inflight;
    if (f !== null && (gameNo > f.gameNo || (gameNo === f.gameNo && seq > f.seq))) {
      const p = this.pending.get(f.id);
      if (p !== undefined && p.latency === null) p.latency = now - p.sentAt;
      this.inflight = null;
    }
    if (this.table !== null) this.table.lastProgress = now;
  }

  private receive(m: ServerMessage): void {
    if ('re' in m && typeof m.re === 'number') {
      const r = this.replies.get(m.re);
      if (r !== undefined) { this.replies.delete(m.re); clearTimeout(r.timer); r.resolve(m); return; }
      const p = this.pending.get(m.re);
      if (p !== undefined) {
        this.pending.delete(m.re);
        if (m.type === 'ok') {
          if (p.latency === null) this.stats.noUpdate++;
          else if (p.measured && this.stats.measuring) {
            this.stats.actions++;
            this.stats.latencies.push(p.latency);
            if (p.latency > SLOW_MS) this.stats.slowSent.push(p.sentAt);
          }
        } else if (m.type === 'error') {
          if ((m.code === 'STALE' || m.code === 'NOT_RUNNING') && p.window) this.stats.races++;
          else this.stats.error(`error ${m.code}`);
          if (this.inflight?.id === m.re) { this.inflight = null; this.maybeThink(); }
        }
        return;
      }
    }
    if (m.type === 'error') { if (!this.stats.stopping) this.stats.error(`error ${m.code}`); return; }
    if (m.type !== 'game') { this.other(m); return; }
    if (!this.mine(m)) return;
    this.moved(m.gameNo, m.seq);
    this.latest = m;
    if (m.outcome !== null) { this.gameOver(m); return; }
    this.maybeThink();
  }

  /** A message that is neither a reply nor a game update. */
  protected other(_m: ServerMessage): void {}

  /** Whether a (fully read) game update is this seat's. */
  protected mine(m: GameSnapshot): boolean {
    return m.seat === this.seat;
  }

  /** This seat's update with the game's outcome. */
  protected gameOver(m: GameSnapshot): void {
    // The creator starts the next game after a moment (the same seats play again).
    if (this.seat !== 0 || this.againFor >= m.gameNo) return;
    this.againFor = m.gameNo;
    if (this.stats.measuring) this.stats.games++;
    setTimeout(() => {
      if (this.stats.stopping) return;
      this.request({ type: 'table.again', tableId: this.table!.id })
        .then((r) => { if (r.type === 'error') this.stats.error(`again ${r.code}`); })
        .catch(() => { if (!this.stats.stopping) this.stats.error('again: no reply'); });
    }, think(this.thinkMs));
  }

  protected maybeThink(): void {
    if (this.timer !== null || this.inflight !== null || this.latest === null || this.latest.legal.length === 0) return;
    this.timer = setTimeout(() => this.act(), think(this.thinkMs));
  }

  /** Plays a random legal action from the newest snapshot (a think time may have let it move on). */
  private act(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const s = this.latest;
    if (this.stats.stopping || s === null || s.legal.length === 0 || this.inflight !== null || s.outcome !== null) return;
    const action = s.legal[Math.floor(Math.random() * s.legal.length)];
    const id = this.nextId++;
    this.inflight = { id, gameNo: s.gameNo, seq: s.seq };
    this.pending.set(id, { window: s.waitingFor.length > 1, measured: this.stats.measuring, sentAt: performance.now(), latency: null });
    this.ws.send(JSON.stringify({ type: 'action', id, tableId: s.tableId, seat: this.seat, seq: s.seq, action } satisfies ClientMessage));
  }
}

// ---- a table: its four clients, stall watch -------------------------------------------------

export class TableRun {
  id = '';
  lastProgress = performance.now();
  /** Counted as stalled (once, until it moves again). */
  stalled = false;
  constructor(readonly game: (typeof GAMES)[number], readonly players: Player[]) {}
}
