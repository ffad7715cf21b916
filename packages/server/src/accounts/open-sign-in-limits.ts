import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import { RedisSignInLimits } from './redis-sign-in-limits.js';
import { MemorySignInLimits, type SignInLimits } from './sign-in-limits.js';

/** The sign-in limits the configuration asks for: shared through Redis by a cluster (PARLOR_REDIS), in memory for a lone server. */
export function openSignInLimits(config: ServerConfig, clock: Clock, log: { warn(obj: object, msg: string): void }): Promise<SignInLimits> {
  if (config.redisUrl === null) return Promise.resolve(new MemorySignInLimits(clock));
  return RedisSignInLimits.open(config.redisUrl, config.redisPrefix, clock, log);
}
