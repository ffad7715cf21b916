import { type Bus, redisBus } from '../cluster/bus.js';
import { clusterTiming } from '../cluster/cluster.js';
import type { ServerConfig } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { Store } from '../store/store.js';
import { ClusterHosting } from './cluster.js';
import type { HostingPort, TableHosting } from './hosting.js';
import { LocalHosting } from './local.js';

/**
 * The hosting the configuration asks for: alone, or (PARLOR_REDIS) one process of a cluster,
 * with its connection to Redis; `close` ends that connection once the server has stopped.
 */
export async function openHosting(config: ServerConfig, store: Store, metrics: Metrics, log: HostingPort['log']):
  Promise<{ readonly make: (port: HostingPort) => TableHosting; readonly bus?: Bus; close(): Promise<void> }> {
  if (config.redisUrl === null) return { make: (port) => new LocalHosting(port), close: async () => {} };
  const bus = await redisBus(config.redisUrl, config.redisPrefix, log);
  return {
    make: (port) => new ClusterHosting(port, store, bus, clusterTiming(config.leaseMs), metrics),
    bus,
    close: () => bus.close(),
  };
}
