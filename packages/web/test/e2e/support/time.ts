/**
 * The server's time in the browser tests. Pages and bots live in real time, so the server's clock
 * runs with it; but a test chooses when a clock of the game runs out, and may stop time while it
 * looks at a page for a long while:
 *  - `advance(ms)` moves the server's time ahead at once: a move timer, a taste-test window, a
 *    grace period or an idle table's wait runs out at the moment the test chooses, not when a
 *    shortened timer happens to fire against a page that may be slow to get there;
 *  - `hold()` stops the server's time (and `release()` lets it run again): while a test checks a
 *    page in five languages with a move timer or a taste-test window open, nothing comes due on the
 *    server — no timer runs out and no bot moves — however slowly the machine takes the screenshots.
 *
 * It is a TestClock (from @parlor/server) moved on by a ticker in this process with the time that
 * passes, except while held. The pages keep their own clocks: a deadline the server sends after a
 * jump or a hold is shown a little long or short (a display only; the server decides).
 */
import { TestClock } from '@parlor/server';

/** How often the ticker hands the time that passed to the server's clock (ms). */
const TICK_MS = 5;

export class ServerTime {
  /** The clock the server runs on (StartOptions.clock). */
  readonly clock = new TestClock({ start: Date.now() });
  private last = performance.now();
  /** Holds not yet released (a hold inside a hold keeps time stopped until both are released). */
  private holds = 0;
  private readonly ticker: NodeJS.Timeout;

  constructor() {
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  /** Hands the real time passed since the last tick to the server's clock (none while held). */
  private tick(): void {
    const now = performance.now();
    const passed = now - this.last;
    this.last = now;
    if (this.holds > 0) return;
    try {
      this.clock.advance(passed);
    } catch (e) {
      console.error(`the server's clock: a timer failed: ${String(e)}`);
    }
  }

  /** Moves the server's time `ms` ahead now, firing every timer that falls due meanwhile, in order. */
  advance(ms: number): void {
    this.tick();
    this.clock.advance(ms);
  }

  /** Stops the server's time until `release()`: no timer comes due, no bot moves. */
  hold(): void {
    this.tick();
    this.holds++;
  }

  /** Lets the server's time run again, from where it stood (the time held is not made up). */
  release(): void {
    this.tick();
    this.holds = Math.max(0, this.holds - 1);
  }

  close(): void {
    clearInterval(this.ticker);
  }
}
