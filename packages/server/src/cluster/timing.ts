/** How long a lease lasts, how often it is renewed, and how often orphaned tables are looked for. */
export interface ClusterTiming {
  readonly leaseMs: number;
  readonly renewMs: number;
  readonly scanMs: number;
  /** A process not heard from this long is taken for dead. */
  readonly deadMs: number;
  /** A forwarded request not answered this long is answered TRY_AGAIN. */
  readonly forwardMs: number;
}

/** The cluster's clocks from the lease's length: renewed three times per lease, a silent process dead a second after it. */
export function clusterTiming(leaseMs: number): ClusterTiming {
  const renewMs = Math.max(100, Math.floor(leaseMs / 3));
  return { leaseMs, renewMs, scanMs: renewMs, deadMs: leaseMs + 1000, forwardMs: leaseMs + 2000 };
}

export const DEFAULT_TIMING: ClusterTiming = clusterTiming(3000);
