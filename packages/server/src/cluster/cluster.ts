import type { ClientMessage } from '@parlor/protocol';
import { type Clock, systemClock } from '../clock.js';
import type { Connection } from '../connection.js';
import type { SessionEnd } from '../live-sessions.js';
import { randomId } from '../identity.js';
import { type Fence, LeaseLost, type Store } from '../store/store.js';
import type { Bus } from './bus.js';
import type { ClusterHost, ClusterTable } from './host.js';
import { type Forwarded, Forwarding } from './forwarding.js';
import { Leases } from './leases.js';
import { LobbyMirror, type MirrorEntry } from './lobby-mirror.js';
import { type PresenceMessage, parseLobbyMessage, parsePresenceMessage, parseProcMessage } from './messages.js';
import { Outbox } from './outbox.js';
import { Presence } from './presence.js';
import { type ClusterTiming, DEFAULT_TIMING } from './timing.js';

export { type ClusterTiming, DEFAULT_TIMING, clusterTiming } from './timing.js';
export type { ClusterHost } from './host.js';
export type { Forwarded } from './forwarding.js';

/**
 * Several processes serving one Parlor (docs/operations.md, "A cluster"). Each table is hosted by
 * exactly one process, which holds its lease (leases.ts; the store checks the lease's fencing token
 * on every write, so a process that lost a table can never write to it again). A message for a
 * table hosted elsewhere is forwarded to its host, which answers the client through this process;
 * updates for watchers on other processes travel the same way (forwarding.ts, outbox.ts). Leases
 * are renewed while the process lives; a table whose lease ran out (its host died) is taken over by
 * a live process, which rebuilds it from its log. Presence (presence.ts) and the lobby
 * (lobby-mirror.ts) are mirrored through Redis. Every message heard is parsed (messages.ts) before
 * anything is done with it.
 */
export class Cluster {
  readonly id = `${process.pid}-${randomId(4)}`;
  private readonly leases: Leases;
  private readonly outbox: Outbox;
  private readonly forwarding: Forwarding;
  private readonly presence: Presence;
  private readonly lobby: LobbyMirror;
  /** Cancels the periodic tasks' next runs. */
  private readonly timers: (() => void)[] = [];
  private stopping = false;

  /** `clock`: what the cluster's periodic tasks and its waits for other processes are armed on. */
  constructor(private readonly host: ClusterHost, private readonly store: Store, private readonly bus: Bus, readonly timing: ClusterTiming = DEFAULT_TIMING,
    private readonly clock: Clock = systemClock) {
    this.leases = new Leases(this.id, store, host, timing.leaseMs);
    this.outbox = new Outbox(bus, (proc, items) => this.forwarding.lost(proc, items));
    this.presence = new Presence(this.id, bus, host, timing.deadMs, (proc) => this.dead(proc), () => clock.now());
    this.forwarding = new Forwarding({
      self: this.id, outbox: this.outbox, host, timing, clock, connected: () => this.bus.ready,
      dead: (proc) => this.presence.isDead(proc), unanswered: () => this.leases.forgetAll(),
    });
    this.lobby = new LobbyMirror(this.id, bus, host);
  }

  /** The lobby's tables hosted elsewhere. */
  get mirror(): Map<string, MirrorEntry> { return this.lobby.entries; }

  async start(): Promise<void> {
    await this.bus.subscribe(`proc:${this.id}`, (raw) => {
      const { items, problems } = parseProcMessage(raw);
      for (const problem of problems) this.dropped('proc', problem);
      // Each item as if it had come alone, in order: deliveries and `done`s at once, requests
      // started in turn and handled side by side (one connection's requests never share a batch:
      // its process sends the next only after the `done` of the last).
      for (const m of items) this.forwarding.receive(m).catch((err: unknown) => this.host.log.error({ err }, 'a message from another process failed'));
    });
    await this.bus.subscribe('presence', (raw) => {
      const m = parsePresenceMessage(raw);
      if (m.ok) this.onPresence(m.value);
      else this.dropped('presence', m.problem);
    });
    await this.bus.subscribe('lobby', (raw) => {
      const m = parseLobbyMessage(raw);
      if (m.ok) this.lobby.heard(m.value);
      else this.dropped('lobby', m.problem);
    });
    this.bus.onReconnect(() => { this.presence.sync(); this.host.rewatch(); });
    this.presence.sync();
    // Each task runs again `ms` after its last run ended (a slow store never runs it twice at once).
    const every = (ms: number, fn: () => unknown) => {
      let cancel = (): void => {};
      const next = () => {
        cancel = this.clock.after(ms, () => {
          void Promise.resolve().then(fn).catch((err: unknown) => this.host.log.warn({ err }, 'a cluster task failed; it runs again'))
            .finally(() => { if (!this.stopping) next(); });
        });
      };
      next();
      this.timers.push(() => cancel());
    };
    every(this.timing.renewMs, () => this.leases.renew());
    every(this.timing.scanMs, () => this.scan());
    every(this.timing.beatMs, () => this.presence.beat());
    await this.scan();
  }

  /** A message from the bus that is not one of the cluster's (another version, a stray publisher): nothing is done with it. */
  private dropped(channel: string, problem: string): void {
    this.host.log.warn({ channel, problem }, 'a message from another process is not one the cluster knows; dropped');
  }

