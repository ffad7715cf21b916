/** How long a lease lasts, how often it is renewed, and how often orphaned tables are looked for. */
export interface ClusterTiming {
  readonly leaseMs: number;
  readonly renewMs: number;
  readonly scanMs: number;
  /** How often a process says on the bus that it is alive. */
  readonly beatMs: number;
  /** A process not heard from this long is taken for dead. */
  readonly deadMs: number;
  /** A forwarded request not answered this long is answered TRY_AGAIN. */
  readonly forwardMs: number;
  /** How long a connection's table is tried again at its new host before the client is told to reconnect. */
  readonly rewatchMs: number;
}

/**
 * The cluster's clocks from the lease's length. A lease is renewed three times per lease; orphans
 * are looked for six times per lease, so that a dead host's table is taken at most a sixth of a
 * lease after its lease ran out (with the default 3 s lease: within 3.5 s of the fault). A process
 * beats every second (or every renewal, if more often) and is taken for dead after three silent
 * beats, or once its leases would have run out if that is sooner.
 */
export function clusterTiming(leaseMs: number): ClusterTiming {
  const renewMs = Math.max(100, Math.floor(leaseMs / 3));
  const beatMs = Math.min(renewMs, 1000);
  const forwardMs = leaseMs + 2000;
  return {
    leaseMs, renewMs, scanMs: Math.max(100, Math.floor(leaseMs / 6)), beatMs,
    deadMs: Math.min(leaseMs + 1000, Math.max(2000, 3 * beatMs)),
    forwardMs, rewatchMs: 2 * forwardMs,
  };
}

export const DEFAULT_TIMING: ClusterTiming = clusterTiming(3000);
