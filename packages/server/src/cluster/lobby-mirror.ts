import type { LobbyEntry } from '../lobby.js';
import type { Bus } from './bus.js';
import type { ClusterHost, ClusterTable } from './host.js';
import type { LobbyMessage } from './messages.js';

/** A table of the lobby hosted by another process (`owner`; empty while it is between hosts). */
export type MirrorEntry = LobbyEntry & { readonly owner: string; readonly seatedPlayers: readonly string[] };

/**
 * The lobby's tables hosted elsewhere: each process tells the `lobby` channel of every change to a
 * table it hosts, and keeps the others' open and running tables for its own lobby.
 */
export class LobbyMirror {
  readonly entries = new Map<string, MirrorEntry>();

  constructor(private readonly self: string, private readonly bus: Bus, private readonly host: ClusterHost) {}

  /** A table this process hosts changed: the other processes' lobbies hear of it. */
  tableChanged(t: ClusterTable): void {
    const seatedPlayers = t.row.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : []));
    const { status, private: priv, game, createdAt, seats } = t.row;
    this.bus.publish('lobby', { t: 'table', owner: this.self, summary: t.summary(), row: { status, private: priv, game, createdAt, seats, seatedPlayers } });
  }

  /** A table this process hosted left its memory to wait in the store: the others drop it from their lobbies. */
  tableGone(tableId: string): void {
    this.bus.publish('lobby', { t: 'gone', owner: this.self, table: tableId });
  }

  /** Another process's table changed, or left its memory. */
  heard(m: LobbyMessage): void {
    if (m.t === 'gone') {
      const entry = this.entries.get(m.table);
      // Only what that process last said of it: a newer host's word is not undone by an older one's.
      if (entry === undefined || entry.owner !== m.owner || this.host.tables.has(m.table)) return;
      this.entries.delete(m.table);
      this.host.lobbyChanged(entry, true);
      return;
    }
    if (m.owner === this.self || this.host.tables.has(m.summary.id)) return;
    const summary = m.summary;
    const entry: MirrorEntry = { id: summary.id, owner: m.owner, seatedPlayers: m.row.seatedPlayers, row: m.row, summary: () => summary };
    if (m.row.status === 'closed' || m.row.status === 'finished') this.entries.delete(summary.id);
    else this.entries.set(summary.id, entry);
    this.host.lobbyChanged(entry);
  }
}