  private onPresence(m: PresenceMessage): void {
    if (m.proc === this.id) return;
    this.presence.heard(m);
    if (m.t === 'owner') {
      this.leases.hostedBy(m.table, m.proc); // someone took a lease this process thought it held: it is lost
      this.forwarding.moved(m.table, m.proc); // what waits on its last host goes to the new one
      this.host.ownerChanged(m.table);
    } else if (m.t === 'released') {
      this.leases.forget(m.tables);
      this.scanSoon();
    } else if (m.t === 'ended') {
      this.host.endSessions(m);
    } else if (m.t === 'moderated') {
      this.host.moderatedHeard(m.player);
    } else if (m.t === 'vacation') {
      void this.host.vacationHeard(m.player).catch((err: unknown) => this.host.log.warn({ err, player: m.player }, "another process's word of a player's days off could not be taken; their tables learn of it when next hosted"));
    }
  }

  /** A process stopped answering: its forwarded connections are gone, its tables orphans once their leases run out. */
  private dead(proc: string): void {
    this.leases.forgetProcess(proc); // first, so that what waited on it is routed by the store's leases
    this.forwarding.processGone(proc);
    this.scanSoon();
  }

  // ---- leases --------------------------------------------------------------------------------

  /** Takes a table's lease if it is free: the token, or null when another process holds it. */
  claim(tableId: string): Promise<number | null> { return this.leases.claim(tableId); }
  /** A table this process hosted leaves it: its lease is released so another may take it at once. */
  release(tableId: string): Promise<void> { return this.leases.release(tableId); }
  /**
   * A table here left memory to wait in the store: its lease is given back, and the others forget
   * that it was here (their next message for it finds it hosted by no one, and takes it) and drop it
   * from their lobbies.
   */
  async left(tableId: string): Promise<void> {
    await this.leases.release(tableId);
    this.bus.publish('presence', { t: 'released', proc: this.id, tables: [tableId] });
    this.lobby.tableGone(tableId);
  }
  /** The fencing token this process writes a table with. */
  fence(tableId: string): Fence { return this.leases.fence(tableId); }
  /** This process learnt that another holds a table it hosted: it stops hosting it, writing nothing. */
  lost(tableId: string): void { this.leases.lost(tableId); }
  /** Who hosts a table: this process, another, or null when no one does (see Leases.ownerOf). */
  ownerOf(tableId: string, fresh = false): Promise<string | null> { return this.leases.ownerOf(tableId, fresh); }

  /** A table this process took is ready (hosted): the others send its messages here from now on. */
  hosting(tableId: string): void {
    this.bus.publish('presence', { t: 'owner', proc: this.id, table: tableId });
    this.forwarding.moved(tableId, this.id);
  }

  /** Takes over the open and running tables whose host is gone. */
  async scan(): Promise<void> {
    if (this.stopping) return;
    for (const tableId of await this.store.orphanTables(200)) {
      if (this.stopping) return;
      if (this.host.tables.has(tableId)) continue;
      try {
        if (await this.host.take(tableId)) this.host.metrics.takenOver.inc();
      } catch (err) {
        if (!(err instanceof LeaseLost)) this.host.log.error({ err, table: tableId }, 'could not take over a table; another process may');
      }
    }
  }

  /** A scan now, outside the timer (its failure, the store being away, waits for the next). */
  private scanSoon(): void {
    this.scan().catch((err: unknown) => this.host.log.warn({ err }, 'looking for tables to take over failed; it runs again'));
  }

  // ---- forwarding, presence, the lobby -------------------------------------------------------

  attach(c: Connection): void { this.forwarding.attach(c); }
  /** A connection of this process closed: the hosts it talked to forget it. */
  detach(c: Connection, hosts: Iterable<string>): void { this.forwarding.detach(c, hosts); }
  /** Sends `msg` from `c` to `host`; resolves once handled there, or not (the client told TRY_AGAIN unless `quiet`). */
  forward(c: Connection, msg: ClientMessage, host: string, quiet = false): Promise<Forwarded> { return this.forwarding.forward(c, msg, host, quiet); }
  announce(playerId: string, online: boolean): void { this.presence.announce(playerId, online); }
  /** A player's days off changed here: every other process's tables of theirs hear of it. */
  vacationChanged(playerId: string): void { this.bus.publish('presence', { t: 'vacation', proc: this.id, player: playerId }); }
  /** A moderator acted on a player here: every other process reads their sanctions again. */
  moderated(playerId: string): void { this.bus.publish('presence', { t: 'moderated', proc: this.id, player: playerId }); }
  /** Sessions ended here: every other process closes their sockets. */
  sessionsEnded(e: SessionEnd): void { this.bus.publish('presence', { t: 'ended', proc: this.id, ...e }); }
  playersOnline(): Iterable<string> { return this.presence.players(); }
  onlineElsewhere(playerId: string): boolean { return this.presence.onlineElsewhere(playerId); }
  tableChanged(t: ClusterTable): void { this.lobby.tableChanged(t); }

  /** A clean stop: every lease released at once, so the others take the tables over without waiting. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const cancel of this.timers) cancel();
    const tables = this.leases.tables();
    await Promise.all(tables.map((t) => this.leases.release(t)));
    this.bus.publish('presence', { t: 'released', proc: this.id, tables });
    this.forwarding.stop();
  }
}
