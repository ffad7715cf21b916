import { createClient } from 'redis';
import type { Clock } from '../clock.js';
import { type Bucket, MemorySignInLimits, type SignInLimits } from './sign-in-limits.js';

/**
 * One bucket's take (ARGV[4] = 'take') or give-back, atomically in Redis: the same refill as
 * `refilled` in sign-in-limits.ts (time never runs back, so processes whose clocks differ a little
 * never refill a bucket twice). Replies -1 when a try was taken or given back, else the
 * milliseconds until one is there. The key expires once the bucket would be full again.
 */
const SCRIPT = `
local s = redis.call('HMGET', KEYS[1], 't', 'at')
local burst, rate, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tokens, at = tonumber(s[1]), tonumber(s[2])
if tokens == nil then tokens, at = burst, now end
if now > at then tokens = math.min(burst, tokens + (now - at) * rate); at = now end
if ARGV[4] == 'take' then
  if tokens < 1 then return math.ceil((1 - tokens) / rate) end
  tokens = tokens - 1
else
  tokens = math.min(burst, tokens + 1)
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate) + 1000)
return -1
`;

interface Log { warn(obj: object, msg: string): void }

/** What these limits use of a Redis client. */
interface Redis {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  quit(): Promise<unknown>;
}

/**
 * The sign-in limits of a cluster, kept in Redis (PARLOR_REDIS, under PARLOR_REDIS_PREFIX) so that
 * every process counts the same tries. While Redis cannot be reached, each process counts in its
 * own memory (the limits hold per process), rather than refusing every sign-in.
 */
export class RedisSignInLimits implements SignInLimits {
  private readonly fallback: MemorySignInLimits;
  private warned = false;

  private constructor(private readonly client: Redis, private readonly prefix: string,
    private readonly clock: Clock, private readonly log: Log) {
    this.fallback = new MemorySignInLimits(clock);
  }

  static async open(url: string, prefix: string, clock: Clock, log: Log): Promise<RedisSignInLimits> {
    const client = createClient({
      url, disableOfflineQueue: true,
      socket: { reconnectStrategy: (retries: number) => Math.min(2000, 50 * 2 ** Math.min(retries, 6)) },
    });
    client.on('error', () => {}); // told once, where a limit falls back to memory
    await client.connect();
    return new RedisSignInLimits(client, prefix, clock, log);
  }

  take(b: Bucket): Promise<number | null> {
    return this.run(b, 'take').then((ms) => (ms < 0 ? null : ms / 1000), () => this.fallback.take(b));
  }

  giveBack(b: Bucket): Promise<void> {
    return this.run(b, 'give').then(() => undefined, () => this.fallback.giveBack(b));
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => {});
  }

  private async run(b: Bucket, op: 'take' | 'give'): Promise<number> {
    try {
      const reply = await this.client.eval(SCRIPT, {
        keys: [`${this.prefix}:signin:${b.key}`],
        arguments: [String(b.burst), String(b.perSecond / 1000), String(this.clock.now()), op],
      });
      this.warned = false;
      return Number(reply);
    } catch (err) {
      if (!this.warned) this.log.warn({ err }, 'sign-in limits cannot reach Redis; this process counts sign-ins alone until it can');
      this.warned = true;
      throw err;
    }
  }
}
