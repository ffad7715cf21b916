/**
 * A shell's sense of time: what a table's runner arms its timers on. The reducer (`step`) never
 * reads one: its time comes in with each input. Production shells use the system's clock; tests
 * use a TestClock they drive, so that a day-long move clock runs out in a moment, exactly.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` once `ms` have passed on this clock; the function returned cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    (timer as { unref?: () => void }).unref?.();
    return () => clearTimeout(timer);
  },
};

interface Armed {
  readonly at: number;
  readonly n: number;
  readonly fn: () => void;
  cancelReal: (() => void) | null;
}

/**
 * A clock for tests, in one of three ways:
 * - `paused` (the default): time moves only when the test calls `advance`, which fires every timer
 *   that falls due, earliest first (ties in the order armed), time standing at each one's moment;
 * - `running`: time also flows as the system's does (pages and bots in a browser test live in real
 *   time), and `advance` jumps it ahead — a 30-second move timer runs out when the test chooses;
 * - `auto`: each timer fires on its own once the work under way has run (a turn of the event loop),
 *   time jumping to it — a whole game plays out at once, every time stamped as if it had waited.
 */
export class TestClock implements Clock {
  private offset = 0;
  private readonly origin: number;
  private readonly started = performance.now();
  private readonly armed = new Set<Armed>();
  private count = 0;
  private pumping = false;
  private readonly mode: 'paused' | 'running' | 'auto';

  constructor(opts: { readonly start?: number; readonly running?: boolean; readonly auto?: boolean } = {}) {
    this.origin = opts.start ?? Date.UTC(2026, 0, 1);
    this.mode = opts.running === true ? 'running' : opts.auto === true ? 'auto' : 'paused';
  }

  now(): number {
    const flowing = this.mode === 'running' ? performance.now() - this.started : 0;
    return Math.floor(this.origin + flowing + this.offset);
  }

  after(ms: number, fn: () => void): () => void {
    const a: Armed = { at: this.now() + Math.max(0, ms), n: this.count++, fn, cancelReal: null };
    this.armed.add(a);
    if (this.mode === 'running') this.armReal(a);
    if (this.mode === 'auto') this.pump();
    return () => {
      a.cancelReal?.();
      this.armed.delete(a);
    };
  }

  /** Moves time `ms` ahead, firing what falls due meanwhile. */
  advance(ms: number): void {
    const until = this.now() + ms;
    for (let due = this.first(); due !== undefined && due.at <= until; due = this.first()) this.fire(due);
    this.offset += Math.max(0, until - this.now());
  }

  /** When the earliest timer armed falls due (ms since the epoch), or null. */
  nextDue(): number | null {
    return this.first()?.at ?? null;
  }

  /** Timers armed and neither fired nor cancelled. */
  get pending(): number {
    return this.armed.size;
  }

  private first(): Armed | undefined {
    let best: Armed | undefined;
    for (const a of this.armed) if (best === undefined || a.at < best.at || (a.at === best.at && a.n < best.n)) best = a;
    return best;
  }

  private fire(a: Armed): void {
    if (!this.armed.delete(a)) return;
    a.cancelReal?.();
    // Time stands at the timer's moment while it fires, as it would have on a real clock.
    this.offset += Math.max(0, a.at - this.now());
    a.fn();
  }

  /** Running: a real timer fires `a` when the flowing time reaches it (an `advance` may fire it sooner). */
  private armReal(a: Armed): void {
    const timer = setTimeout(() => {
      if (a.at <= this.now()) this.fire(a);
      else this.armReal(a);
    }, Math.max(0, a.at - this.now()));
    (timer as { unref?: () => void }).unref?.();
    a.cancelReal = () => clearTimeout(timer);
  }

  /** Auto: the earliest timer fires once what is already under way (its promises) has run. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setTimeout(() => {
      this.pumping = false;
      const due = this.first();
      if (due === undefined) return;
      this.fire(due);
      if (this.armed.size > 0) this.pump();
    }, 0);
  }
}
