/**
 * The server's sense of time. Every clock the server reads or arms — a move timer, a response
 * window, a bot's thinking time, the idle sweep — goes through one of these, so that a test can
 * fix the time and drive it (TestClock) where production uses the system's.
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
    timer.unref?.();
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
 * A clock for tests. Paused (the default), time moves only when the test calls `advance`, which
 * fires every timer that falls due, in order. Running (`{ running: true }`: browser tests, where
 * pages and bots live in real time), time also flows as the system's does, and `advance` jumps it
 * ahead — so a 30-second move timer can be made to run out at the moment the test chooses.
 */
export class TestClock implements Clock {
  private offset = 0;
  private readonly origin: number;
  private readonly started = performance.now();
  private readonly armed = new Set<Armed>();
  private count = 0;

  constructor(private readonly opts: { readonly start?: number; readonly running?: boolean } = {}) {
    this.origin = opts.start ?? Date.UTC(2026, 0, 1);
  }

  now(): number {
    const flowing = this.opts.running === true ? performance.now() - this.started : 0;
    return Math.floor(this.origin + flowing + this.offset);
  }

  after(ms: number, fn: () => void): () => void {
    const a: Armed = { at: this.now() + Math.max(0, ms), n: this.count++, fn, cancelReal: null };
    this.armed.add(a);
    if (this.opts.running === true) this.armReal(a);
    return () => {
      a.cancelReal?.();
      this.armed.delete(a);
    };
  }

  /** Moves time `ms` ahead, firing what falls due meanwhile, earliest first (ties in the order armed). */
  advance(ms: number): void {
    const until = this.now() + ms;
    for (;;) {
      const due = [...this.armed].filter((a) => a.at <= until).sort((x, y) => x.at - y.at || x.n - y.n)[0];
      if (due === undefined) break;
      // Time stands at the timer's moment while it fires, as it would have on a real clock.
      this.offset += Math.max(0, due.at - this.now());
      this.fire(due);
    }
    this.offset += Math.max(0, until - this.now());
  }

  /** Timers armed and not yet fired or cancelled. */
  get pending(): number {
    return this.armed.size;
  }

  private fire(a: Armed): void {
    if (!this.armed.delete(a)) return;
    a.cancelReal?.();
    a.fn();
  }

  /** Running: a real timer fires `a` when the flowing time reaches it (an `advance` may fire it sooner). */
  private armReal(a: Armed): void {
    const timer = setTimeout(() => {
      if (a.at <= this.now()) this.fire(a);
      else this.armReal(a);
    }, Math.max(0, a.at - this.now()));
    timer.unref?.();
    a.cancelReal = () => clearTimeout(timer);
  }
}
