import type { GameSnapshot } from '@parlor/protocol';
import { type LogEntry, Store } from '../state/store.js';
import type { EngineChannel } from './channel.js';
import type { EnginePush, OfflineTiming } from './messages.js';
import { HUMAN, type OfflineRecord } from './record.js';

export interface SessionState {
  readonly record: OfflineRecord | null;
  /** The person's snapshot, as the table sent it. */
  readonly snapshot: GameSnapshot | null;
  /** Every event the person may see, with its move. */
  readonly log: readonly LogEntry[];
  /** Why the game cannot go on (a record the rules refuse, the worker or the storage failing). */
  readonly problem: { readonly code: string; readonly message: string } | null;
}

/**
 * Refusals that leave the game as it was and able to go on: a move decided on an older position
 * (the bots or the clock moved first), one the rules refuse, or one after the game ended.
 */
const PASSING = new Set(['STALE', 'NOT_RUNNING', 'GAME_OVER', 'NOT_YOUR_TURN', 'ILLEGAL_ACTION', 'MALFORMED_ACTION']);

const EMPTY: SessionState = { record: null, snapshot: null, log: [], problem: null };

/**
 * One offline game on the page. The game runs in the engine (the Web Worker, engine-host.ts),
 * which stores every move before it says anything of it; the session passes the person's moves
 * on, and takes what the engine pushes: the record as stored, and the table's `table` and `game`
 * messages, folded by the page's own reducer (state/store.ts) as a server's are.
 */
export class OfflineSession {
  private state: SessionState = EMPTY;
  private readonly listeners = new Set<() => void>();
  /** The table's messages, folded as online play folds a server's. */
  private readonly table = new Store();
  private readonly unlisten: () => void;
  private id: string | null = null;
  private closed = false;

  constructor(private readonly channel: EngineChannel, private timing: OfflineTiming) {
    this.unlisten = channel.listen((p) => this.take(p));
  }

  readonly get = (): SessionState => this.state;

  readonly subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** Opens a stored record (new, or to resume); true once the engine plays it. */
  async open(record: OfflineRecord): Promise<boolean> {
    this.id = record.id;
    this.state = { ...EMPTY, record };
    const reply = await this.channel.request({ type: 'open', record, timing: this.timing });
    if (this.closed) return false;
    if (reply.type !== 'opened') {
      this.set({ problem: reply.type === 'refused' ? { code: reply.code, message: reply.message } : { code: 'ENGINE_FAILED', message: '' } });
      return false;
    }
    return true;
  }

  /** The person's move; true once the engine played it and it is stored. */
  async act(action: unknown): Promise<boolean> {
    const { record, snapshot } = this.state;
    if (record === null || snapshot === null || this.closed) return false;
    const reply = await this.channel.request({ type: 'act', id: record.id, seq: snapshot.seq, seat: HUMAN, action });
    if (reply.type === 'played') return true;
    // A move decided on a position that has since changed is dropped; anything else stops the game.
    if (reply.type === 'refused' && !PASSING.has(reply.code) && !this.closed) this.set({ problem: { code: reply.code, message: reply.message } });
    return false;
  }

  /** The bots' thinking time from now on (the person chose another pace). */
  retime(timing: OfflineTiming): void {
    const was = this.timing;
    if (was.timerScale === timing.timerScale && was.botDelayMs[0] === timing.botDelayMs[0] && was.botDelayMs[1] === timing.botDelayMs[1]) return;
    this.timing = timing;
    if (this.id !== null && !this.closed) void this.channel.request({ type: 'timing', id: this.id, timing });
  }

  /** Stops the game's clock and bots (the page was left); resolves once the engine has. The record stays as stored. */
  close(): Promise<void> {
    this.closed = true;
    this.unlisten();
    this.listeners.clear();
    if (this.id === null) return Promise.resolve();
    return this.channel.request({ type: 'close', id: this.id }).then(() => undefined);
  }

  private take(p: EnginePush): void {
    if (this.closed || p.id !== this.id) return;
    switch (p.type) {
      case 'record': return this.set({ record: p.record, problem: null });
      case 'problem': return this.set({ problem: { code: p.code, message: p.message } });
      case 'message': {
        this.table.receive(p.msg);
        const t = this.table.get().tables[p.id];
        return this.set({ snapshot: t?.games[String(HUMAN)] ?? null, log: t?.log ?? [] });
      }
    }
  }

  private set(change: Partial<SessionState>): void {
    this.state = { ...this.state, ...change };
    for (const fn of this.listeners) fn();
  }
}
