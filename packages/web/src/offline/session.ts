import type { GameSnapshot } from '@parlor/protocol';
import type { Seat } from '@parlor/rules';
import type { LogEntry } from '../state/store.js';
import type { EngineChannel } from './channel.js';
import type { EngineReply, EngineRequest, EngineUpdate } from './messages.js';
import { type OfflineRecord, withMove } from './record.js';

/** Where offline games are kept (IndexedDB in the browser, storage.ts; a map in tests). */
export interface GameStore {
  put(record: OfflineRecord): Promise<void>;
}

/** The session's sense of time: the clock, the bots' thinking time and the response window's length. */
export interface SessionClock {
  now(): number;
  /** How long a bot waits before it moves; in a response window `leftMs` is what is left of it. */
  botDelay(window: boolean, leftMs: number | null): number;
  /** A response window of `seconds` in milliseconds. */
  windowMs(seconds: number): number;
}

export interface SessionState {
  readonly record: OfflineRecord | null;
  /** The person's snapshot, with the clock's fields (deadline, waitingSince) filled in. */
  readonly snapshot: GameSnapshot | null;
  /** Every event the person may see, with its move. */
  readonly log: readonly LogEntry[];
  /** Why the game cannot go on (a record the rules refuse, the worker or the storage failing). */
  readonly problem: { readonly code: string; readonly message: string } | null;
}

/** Refusals that leave the game as it was and able to go on: a move decided on an older position, or one the rules refuse. */
const PASSING = new Set(['STALE', 'GAME_OVER', 'NOT_YOUR_TURN', 'ILLEGAL_ACTION', 'MALFORMED_ACTION']);

const EMPTY: SessionState = { record: null, snapshot: null, log: [], problem: null };

/**
 * One offline game on the page: the server's table and move scheduler in small. The engine (the
 * Web Worker) plays every move; the session keeps the record, stores each move before anyone sees
 * it (as the server stores an action before it broadcasts it), and schedules who moves next —
 * the bots after a human-like moment, the response window's clock (a seat still silent when it
 * closes gives the game's answer for silence, SF-14), and the person whenever the game asks them.
 */
export class OfflineSession {
  private state: SessionState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Answers are taken one at a time, in the order the engine gave them. */
  private queue: Promise<void> = Promise.resolve();
  private windowOpened: number | null = null;
  private waitingSince: number | null = null;
  private closed = false;

  constructor(private readonly channel: EngineChannel, private readonly store: GameStore, private readonly clock: SessionClock) {}

  readonly get = (): SessionState => this.state;

  readonly subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** Opens a stored record (new, or to resume): its moves are folded again in the engine, then play goes on. */
  async open(record: OfflineRecord): Promise<boolean> {
    this.clearTimers();
    this.state = { ...EMPTY, record };
    this.windowOpened = null;
    const reply = await this.channel.request({ type: 'open', record });
    if (this.closed) return false;
    if (reply.type !== 'update') {
      this.set({ problem: reply.type === 'refused' ? { code: reply.code, message: reply.message } : { code: 'ENGINE_FAILED', message: '' } });
      return false;
    }
    let rec = record;
    // Over, but not recorded as such (the page closed between the last move and its end being stored).
    if (reply.end !== null && rec.finishedAt === null) {
      rec = { ...rec, outcome: reply.end.outcome, stats: reply.end.stats, finishedAt: new Date(this.clock.now()).toISOString() };
      if (!await this.save(rec)) return false;
    }
    this.waitingSince = this.clock.now();
    this.show(rec, reply, reply.log);
    return true;
  }

  /** The person's move; true once the engine played it and it is stored. */
  async act(action: unknown): Promise<boolean> {
    const { record, snapshot } = this.state;
    if (record === null || snapshot === null || this.closed) return false;
    return this.send({ type: 'act', id: record.id, seq: snapshot.seq, action });
  }

  /** Stops the clock and the bots (the page was left); the record stays as stored. */
  close(): void {
    this.closed = true;
    this.clearTimers();
    this.listeners.clear();
  }

  /** Sends a move to the engine and, when played, takes its answer in turn. */
  private async send(req: Extract<EngineRequest, { seq: number }>): Promise<boolean> {
    const reply = await this.channel.request(req);
    const taken = this.queue.then(() => this.take(reply));
    this.queue = taken.then(() => undefined, () => undefined);
    return taken;
  }

  private async take(reply: EngineReply): Promise<boolean> {
    const record = this.state.record;
    if (this.closed || record === null) return false;
    if (reply.type === 'refused') {
      // A move decided on a position that has since changed is dropped; anything else stops the game.
      if (!PASSING.has(reply.code)) {
        this.set({ problem: { code: reply.code, message: reply.message } });
      }
      return false;
    }
    if (reply.type !== 'update' || reply.id !== record.id || reply.move === null) return false;
    const now = this.clock.now();
    const next = withMove(record, reply.move, reply.end, new Date(now));
    if (!await this.save(next)) return false;
    this.waitingSince = now;
    this.show(next, reply, [...this.state.log, ...reply.log]);
    return true;
  }

  private async save(record: OfflineRecord): Promise<boolean> {
    try {
      await this.store.put(record);
      return true;
    } catch (e) {
      this.clearTimers();
      this.set({ problem: { code: 'STORAGE', message: e instanceof Error ? e.message : String(e) } });
      return false;
    }
  }

  /** Shows the game after a move and schedules what comes next. */
  private show(record: OfflineRecord, u: EngineUpdate, log: readonly LogEntry[]): void {
    this.clearTimers();
    const now = this.clock.now();
    this.windowOpened = u.window ? this.windowOpened ?? now : null;
    const ends = this.windowOpened === null ? null : this.windowOpened + this.clock.windowMs(record.windowSeconds ?? 0);
    const over = u.end !== null;
    const snapshot: GameSnapshot = { ...u.snapshot, deadline: over ? null : ends, waitingSince: over ? null : this.waitingSince };
    this.set({ record, snapshot, log, problem: null });
    if (over || this.closed) return;
    const seq = snapshot.seq;
    for (const seat of u.bots) {
      this.later(this.clock.botDelay(u.window, ends === null ? null : ends - now), () => this.send({ type: 'bot', id: record.id, seq, seat }));
    }
    if (ends !== null) {
      // The window closes: the first seat still silent answers for silence; the next update closes it for the next one.
      const seat: Seat | undefined = snapshot.waitingFor[0];
      if (seat !== undefined) this.later(Math.max(0, ends - now), () => this.send({ type: 'silence', id: record.id, seq, seat }));
    }
  }

  private later(ms: number, fn: () => Promise<unknown>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) void fn();
    }, ms);
    this.timers.add(timer);
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private set(change: Partial<SessionState>): void {
    this.state = { ...this.state, ...change };
    for (const fn of this.listeners) fn();
  }
}
