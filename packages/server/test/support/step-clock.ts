import { TestClock } from '../../src/index.js';

/**
 * A paused TestClock that also says when its next timer falls due, so that a test can move time
 * exactly to it (a bot's thinking time, a retry's backoff) and read each delay off the clock.
 */
export class StepClock extends TestClock {
  private readonly due = new Map<object, number>();

  override after(ms: number, fn: () => void): () => void {
    const key = {};
    this.due.set(key, this.now() + Math.max(0, ms));
    const cancel = super.after(ms, () => {
      this.due.delete(key);
      fn();
    });
    return () => {
      this.due.delete(key);
      cancel();
    };
  }

  /** When the earliest timer armed and neither fired nor cancelled falls due (ms since the epoch), or null. */
  nextDue(): number | null {
    let first: number | null = null;
    for (const at of this.due.values()) if (first === null || at < first) first = at;
    return first;
  }
}
