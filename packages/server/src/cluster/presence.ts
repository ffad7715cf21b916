import type { Bus } from './bus.js';
import type { ClusterHost } from './host.js';
import type { PresenceMessage } from './messages.js';

/**
 * Who is alive and who is online where. Each process beats on the `presence` channel and says
 * when a player's first connection to it opens or its last closes; a process not heard from for
 * `deadMs` is taken for dead (its players offline here, `dead` told). When it is heard again (Redis
 * was away), it is told who is online here and this process's watches are sent again.
 */
export class Presence {
  /** Where each player is online (process ids), from other processes' presence messages. */
  private readonly where = new Map<string, Set<string>>();
  private readonly lastBeat = new Map<string, number>();
  /** Processes that went silent and were taken for dead. */
  private readonly wasDead = new Set<string>();

  constructor(private readonly self: string, private readonly bus: Bus, private readonly host: ClusterHost,
    private readonly deadMs: number, private readonly dead: (proc: string) => void, private readonly now: () => number = Date.now) {}

  /** Asks the others who is online (at start, and after Redis came back), and says who is here. */
  sync(): void {
    this.bus.publish('presence', { t: 'sync', proc: this.self });
    this.online();
  }

  /** A player's first connection to this process opened, or its last closed. */
  announce(playerId: string, online: boolean): void {
    this.bus.publish('presence', { t: online ? 'up' : 'down', proc: this.self, player: playerId, at: Date.now() });
  }

  /** The players with a connection to another process. */
  players(): Iterable<string> {
    return this.where.keys();
  }

  /** Whether a player has a connection to another process. */
  onlineElsewhere(playerId: string): boolean {
    return (this.where.get(playerId)?.size ?? 0) > 0;
  }

  /** This process is alive; those silent too long are dead. */
  beat(): void {
    this.bus.publish('presence', { t: 'beat', proc: this.self });
    const now = this.now();
    for (const [proc, at] of this.lastBeat) if (now - at > this.deadMs) this.died(proc);
  }

  /** Whether process `proc` went silent and was taken for dead (and has not been heard since). */
  isDead(proc: string): boolean {
    return this.wasDead.has(proc);
  }

  /** A presence message of another process (its `owner` and `released` are the leases' business). */
  heard(m: PresenceMessage): void {
    this.lastBeat.set(m.proc, this.now());
    if (this.wasDead.delete(m.proc)) {
      // A process taken for dead (Redis was away, or it was paused) is back. This one forgot its
      // connections and its players: it asks who is online, and tells it to watch its tables here
      // again; it may have taken this one for dead too, so this one's watches are sent again.
      this.host.rewatch();
      this.bus.publish('presence', { t: 'sync', proc: this.self, forgot: [m.proc] });
      this.online();
    }
    switch (m.t) {
      case 'sync':
        if (m.forgot?.includes(this.self) === true) this.host.rewatch();
        this.online();
        return;
      case 'online': for (const p of m.players) this.seen(p, m.proc, true, Date.now()); return;
      case 'up': case 'down': this.seen(m.player, m.proc, m.t === 'up', m.at); return;
      default: return;
    }
  }

  private online(): void {
    this.bus.publish('presence', { t: 'online', proc: this.self, players: this.host.onlinePlayers() });
  }

  /** A process stopped answering: its players are offline. */
  private died(proc: string): void {
    this.host.log.warn({ process: proc, silentMs: this.deadMs }, 'another process went silent; taken for dead');
    this.lastBeat.delete(proc);
    this.wasDead.add(proc);
    const now = Date.now();
    for (const [player, procs] of this.where) {
      if (procs.delete(proc) && procs.size === 0) { this.where.delete(player); this.host.presenceChanged(player, false, now); }
    }
    this.dead(proc);
  }

  private seen(player: string, proc: string, online: boolean, at: number): void {
    let procs = this.where.get(player);
    const before = procs !== undefined && procs.size > 0;
    if (online) {
      if (procs === undefined) this.where.set(player, (procs = new Set()));
      procs.add(proc);
    } else if (procs !== undefined) {
      procs.delete(proc);
      if (procs.size === 0) this.where.delete(player);
    }
    const after = (this.where.get(player)?.size ?? 0) > 0;
    if (before !== after) this.host.presenceChanged(player, after, at);
  }
}
