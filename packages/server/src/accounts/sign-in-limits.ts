import type { Clock } from '../clock.js';

/** A token bucket of sign-in tries: `burst` at once, refilled at `perSecond`, named by `key`. */
export interface Bucket {
  readonly key: string;
  readonly burst: number;
  readonly perSecond: number;
}

/**
 * The buckets of sign-in tries (docs/operations.md, "Sessions and sign-in"), the same for every
 * process of a cluster (Redis: redis-sign-in-limits.ts) or kept in memory by a lone server.
 */
export interface SignInLimits {
  /** Takes one try from `b`: null when taken; else the seconds until one is there (nothing taken). */
  take(b: Bucket): Promise<number | null>;
  /** Gives back a try taken from `b` (a right password counts against nobody). */
  giveBack(b: Bucket): Promise<void>;
  close(): Promise<void>;
}

/**
 * The limits. Passwords are guessed per (address, account) pair: one address is locked out of one
 * account after 10 wrong passwords (then one every 90 s), and of all accounts after 20 tries
 * (spraying one password over many names). Every account also has a slow-down shared by all
 * addresses (30 wrong passwords, then one every 30 s) that a device the account signed in from
 * before passes (devices.ts): a botnet slows down new devices, never the owner's own. A known
 * device has its own pair bucket instead of its address's, so that sharing an address with an
 * attacker (a campus, a carrier's NAT) does not lock its owner out either.
 */
export const SIGN_IN_LIMITS = {
  address: (address: string): Bucket => ({ key: `a:${address}`, burst: 20, perSecond: 20 / 600 }),
  pair: (address: string, account: string): Bucket => ({ key: `p:${address}:${account}`, burst: 10, perSecond: 1 / 90 }),
  device: (device: string, account: string): Bucket => ({ key: `d:${device}:${account}`, burst: 10, perSecond: 1 / 90 }),
  account: (account: string): Bucket => ({ key: `n:${account}`, burst: 30, perSecond: 1 / 30 }),
  newAccounts: (address: string): Bucket => ({ key: `c:${address}`, burst: 10, perSecond: 10 / 3600 }),
} as const;

/** One bucket's state: tries left, as of `at` (ms). */
interface State { tokens: number; at: number }

/** The tries left in a bucket at `now`, refilled since `s.at` (never more than the burst; time never runs back). */
export function refilled(b: Bucket, s: State | undefined, now: number): State {
  if (s === undefined) return { tokens: b.burst, at: now };
  const at = Math.max(now, s.at);
  return { tokens: Math.min(b.burst, s.tokens + ((at - s.at) / 1000) * b.perSecond), at };
}

/** A lone server's limits, in this process's memory; full buckets are forgotten. */
export class MemorySignInLimits implements SignInLimits {
  private readonly buckets = new Map<string, State>();

  constructor(private readonly clock: Clock) {}

  async take(b: Bucket): Promise<number | null> {
    const now = this.clock.now();
    const s = refilled(b, this.buckets.get(b.key), now);
    if (s.tokens < 1) {
      this.buckets.set(b.key, s);
      return (1 - s.tokens) / b.perSecond;
    }
    this.buckets.set(b.key, { tokens: s.tokens - 1, at: s.at });
    if (this.buckets.size > 10_000) this.forgetFull(now);
    return null;
  }

  async giveBack(b: Bucket): Promise<void> {
    const s = refilled(b, this.buckets.get(b.key), this.clock.now());
    this.buckets.set(b.key, { tokens: Math.min(b.burst, s.tokens + 1), at: s.at });
  }

  async close(): Promise<void> {}

  private forgetFull(now: number): void {
    // Every bucket refills within an hour at most: one untouched that long is full, nothing to keep.
    for (const [k, s] of this.buckets) if (now - s.at > 3_600_000) this.buckets.delete(k);
  }
}
