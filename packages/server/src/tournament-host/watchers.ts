import type { Connection } from '../connection.js';
import type { TournamentState } from '../tournament/director.js';
import { tournamentDetail } from '../tournament/view.js';

/** A change to a tournament, as told to this process's watchers and players (and, in a cluster, on the bus). */
export interface Change {
  readonly id: string;
  readonly version: number;
  readonly paired?: readonly { readonly player: string; readonly tableId: string }[];
}

/**
 * The connections here that follow tournaments: each gets a tournament's page when it starts to
 * watch and after its changes (at most once a `flush`: a busy arena changes many times a second),
 * and every connection of a player just seated hears where to go at once.
 */
export class TournamentWatchers {
  private readonly watchers = new Map<string, Set<Connection>>();
  private readonly dirty = new Set<string>();

  constructor(private readonly connections: () => Iterable<Connection>) {}

  add(id: string, c: Connection): void {
    let set = this.watchers.get(id);
    if (set === undefined) this.watchers.set(id, (set = new Set()));
    set.add(c);
  }

  remove(c: Connection, id?: string): void {
    for (const [tid, set] of this.watchers) {
      if (id !== undefined && tid !== id) continue;
      set.delete(c);
      if (set.size === 0) this.watchers.delete(tid);
    }
  }

  changed(ch: Change): void {
    this.dirty.add(ch.id);
    if (ch.paired === undefined || ch.paired.length === 0) return;
    const to = new Map<string, string>(ch.paired.map((p) => [p.player, p.tableId]));
    for (const c of this.connections()) {
      const tableId = c.playerId === null ? undefined : to.get(c.playerId);
      if (tableId !== undefined) c.send({ type: 'tournament.paired', tournamentId: ch.id, tableId });
    }
  }

  /** The watchers of every tournament changed since the last flush get its page; a private one's invite only its entrants. */
  async flush(load: (id: string) => Promise<TournamentState | null>): Promise<void> {
    const ids = [...this.dirty];
    this.dirty.clear();
    for (const id of ids) {
      const set = this.watchers.get(id);
      if (set === undefined || set.size === 0) continue;
      const state = await load(id).catch(() => null);
      if (state === null) continue;
      const open = tournamentDetail(state, false);
      const member = state.settings.private ? tournamentDetail(state, true) : open;
      for (const w of set) {
        const entrant = w.playerId !== null && state.entrants.has(w.playerId);
        w.send({ type: 'tournament', tournament: entrant ? member : open });
      }
    }
  }
}
