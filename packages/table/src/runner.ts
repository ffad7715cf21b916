import type { Mover, ServerMessage } from '@parlor/protocol';
import type { BotAnswer, BotPool } from './bot-pool.js';
import type { BotAsk, Effect, Refusal, Write } from './effect.js';
import type { TableInput } from './input.js';
import type { TableState } from './state.js';
import { step } from './step.js';

/**
 * What a table's runner needs from the shell around it (the server, or the offline page): a clock,
 * a store, a way to reach watchers, and word of what happened. The runner itself does no I/O.
 */
export interface TablePorts {
  now(): number;
  /** Calls `fn` after `ms` on the shell's clock; the function returned cancels it. */
  after(ms: number, fn: () => void): () => void;
  /**
   * Stores one write. Resolves false when the store already has that action (nothing written);
   * rejects when it could not write (nothing written).
   */
  write(w: Write): Promise<boolean>;
  /** The table as the store has it now, rebuilt: after a failure part-way through a step's writes. */
  reload(): Promise<TableState>;
  send(to: readonly string[], msg: ServerMessage): void;
  /** The seats or status changed (the lobby), or the table closed (it leaves memory). */
  changed(state: TableState): void;
  closed(state: TableState): void;
  played(by: Mover): void;
  log(level: 'warn' | 'error', msg: string, fields: Readonly<Record<string, unknown>>): void;
  /** A step was stored and taken: the table before and after it, and its input (for what the shell tells people away from it, notices.ts). */
  stepped?(before: TableState, after: TableState, input: TableInput): void;
  /**
   * A timed step (a timer, a bot's answer) could not be stored: 'retry' it later with backoff, or
   * 'stop' (the table is no longer this shell's to write).
   */
  failed(e: unknown): 'retry' | 'stop';
}

/** Retries of a timed step that could not be stored wait this long at first, doubling up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 30_000;

/** The store already had the action: nothing was played (the sender moved on a position that has gone). */
export const ALREADY_PLAYED: Refusal = { code: 'STALE', message: 'That move was already played.' };

/**
 * One table, run: every input goes through `step` one at a time, in order; a step's writes are
 * stored before its new state is taken and before anyone hears of it; its timers are armed on the
 * shell's clock and its questions put to the bots, whose answers come back as inputs. A timed step
 * the store could not record is tried again with backoff, so no table stalls on a passing fault.
 */
export class TableRunner {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly armed = new Map<string, () => void>();
  private retryMs = 0;
  private retry: (() => void) | null = null;
  /** Timed inputs the store could not record, in the order they failed: fed again together when the backoff's wait is over. */
  private readonly pending: TableInput[] = [];
  /** How many of them the last retry fed that have not yet gone through or failed again. */
  private refeeding = 0;
  private retrying: number | null = null;
  private writing: number | null = null;
  private stopped = false;

  constructor(public state: TableState, private readonly ports: TablePorts, private readonly bots: BotPool) {}

