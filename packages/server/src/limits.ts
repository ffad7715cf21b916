import type { ServerConfig } from './config.js';
import { RateLimit } from './rate-limit.js';

/**
 * Limits per client address (docs/operations.md, "Absent players, idle tables, limits"): open
 * connections, new guests per hour, and tables not yet finished created from it. Behind a reverse
 * proxy the address is the one the proxy reports (PARLOR_TRUST_PROXY).
 */
export class AddressLimits {
  private readonly connections = new Map<string, number>();
  private readonly guests = new Map<string, RateLimit>();
  private readonly tables = new Map<string, Set<string>>();

  constructor(private readonly config: ServerConfig, private readonly now: () => number = Date.now) {}

  /** Counts a new connection from `address`; false when it has too many open already. */
  connect(address: string): boolean {
    const n = this.connections.get(address) ?? 0;
    if (n >= this.config.maxConnectionsPerAddress) return false;
    this.connections.set(address, n + 1);
    return true;
  }

  connectionsFrom(address: string): number {
    return this.connections.get(address) ?? 0;
  }

  disconnect(address: string): void {
    const n = (this.connections.get(address) ?? 1) - 1;
    if (n <= 0) this.connections.delete(address);
    else this.connections.set(address, n);
  }

  /** Counts a new guest from `address`; false past the hourly allowance. */
  newGuest(address: string): boolean {
    const perHour = this.config.guestsPerAddressPerHour;
    let bucket = this.guests.get(address);
    if (bucket === undefined) this.guests.set(address, (bucket = new RateLimit(perHour, perHour / 3600, this.now)));
    return bucket.take();
  }

  /** Tables not yet finished that were created from `address`. */
  tablesOf(address: string): number {
    return this.tables.get(address)?.size ?? 0;
  }

  addTable(address: string, tableId: string): void {
    let set = this.tables.get(address);
    if (set === undefined) this.tables.set(address, (set = new Set()));
    set.add(tableId);
  }

  /** A table finished or closed: it no longer counts against its creator's address. */
  tableDone(tableId: string): void {
    for (const [address, set] of this.tables) {
      if (set.delete(tableId) && set.size === 0) this.tables.delete(address);
    }
  }

  /** Forgets guest allowances that are full again (the sweep calls this). */
  sweep(): void {
    for (const [address, bucket] of this.guests) if (bucket.full()) this.guests.delete(address);
  }
}
