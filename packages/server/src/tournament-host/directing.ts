import { randomId } from '../identity.js';
import { type Store, tournamentLease } from '../store/store.js';

/**
 * Which tournaments this process directs. Alone, all the live ones. In a cluster, those whose lease
 * (`tournament:<id>`, a row beside the tables' leases) it holds: sought for every live tournament
 * without a director, renewed every third of the lease's length, its fencing token on every write
 * the director makes — so a director that lost its lease never writes again, and one that died is
 * replaced once its lease runs out.
 */
export class TournamentDirecting {
  /** Upcoming and running tournaments, as last read (and as made or heard of since). */
  private live: string[] = [];
  /** Directed here, with the lease's token (0 alone: no lease). */
  private readonly held = new Map<string, number>();
  /** Taken since the last look: their games are reconciled first. */
  private readonly fresh = new Set<string>();
  private readonly owner: string | null;

  constructor(private readonly store: Store, private readonly leaseMs: number, clustered: boolean) {
    this.owner = clustered ? `tournaments-${process.pid}-${randomId(4)}` : null;
  }

  /** The tournaments directed here, in start order. */
  directed(): string[] { return this.live.filter((id) => this.held.has(id)); }
  /** The fence this process writes a tournament with (undefined when it does not direct it, or alone). */
  fence(id: string): number | undefined {
    const t = this.held.get(id);
    return t === undefined || t === 0 ? undefined : t;
  }
  /** Whether the tournament was taken here since this was last asked. */
  justTaken(id: string): boolean { return this.fresh.delete(id); }
  lost(id: string): void { this.held.delete(id); }

  /** The live tournaments read again from the store. */
  async refresh(): Promise<void> {
    this.live = await this.store.liveTournaments();
    for (const id of [...this.held.keys()]) if (!this.live.includes(id)) this.held.delete(id);
  }
  /** A tournament made, or heard of, since the last refresh. */
  known(id: string): void { if (!this.live.includes(id)) this.live = [...this.live, id]; }
  /** A tournament that has ended: nothing more to direct. */
  ended(id: string): void {
    this.live = this.live.filter((t) => t !== id);
    this.held.delete(id);
  }

  /** Renews the leases held, then takes those of `ids` (all live ones by default) that are free; returns those newly taken. */
  async take(ids: readonly string[] = this.live): Promise<string[]> {
    await this.renew();
    const taken: string[] = [];
    for (const id of ids) {
      if (this.held.has(id)) continue;
      if (this.owner === null) {
        this.held.set(id, 0);
      } else {
        const token = await this.store.acquireLease(tournamentLease(id), this.owner, this.leaseMs).catch(() => null);
        if (token === null) continue;
        this.held.set(id, token);
      }
      this.fresh.add(id);
      taken.push(id);
    }
    return taken;
  }

  private async renew(): Promise<void> {
    if (this.owner === null || this.held.size === 0) return;
    const leases = [...this.held].map(([id, token]) => ({ tableId: tournamentLease(id), token }));
    let renewed: Set<string>;
    try {
      renewed = new Set(await this.store.renewLeases(this.owner, leases, this.leaseMs));
    } catch {
      return; // the store is away: its fence refuses a write once the lease has run out
    }
    for (const id of [...this.held.keys()]) if (!renewed.has(tournamentLease(id))) this.held.delete(id);
  }

  /** A clean stop: every lease handed back, so that another process directs at once. */
  async release(): Promise<void> {
    if (this.owner !== null) {
      for (const [id, token] of this.held) await this.store.releaseLease(tournamentLease(id), this.owner, token).catch(() => undefined);
    }
    this.held.clear();
  }
}
