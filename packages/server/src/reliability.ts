import type { SeatRow } from '@parlor/table';
import type { Clock } from './clock.js';
import { recentSince, reputationFigures } from './store/reputation.js';
import type { Store } from './store/store.js';

/** How long a player's reliability is kept before it is read again (a game finished here forgets it at once). */
export const RELIABILITY_TTL_MS = 60_000;

/**
 * Players' reliability as tables show it and check it (the minimum to sit): the percent of their
 * recent games with other people they finished (store/reputation.ts), null for a new player. Read
 * from the store when a player says hello, sits down or a table with them is hosted, and kept
 * briefly; not per message.
 */
export class Reliabilities {
  private readonly known = new Map<string, { readonly value: number | null; readonly at: number }>();

  constructor(private readonly clock: Clock) {}

  /** The figure as last read; undefined when never read. */
  of(id: string): number | null | undefined { return this.known.get(id)?.value; }

  /** Reads the figures of the players among `ids` not read in the last RELIABILITY_TTL_MS. */
  async load(store: Pick<Store, 'reputation'>, ids: readonly string[]): Promise<void> {
    const now = this.clock.now();
    for (const id of ids) {
      const k = this.known.get(id);
      if (k !== undefined && now - k.at < RELIABILITY_TTL_MS) continue;
      this.known.set(id, { value: reputationFigures(await store.reputation(id, recentSince(now))).percent, at: now });
      if (this.known.size > 50_000) this.known.delete(this.known.keys().next().value!);
    }
  }

  /** A game of theirs finished: their figure is read again when next needed. */
  forget(seats: readonly SeatRow[]): void {
    for (const s of seats) if (s.kind === 'player') this.known.delete(s.playerId);
  }
}
