import { type Fence, type Store } from '../store/store.js';
import type { ClusterHost } from './host.js';

/** How long another process's hold on a table is believed without asking the store again. */
const OWNER_CACHE_MS = 10_000;

/**
 * The leases of a cluster's tables, as one process sees them: those it holds, each with the
 * fencing token the store checks on every write of the table, and who holds the others as far as
 * it knows (the store's lease rows and the other processes' `owner` messages, remembered a while).
 */
export class Leases {
  /** Tables whose lease this process holds, with its token. */
  private readonly held = new Map<string, number>();
  private readonly owners = new Map<string, { owner: string | null; at: number }>();

  constructor(private readonly self: string, private readonly store: Store, private readonly host: ClusterHost, private readonly leaseMs: number) {}

  /** Takes a table's lease if it is free: the token, or null when another process holds it. */
  async claim(tableId: string): Promise<number | null> {
    const held = this.held.get(tableId);
    if (held !== undefined) return held;
    const token = await this.store.acquireLease(tableId, this.self, this.leaseMs);
    if (token !== null) {
      this.held.set(tableId, token);
      this.owners.set(tableId, { owner: this.self, at: Date.now() });
    }
    return token;
  }

  /** A table this process hosted leaves it: its lease is released so another may take it at once. */
  async release(tableId: string): Promise<void> {
    const token = this.held.get(tableId);
    this.held.delete(tableId);
    if (token !== undefined) await this.store.releaseLease(tableId, this.self, token).catch(() => undefined);
  }

  /** The fencing token this process writes a table with. */
  fence(tableId: string): Fence {
    return this.held.get(tableId);
  }

  holds(tableId: string): boolean {
    return this.held.has(tableId);
  }

  /** The tables whose lease this process holds. */
  tables(): string[] {
    return [...this.held.keys()];
  }

  /** Renews every lease this process holds, in one statement; a lease found taken is dropped. */
  async renew(): Promise<void> {
    const leases = [...this.held].map(([tableId, token]) => ({ tableId, token }));
    if (leases.length === 0) return;
    let held: Set<string>;
    try {
      held = new Set(await this.store.renewLeases(this.self, leases, this.leaseMs));
    } catch {
      return; // the store is away: try again; if a lease runs out meanwhile, its fence will say so
    }
    for (const { tableId, token } of leases) {
      if (!held.has(tableId) && this.held.get(tableId) === token) this.lost(tableId);
    }
  }

  /** This process learnt that another holds a table it hosted: it stops hosting it, writing nothing. */
  lost(tableId: string): void {
    this.host.metrics.leasesLost.inc();
    this.held.delete(tableId);
    this.owners.delete(tableId);
    this.host.log.warn({ table: tableId }, 'lost the lease of a table: another process hosts it now');
    this.host.drop(tableId);
  }

  /**
   * Who hosts a table: this process (it holds the lease), another process, or null when no one
   * does (the lease is free, or ran out). `fresh`: ask the store even when a host is remembered;
   * when the store cannot be asked, the host remembered (heard on the bus) is the answer still, so
   * that a process cut off from the database sends its connections' messages to the table's new host.
   */
  async ownerOf(tableId: string, fresh = false): Promise<string | null> {
    if (this.held.has(tableId)) return this.self;
    const cached = this.owners.get(tableId);
    // Another process's hold is remembered for a while (an 'owner' message, a death or a
    // forward that went unanswered forgets it sooner); a free lease is asked again each time.
    if (!fresh && cached !== undefined && cached.owner !== null && Date.now() - cached.at < OWNER_CACHE_MS) return cached.owner;
    let lease: Awaited<ReturnType<Store['leaseOf']>>;
    try {
      lease = await this.store.leaseOf(tableId);
    } catch (e) {
      if (cached !== undefined && cached.owner !== null) return cached.owner;
      throw e;
    }
    const owner = lease !== null && lease.expiresAt > Date.now() && lease.owner !== this.self ? lease.owner : null;
    this.owners.set(tableId, { owner, at: Date.now() });
    return owner;
  }

  /** Process `proc` says it hosts `tableId` now; if this process thought it held the lease, it lost it. */
  hostedBy(tableId: string, proc: string): void {
    if (this.held.has(tableId)) this.lost(tableId);
    this.owners.set(tableId, { owner: proc, at: Date.now() }); // after `lost`, which forgets it: its watchers go there without asking the store
  }

  /** What was known of these tables' hosts is asked of the store again. */
  forget(tableIds: Iterable<string>): void {
    for (const t of tableIds) this.owners.delete(t);
  }

  /** Process `proc` died: the tables it hosted are asked of the store again. */
  forgetProcess(proc: string): void {
    for (const [id, cached] of this.owners) if (cached.owner === proc) this.owners.delete(id);
  }

  /** Every host is asked of the store again (a forward went unanswered: tables may be moving). */
  forgetAll(): void {
    this.owners.clear();
  }
}
