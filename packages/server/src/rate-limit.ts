/** A token bucket: `burst` messages at once, refilled at `perSecond`. */
export class RateLimit {
  private tokens: number;
  private last: number;
  constructor(private readonly burst: number, private readonly perSecond: number, private readonly now: () => number = Date.now) {
    this.tokens = burst;
    this.last = now();
  }
  /** Whether the bucket is back to its full burst (nothing to remember about it). */
  full(): boolean {
    const t = this.now();
    return this.tokens + ((t - this.last) / 1000) * this.perSecond >= this.burst;
  }

  /** Whether one more message is allowed now (and counts it). */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
