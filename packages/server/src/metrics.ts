import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What /metrics exposes (docs/operations.md explains each). */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'parlor_process_' });
  return {
    registry,
    openTables: new Gauge({ name: 'parlor_open_tables', help: 'Tables open or running', registers: [registry], labelNames: ['status'] }),
    sockets: new Gauge({ name: 'parlor_sockets', help: 'Open WebSocket connections', registers: [registry] }),
    actions: new Counter({ name: 'parlor_actions_total', help: 'Game actions applied (players, bots and timers)', registers: [registry], labelNames: ['game', 'by'] }),
    refused: new Counter({ name: 'parlor_refused_total', help: 'Messages refused, by error code', registers: [registry], labelNames: ['code'] }),
    actionLatency: new Histogram({
      name: 'parlor_action_latency_seconds',
      help: 'From a player action received to every seat sent its update',
      registers: [registry],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
