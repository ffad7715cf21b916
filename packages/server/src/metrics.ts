import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What /metrics exposes (docs/operations.md explains each). */
export function createMetrics(store?: { readonly roundTrips?: number }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'parlor_process_' });
  return {
    registry,
    openTables: new Gauge({ name: 'parlor_open_tables', help: 'Tables open or running', registers: [registry], labelNames: ['status'] }),
    sockets: new Gauge({ name: 'parlor_sockets', help: 'Open WebSocket connections', registers: [registry] }),
    actions: new Counter({ name: 'parlor_actions_total', help: 'Game actions applied (players, bots and timers)', registers: [registry], labelNames: ['game', 'by'] }),
    refused: new Counter({ name: 'parlor_refused_total', help: 'Messages refused, by error code', registers: [registry], labelNames: ['code'] }),
    // A cluster (docs/operations.md, "A cluster"); zero for a lone server.
    forwarded: new Counter({ name: 'parlor_cluster_forwarded_total', help: 'Messages sent on to the process hosting their table', registers: [registry] }),
    forwardTimeouts: new Counter({ name: 'parlor_cluster_forward_timeouts_total', help: 'Forwarded messages whose host did not answer in time (answered TRY_AGAIN)', registers: [registry] }),
    takenOver: new Counter({ name: 'parlor_cluster_tables_taken_total', help: 'Tables this process took over (their lease was free: a process died or stopped, or nobody hosted them)', registers: [registry] }),
    leasesLost: new Counter({ name: 'parlor_cluster_leases_lost_total', help: 'Tables this process had to give up because another took their lease', registers: [registry] }),
    storeRoundTrips: new Gauge({
      name: 'parlor_store_round_trips', help: 'Statements sent to PostgreSQL since the start (each a round trip); 0 with SQLite', registers: [registry],
      collect() { this.set(store?.roundTrips ?? 0); },
    }),
    actionLatency: new Histogram({
      name: 'parlor_action_latency_seconds',
      help: 'From a player action received to every seat sent its update',
      registers: [registry],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