  /**
   * Runs `input` after everything queued before it: its refusal (null when it was taken), or the
   * store's failure. `at`: the time it happens, if not the shell's clock's now (a sweep of a given moment).
   */
  feed(input: TableInput, at?: number): Promise<Refusal | null> {
    const run = this.queue.then(() => this.run(input, at ?? this.ports.now()));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs `fn` after everything queued before it (a read of the table as it then is). */
  exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * How the table stands with its store, by the shell's clock (for a readiness check): since when a
   * timed step has waited to be stored, failed and due to be tried again (null: none), and since
   * when the write under way has waited for the store (null: none is under way).
   */
  get storeWait(): { readonly retryingSince: number | null; readonly writingSince: number | null } {
    return { retryingSince: this.retrying, writingSince: this.writing };
  }

  /** No more timers or bots: the table closes here (it may live on elsewhere). */
  stop(): void {
    this.stopped = true;
    for (const cancel of this.armed.values()) cancel();
    this.armed.clear();
    this.retry?.();
    this.retry = null;
    this.pending.length = 0;
    this.refeeding = 0;
    this.retrying = null;
  }

  private async run(input: TableInput, now: number): Promise<Refusal | null> {
    if (this.stopped) return { code: 'TRY_AGAIN', message: 'The table is moving; send that again.' };
    const s = step(this.state, input, now);
    if (s.refusal !== null) {
      this.state = s.state;
      await this.perform(s.effects, now);
      return s.refusal;
    }
    if (s.writes.length > 0) this.writing = this.ports.now();
    try {
      for (const [i, w] of s.writes.entries()) {
        let stored: boolean;
        try {
          stored = await this.ports.write(w);
        } catch (e) {
          // Nothing of this step is stored: the table stays as it was, and the sender hears why.
          if (i === 0) throw e;
          // Part of it is: the table is rebuilt from the store, which is the truth. A move that was
          // stored stands (what follows it, such as the end of the game, is retried by its timer).
          this.ports.log('error', 'a step was stored only in part; the table is rebuilt from the store', { table: this.state.row.id, err: e });
          await this.resync();
          if (s.writes.slice(0, i).some((done) => done.op === 'action')) return null;
          throw e;
        }
        // The store has that action already, so it is ahead of this table: a write that failed
        // past its deadline may yet have been stored, or a rebuild after one failed. The table
        // is rebuilt from the store, which carries on from there (its bots asked, its timers armed).
        if (!stored) {
          await this.resync();
          return ALREADY_PLAYED;
        }
      }
    } finally {
      this.writing = null;
    }
    if (s.writes.length > 0) {
      this.retryMs = 0; // the store works: the next failure starts the backoff afresh
      // and what waits for a retry goes now rather than at the end of its wait.
      if (this.retry !== null) this.retryIn(0);
    }
    const before = this.state;
    this.state = s.state;
    // Told before its effects are performed: a bot answering at once steps again inside them, and
    // the shell hears of the steps in the order they were taken, each with its own state.
    this.ports.stepped?.(before, s.state, input);
    await this.perform(s.effects, now);
    return null;
  }

  /** The table as the store has it: its timers and watchers carried over, everyone told. */
  private async resync(): Promise<void> {
    const fresh = await this.ports.reload();
    this.state = { ...fresh, watchers: this.state.watchers, people: { ...fresh.people, ...this.state.people } };
    const now = this.ports.now();
    const s = step(this.state, { type: 'load' }, now);
    this.state = s.state;
    await this.perform(s.effects, now);
  }

  /** The effects of a step taken at `now` (a timer's wait is measured from the step's time); bots' questions last. */
  private async perform(effects: readonly Effect[], now: number): Promise<void> {
    const asks: BotAsk[] = [];
    for (const e of effects) {
      switch (e.kind) {
        case 'send': this.ports.send(e.to, e.msg); break;
        case 'arm': this.arm(e.key, e.at - now); break;
        case 'disarm': this.armed.get(e.key)?.(); this.armed.delete(e.key); break;
        case 'ask': asks.push(e.ask); break;
        case 'changed': this.ports.changed(this.state); break;
        case 'closed': this.ports.closed(this.state); this.stop(); break;
        case 'played': this.ports.played(e.by); break;
        case 'log': this.ports.log(e.level, e.msg, e.fields); break;
      }
    }
    for (const ask of asks) await this.askBot(ask);
  }

  private arm(key: string, ms: number): void {
    if (this.stopped) return;
    this.armed.get(key)?.();
    this.armed.set(key, this.ports.after(ms, () => {
      this.armed.delete(key);
      this.timed({ type: 'timer', key });
    }));
  }

  /**
   * A bot's question is answered on the table's queue, as its move: nothing else happens at the
   * table while it thinks, and whoever asks the table next sees the move made.
   */
  private async askBot(ask: BotAsk): Promise<void> {
    const answer = await this.bots.decide(this.state.row.id, ask)
      .catch((e: unknown): BotAnswer => ({ action: undefined, failed: e instanceof Error ? e.message : String(e) }));
    if (this.stopped) return;
    const input: TableInput = { type: 'bot', seat: ask.seat, seq: ask.seq, action: answer.action, ...(answer.failed === undefined ? {} : { failed: answer.failed }) };
    try {
      await this.run(input, this.ports.now());
      this.settled();
    } catch (e) {
      this.failedTimed(input, e);
    }
  }

  /** A timer's or a bot's input: one the store could not record is fed again later, with backoff. */
  private timed(input: TableInput): void {
    this.feed(input).then(() => this.settled(), (e: unknown) => this.failedTimed(input, e));
  }

  /** A timed input went through (stored, or refused as overtaken): once none waits, the table is no longer retrying. */
  private settled(): void {
    if (this.pending.length === 0 && this.retry === null && this.refeeding === 0) this.retrying = null;
  }

  /**
   * Whatever the failure (the store unavailable or past its deadline, or an error nobody foresaw),
   * the input waits for its retry, unless the shell says the table is no longer its to write.
   */
  private failedTimed(input: TableInput, e: unknown): void {
    if (this.stopped || this.ports.failed(e) === 'stop') return;
    if (this.retryMs === 0) this.ports.log('error', 'the store could not record a move; retrying with backoff', { table: this.state.row.id, err: e });
    this.retrying ??= this.ports.now();
    this.pending.push(input);
    if (this.retry !== null) return; // it goes with the retry already due
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs === 0 ? RETRY_FIRST_MS : this.retryMs * 2);
    this.retryIn(this.retryMs);
  }

  /** The waiting inputs are fed again, in the order they failed, after `ms`. */
  private retryIn(ms: number): void {
    this.retry?.();
    this.retry = this.ports.after(ms, () => {
      this.retry = null;
      for (const input of this.pending.splice(0)) {
        this.refeeding++;
        this.feed(input).then(
          () => { this.refeeding--; this.settled(); },
          (e: unknown) => { this.refeeding--; this.failedTimed(input, e); },
        );
      }
    });
  }
}
