import type { GameSnapshot, ServerMessage } from '@parlor/protocol';
import { createRng } from '@parlor/rules';
import type { TestClient } from './client.js';

type Game = Extract<ServerMessage, { type: 'game' }>;

/** An action the server acknowledged (`ok`): it is in the log at `seq`. */
export interface Acked { readonly tableId: string; readonly seat: number; readonly seq: number; readonly action: unknown }

/**
 * Plays every seat a client holds: whenever a game message asks one of its seats to act, it sends a
 * random legal action after a short random pause. It re-watches its tables after the client
 * reconnects, and remembers what it saw (every game message) and what the server acknowledged.
 */
export class AutoPlayer {
  readonly tables = new Set<string>();
  readonly acked: Acked[] = [];
  /** The game messages for its seats, in arrival order. */
  readonly seen: Game[] = [];
  /** The last outcome seen per table (null while running). */
  readonly outcome = new Map<string, GameSnapshot['outcome']>();
  private readonly pending = new Map<string, Omit<Acked, 'seq'> & { seq: number }>();
  private readonly sent = new Set<string>();
  private readonly rng;
  private n = 0;
  stopped = false;
  /** The latest question per table/seat and when it was last answered, for the watchdog. */
  private readonly asked = new Map<string, { m: Game; sentAt: number }>();
  private readonly watchdog: NodeJS.Timeout;

  /**
   * Questions it leaves unanswered (a test plays those itself, or lets the clock run). A question
   * held and then let go is answered by the watchdog within a quarter of a second, if still current.
   */
  hold: (m: Game) => boolean = () => false;

  constructor(readonly client: TestClient, seed: string, private readonly pauseMs = 15) {
    this.rng = createRng(seed);
    client.onMessage((m) => this.onMessage(m));
    // A refusal without `re` (RATE_LIMITED) or a message lost with a dying server leaves a question
    // unanswered: answer it again if nothing newer came within a while.
    this.watchdog = setInterval(() => {
      const now = Date.now();
      for (const [key, q] of this.asked) {
        if (this.stopped || !this.client.connected || now - q.sentAt < 700 || this.hold(q.m)) continue;
        if (this.seqAt(q.m.tableId) > q.m.seq) { this.asked.delete(key); continue; }
        q.sentAt = now;
        this.answer(q.m);
      }
    }, 250);
    client.onReconnect(() => {
      this.sent.clear(); // an action lost with the old server is sent again
      for (const tableId of this.tables) client.send({ type: 'table.watch', tableId });
    });
  }

  /** Highest seq seen at a table (any seat). */
  seqAt(tableId: string): number {
    let best = -1;
    for (const m of this.seen) if (m.tableId === tableId && m.seq > best) best = m.seq;
    return best;
  }

  private onMessage(m: ServerMessage): void {
    if (m.type === 'ok' && typeof m.re === 'string' && this.pending.has(m.re)) {
      this.acked.push(this.pending.get(m.re)!);
      this.pending.delete(m.re);
      return;
    }
    if (m.type === 'error' && typeof m.re === 'string') { this.pending.delete(m.re); return; }
    if (m.type !== 'game' || m.seat === null || !this.tables.has(m.tableId)) return;
    this.seen.push(m);
    this.outcome.set(m.tableId, m.outcome);
    if (this.stopped || m.outcome !== null || m.legal.length === 0) return;
    // A held question is remembered as never answered: the watchdog answers it once it is no longer held.
    if (this.hold(m)) { this.asked.set(`${m.tableId}/${m.seat}`, { m, sentAt: 0 }); return; }
    const key = `${m.tableId}/${m.seat}/${m.seq}`;
    if (this.sent.has(key)) return;
    this.sent.add(key);
    this.asked.set(`${m.tableId}/${m.seat}`, { m, sentAt: Date.now() });
    this.answer(m);
  }

  private answer(m: Game): void {
    const action = m.legal[Math.floor(this.rng.float() * m.legal.length)]!;
    const id = `auto-${this.n++}`;
    const pause = Math.floor(this.rng.float() * this.pauseMs);
    setTimeout(() => {
      if (this.stopped) return;
      this.pending.set(id, { tableId: m.tableId, seat: m.seat!, seq: m.seq, action });
      this.client.send({ type: 'action', id, tableId: m.tableId, seat: m.seat!, seq: m.seq, action });
    }, pause);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.watchdog);
  }
}
