import type { Clock } from '../clock.js';
import type { Connection } from '../connection.js';

/** How one try to watch a table again ended: watching it, worth another try, or refused for good (the table closed). */
export type RewatchTry = 'watching' | 'again' | 'final';

/** Refusals that say the table or its host is between states: the watch is tried again. */
const PASSING: ReadonlySet<string> = new Set(['TRY_AGAIN', 'STORE_UNAVAILABLE', 'SERVER_ERROR', 'RATE_LIMITED']);

/** What a try refused with `code` means. */
export const rewatchTryOf = (code: string): RewatchTry => (PASSING.has(code) ? 'again' : 'final');

/** The first wait between tries and the longest (it doubles in between). */
const FIRST_MS = 100;
const MAX_MS = 2000;

interface Job {
  readonly invite: string | undefined;
  /** When the first try of this run of failures began. */
  readonly since: number;
  tries: number;
  running: boolean;
  /** Told of a new host while a try was under way: try again as soon as it ends. */
  again: boolean;
  cancel: (() => void) | null;
}

export interface RewatchDeps {
  readonly clock: Clock;
  /** How long a connection's table is tried before it is given up. */
  readonly rewatchMs: number;
  /** One try (`fresh`: ask the store who hosts the table, rather than what this process remembers). */
  readonly attempt: (c: Connection, tableId: string, invite: string | undefined, fresh: boolean) => Promise<RewatchTry>;
  /** The connection could not watch the table again: its client is told (and reconnects). */
  readonly giveUp: (c: Connection, tableId: string, why: 'refused' | 'timed out') => void;
}

/**
 * A connection of this process that watched a table whose host changed watches it again wherever
 * it is hosted now: tried at once, then again after 100 ms, doubling up to 2 s, while the table has
 * no host yet, its host does not answer or refuses for the moment (TRY_AGAIN), or the store is away,
 * for at most `rewatchMs`. A connection that still cannot watch it then, or that the table refuses
 * for good, is given up: its client is told to reconnect, and watches its tables anew. A new host
 * heard of during a try starts another at once. (No jitter between connections: each try is one
 * message on the bus and at most one lease read, both cheap.)
 */
export class Rewatches {
  private readonly jobs = new Map<Connection, Map<string, Job>>();

  constructor(private readonly d: RewatchDeps) {}

  /** Connection `c` watches `tableId` again (with its invite, if private); a try under way is followed by another. */
  start(c: Connection, tableId: string, invite: string | undefined): void {
    let mine = this.jobs.get(c);
    if (mine === undefined) this.jobs.set(c, (mine = new Map()));
    const job = mine.get(tableId);
    if (job === undefined) {
      const fresh: Job = { invite, since: this.d.clock.now(), tries: 0, running: false, again: false, cancel: null };
      mine.set(tableId, fresh);
      void this.run(c, tableId, fresh);
    } else if (job.running) {
      job.again = true;
    } else {
      job.cancel?.();
      void this.run(c, tableId, job);
    }
  }

  /** The client itself watched or left the table: nothing more to do for it. */
  cancel(c: Connection, tableId: string): void {
    const job = this.jobs.get(c)?.get(tableId);
    if (job === undefined) return;
    job.cancel?.();
    this.remove(c, tableId);
  }

  /** The connection closed. */
  cancelAll(c: Connection): void {
    for (const job of this.jobs.get(c)?.values() ?? []) job.cancel?.();
    this.jobs.delete(c);
  }

  /** Tables being watched again, over all connections (for tests and readiness). */
  get pending(): number {
    let n = 0;
    for (const mine of this.jobs.values()) n += mine.size;
    return n;
  }

  private async run(c: Connection, tableId: string, job: Job): Promise<void> {
    job.running = true;
    job.again = false;
    job.cancel = null;
    let result: RewatchTry;
    try {
      result = await this.d.attempt(c, tableId, job.invite, job.tries > 0);
    } catch {
      result = 'again'; // the store could not say who hosts it
    }
    job.running = false;
    if (this.jobs.get(c)?.get(tableId) !== job) return; // cancelled meanwhile
    if (job.again) return this.run(c, tableId, job);
    if (result === 'watching') return this.remove(c, tableId);
    job.tries++;
    const wait = Math.min(MAX_MS, FIRST_MS * 2 ** (job.tries - 1));
    if (result === 'final' || this.d.clock.now() + wait - job.since > this.d.rewatchMs) {
      this.remove(c, tableId);
      this.d.giveUp(c, tableId, result === 'final' ? 'refused' : 'timed out');
      return;
    }
    job.cancel = this.d.clock.after(wait, () => void this.run(c, tableId, job));
  }

  private remove(c: Connection, tableId: string): void {
    const mine = this.jobs.get(c);
    mine?.delete(tableId);
    if (mine?.size === 0) this.jobs.delete(c);
  }
}
