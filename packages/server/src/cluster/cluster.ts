import type { ClientMessage, ServerMessage, TableSummary } from '@parlor/protocol';
import type { Connection } from '../connection.js';
import { type Frame, frameOf, frameText } from '../frame.js';
import type { LobbyEntry } from '../lobby.js';
import { randomId } from '../identity.js';
import { RateLimit } from '../rate-limit.js';
import { type Fence, LeaseLost, type Store, type TableRow } from '../store/store.js';
import type { Metrics } from '../metrics.js';
import type { Bus } from './bus.js';

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

const OWNER_CACHE_MS = 10_000;

/** The cluster's clocks from the lease's length: renewed three times per lease, a silent process dead a second after it. */
export function clusterTiming(leaseMs: number): ClusterTiming {
  const renewMs = Math.max(100, Math.floor(leaseMs / 3));
  return { leaseMs, renewMs, scanMs: renewMs, deadMs: leaseMs + 1000, forwardMs: leaseMs + 2000 };
}

export const DEFAULT_TIMING: ClusterTiming = clusterTiming(3000);

/** What the cluster needs from the hub of its process. */
export interface ClusterHost {
  /** The tables this process hosts, by id. */
  readonly tables: ReadonlyMap<string, { readonly id: string; readonly row: TableRow; fence: Fence; summary(): TableSummary }>;
  /** Takes a table whose lease is free (claims it, rebuilds its game from the log): false when another process took it first. */
  take(tableId: string): Promise<boolean>;
  /** A table this process no longer owns leaves it (its timers stop; it writes nothing more). */
  drop(tableId: string): void;
  /** Handles a message forwarded from another process's connection. */
  handle(c: Connection, msg: ClientMessage, received: number): Promise<void>;
  /** A forwarded connection closed (or its process died). */
  disconnect(c: Connection): void;
  /** A player's presence anywhere in the cluster changed. */
  presenceChanged(playerId: string, online: boolean, at: number): void;
  /** The lobby heard of a table hosted elsewhere. */
  lobbyChanged(entry: LobbyEntry): void;
  /** A table this process watches for its own connections has a new owner: watch it again there. */
  ownerChanged(tableId: string): void;
  /** Players with an open connection to this process. */
  onlinePlayers(): string[];
  /** Every table this process's connections watch elsewhere is watched again (another process may have forgotten them). */
  rewatch(): void;
  playerName(playerId: string): string;
  isAccount(playerId: string): boolean;
  /** A player's name and whether they are an account, as the process they are connected to knows them. */
  renamed(playerId: string, name: string, account: boolean): void;
  readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  readonly metrics: Metrics;
}

type ProcMessage =
  | { t: 'req'; from: string; id: number; conn: string; player: { id: string; name: string; account: boolean }; address: string; msg: ClientMessage; sent: number }
  | { t: 'deliver'; conns: string[]; frame: string }
  | { t: 'done'; id: number }
  | { t: 'gone'; from: string; conn: string }
  | { t: 'batch'; msgs: ProcMessage[] };

type PresenceMessage =
  | { t: 'beat'; proc: string }
  | { t: 'up' | 'down'; proc: string; player: string; at: number }
  | { t: 'sync'; proc: string }
  | { t: 'online'; proc: string; players: string[] }
  | { t: 'owner'; proc: string; table: string }
  | { t: 'released'; proc: string; tables: string[] };

type LobbyMessage = { t: 'table'; owner: string; summary: TableSummary; row: LobbyEntry['row'] & { readonly seatedPlayers: string[] } };

/**
 * Several processes serving one Parlor (docs/operations.md, "A cluster"). Each table is hosted by
 * exactly one process, which holds its lease (the store checks the lease's fencing token on every
 * write, so a process that lost a table can never write to it again). A message for a table hosted
 * elsewhere is forwarded to its owner, which answers the client through this process; updates for
 * watchers on other processes travel the same way. Leases are renewed while the process lives; a
 * table whose lease ran out (its owner died) is taken over by a live process, which rebuilds it from
 * its log. Presence and the lobby are mirrored through Redis.
 */
export class Cluster {
  readonly id = `${process.pid}-${randomId(4)}`;
  /** Tables whose lease this process holds, with its token. */
  private readonly leases = new Map<string, number>();
  /** Requests forwarded from here, waiting for their owner's `done`. */
  private readonly waiting = new Map<number, { resolve: () => void; timer: NodeJS.Timeout }>();
  private nextRequest = 1;
  /** Local connections by id, for deliveries to them; forwarded connections by `<proc>:<conn>`. */
  private readonly local = new Map<string, Connection>();
  private readonly localIds = new WeakMap<Connection, string>();
  private readonly remote = new Map<string, Connection & { proc: string }>();
  /** Where each player is online (process ids), from other processes' presence messages. */
  private readonly presence = new Map<string, Set<string>>();
  private readonly lastBeat = new Map<string, number>();
  /** Processes that went silent and were taken for dead. */
  private readonly wasDead = new Set<string>();
  /** The lobby's tables hosted elsewhere. */
  readonly mirror = new Map<string, LobbyEntry & { owner: string; seatedPlayers: string[] }>();
  private readonly ownerCache = new Map<string, { owner: string | null; at: number }>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopping = false;

  constructor(private readonly host: ClusterHost, private readonly store: Store, private readonly bus: Bus, readonly timing: ClusterTiming = DEFAULT_TIMING) {}

  async start(): Promise<void> {
    await this.bus.subscribe(`proc:${this.id}`, (m) => {
      this.onProc(m as ProcMessage).catch((err: unknown) => this.host.log.error({ err }, 'a message from another process failed'));
    });
    await this.bus.subscribe('presence', (m) => this.onPresence(m as PresenceMessage));
    await this.bus.subscribe('lobby', (m) => this.onLobby(m as LobbyMessage));
    this.bus.onReconnect(() => { this.sync(); this.host.rewatch(); });
    this.sync();
    // A task still running when its time comes again (a slow store) is not started twice.
    const every = (ms: number, fn: () => unknown) => {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        void Promise.resolve().then(fn).catch((err: unknown) => this.host.log.warn({ err }, 'a cluster task failed; it runs again'))
          .finally(() => { running = false; });
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.timing.renewMs, () => this.renew());
    every(this.timing.scanMs, () => this.scan());
    every(this.timing.renewMs, () => this.beat());
    await this.scan();
  }

  /** Asks the others who is online (at start, and after Redis came back). */
  private sync(): void {
    this.bus.publish('presence', { t: 'sync', proc: this.id });
    this.bus.publish('presence', { t: 'online', proc: this.id, players: this.host.onlinePlayers() });
  }

  // ---- leases --------------------------------------------------------------------------------

  /** Takes a table's lease if it is free: the token, or null when another process holds it. */
  async claim(tableId: string): Promise<number | null> {
    const held = this.leases.get(tableId);
    if (held !== undefined) return held;
    const token = await this.store.acquireLease(tableId, this.id, this.timing.leaseMs);
    if (token !== null) {
      this.leases.set(tableId, token);
      this.ownerCache.set(tableId, { owner: this.id, at: Date.now() });
    }
    return token;
  }

  /** A table this process took is ready (hosted): the others send its messages here from now on. */
  hosting(tableId: string): void {
    this.bus.publish('presence', { t: 'owner', proc: this.id, table: tableId });
  }

  /** A table this process hosted leaves it: its lease is released so another may take it at once. */
  async release(tableId: string): Promise<void> {
    const token = this.leases.get(tableId);
    this.leases.delete(tableId);
    if (token !== undefined) await this.store.releaseLease(tableId, this.id, token).catch(() => undefined);
  }

  /** The fencing token this process writes a table with. */
  fence(tableId: string): Fence {
    return this.leases.get(tableId);
  }

  /** Renews every lease this process holds, in one statement; a lease found taken is dropped. */
  private async renew(): Promise<void> {
    const leases = [...this.leases].map(([tableId, token]) => ({ tableId, token }));
    if (leases.length === 0) return;
    let held: Set<string>;
    try {
      held = new Set(await this.store.renewLeases(this.id, leases, this.timing.leaseMs));
    } catch {
      return; // the store is away: try again; if a lease runs out meanwhile, its fence will say so
    }
    for (const { tableId, token } of leases) {
      if (!held.has(tableId) && this.leases.get(tableId) === token) this.lost(tableId);
    }
  }

  /** This process learnt that another holds a table it hosted: it stops hosting it, writing nothing. */
  lost(tableId: string): void {
    this.host.metrics.leasesLost.inc();
    this.leases.delete(tableId);
    this.ownerCache.delete(tableId);
    this.host.log.warn({ table: tableId }, 'lost the lease of a table: another process hosts it now');
    this.host.drop(tableId);
  }

  /** Takes over the open and running tables whose owner is gone. */
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

  /**
   * Who hosts a table: this process (it took the free lease now, or holds it), another process, or
   * null when no one does and it is not this process's to take (a closed or unknown table).
   */
  async ownerOf(tableId: string, fresh = false): Promise<string | null> {
    if (this.leases.has(tableId)) return this.id;
    const cached = this.ownerCache.get(tableId);
    // Another process's hold is remembered for a while (an 'owner' message, a death or a
    // forward that went unanswered forgets it sooner); a free lease is asked again each time.
    if (!fresh && cached !== undefined && cached.owner !== null && Date.now() - cached.at < OWNER_CACHE_MS) return cached.owner;
    const lease = await this.store.leaseOf(tableId);
    const owner = lease !== null && lease.expiresAt > Date.now() && lease.owner !== this.id ? lease.owner : null;
    this.ownerCache.set(tableId, { owner, at: Date.now() });
    return owner;
  }

  // ---- forwarding ------------------------------------------------------------------------------

  /** A connection of this process: deliveries for it come through the cluster. */
  attach(c: Connection): void {
    const id = randomId(6);
    this.local.set(id, c);
    this.localIds.set(c, id);
  }

  /** A connection of this process closed: the owners it talked to forget it. */
  detach(c: Connection, owners: Iterable<string>): void {
    const id = this.localIds.get(c);
    if (id === undefined) return;
    this.local.delete(id);
    for (const owner of new Set(owners)) this.post(owner, { t: 'gone', from: this.id, conn: id });
  }

  /**
   * Sends `msg`, from connection `c` of this process, to the owner of its table; resolves once the
   * owner has handled it (its replies reach the client through this process), or answers TRY_AGAIN
   * when the owner does not (it died, and the table is moving to another process).
   */
  forward(c: Connection, msg: ClientMessage, owner: string): Promise<void> {
    const id = this.nextRequest++;
    const conn = this.localIds.get(c)!;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.ownerCache.clear();
        this.host.metrics.forwardTimeouts.inc();
        c.send({ type: 'error', ...(msg.id === undefined ? {} : { re: msg.id }), code: 'TRY_AGAIN', message: 'The table is moving to another server; send that again.' });
        resolve();
      }, this.timing.forwardMs);
      this.waiting.set(id, { resolve, timer });
      this.host.metrics.forwarded.inc();
      const player = { id: c.playerId!, name: this.host.playerName(c.playerId!), account: this.host.isAccount(c.playerId!) };
      this.post(owner, { t: 'req', from: this.id, id, conn, player, address: c.address, msg, sent: Date.now() });
    });
  }

  /**
   * Messages for each process, sent together at the end of this turn of the event loop, with the
   * frame of the last one when it is a delivery.
   */
  private readonly outbox = new Map<string, { msgs: ProcMessage[]; frame: Frame | null }>();

  /**
   * Sends `m` to process `proc`. What one turn of the event loop sends to one process (a move's
   * reply and the updates of every watcher there, say) goes as one Redis message, in order.
   */
  private post(proc: string, m: ProcMessage): void {
    const q = this.queue(proc);
    q.msgs.push(m);
    q.frame = null;
  }

  /**
   * Sends `frame` to connection `conn` of process `proc`. A frame sent to several connections of
   * one process in a row (a table's update for its watchers there) goes once, with their list.
   */
  private deliver(proc: string, conn: string, frame: Frame): void {
    const q = this.queue(proc);
    const last = q.msgs.at(-1);
    if (q.frame === frame && last?.t === 'deliver') {
      last.conns.push(conn);
      return;
    }
    q.msgs.push({ t: 'deliver', conns: [conn], frame: frame.json });
    q.frame = frame;
  }

  private queue(proc: string): { msgs: ProcMessage[]; frame: Frame | null } {
    let q = this.outbox.get(proc);
    if (q === undefined) {
      this.outbox.set(proc, (q = { msgs: [], frame: null }));
      if (this.outbox.size === 1) setImmediate(() => this.flush());
    }
    return q;
  }

  private flush(): void {
    for (const [proc, { msgs }] of this.outbox) this.bus.publish(`proc:${proc}`, msgs.length === 1 ? msgs[0] : { t: 'batch', msgs });
    this.outbox.clear();
  }

  private async onProc(m: ProcMessage): Promise<void> {
    switch (m.t) {
      case 'batch':
        // Each as if it had come alone, in order: deliveries and `done`s at once, requests started
        // in turn and handled side by side (one connection's requests never share a batch: its
        // process sends the next only after the `done` of the last).
        for (const x of m.msgs) this.onProc(x).catch((err: unknown) => this.host.log.error({ err }, 'a message from another process failed'));
        return;
      case 'deliver': {
        // The text its host serialized once, written to each socket as it is.
        const frame = frameText(m.frame);
        for (const conn of m.conns) this.local.get(conn)?.sendFrame(frame);
        return;
      }
      case 'done': {
        const w = this.waiting.get(m.id);
        if (w === undefined) return;
        clearTimeout(w.timer);
        this.waiting.delete(m.id);
        w.resolve();
        return;
      }
      case 'gone': {
        const key = `${m.from}:${m.conn}`;
        const c = this.remote.get(key);
        if (c !== undefined) { this.remote.delete(key); this.host.disconnect(c); }
        return;
      }
      case 'req': {
        // A request its sender has stopped waiting for (it answered TRY_AGAIN) is not played: the
        // client may be sending it again. (A second of clock difference between machines is allowed.)
        if (Date.now() - m.sent > this.timing.forwardMs - 1000) {
          this.host.log.warn({ from: m.from }, 'a forwarded request came too late; dropped (its client was told to send it again)');
          return;
        }
        // The player as their own process knows them (their name may have changed since).
        this.host.renamed(m.player.id, m.player.name, m.player.account);
        const c = this.remoteConnection(m.from, m.conn, m.player.id, m.address);
        try {
          await this.host.handle(c, m.msg, performance.now());
        } finally {
          this.post(m.from, { t: 'done', id: m.id });
        }
      }
    }
  }

  /** The connection of another process as this one sees it: what it is sent goes back there. */
  private remoteConnection(proc: string, conn: string, playerId: string, address: string): Connection & { proc: string } {
    const key = `${proc}:${conn}`;
    let c = this.remote.get(key);
    if (c === undefined) {
      c = {
        id: key, proc, playerId, address, watching: new Set(), lobby: false, remote: true,
        send: (msg: ServerMessage) => this.deliver(proc, conn, frameOf(msg)),
        sendFrame: (frame: Frame) => this.deliver(proc, conn, frame),
        // Rate limits are applied where the socket is.
        limit: new RateLimit(1e9, 1e9), chatLimit: new RateLimit(3, 1),
      };
      this.remote.set(key, c);
    }
    return c;
  }

  // ---- presence and the lobby --------------------------------------------------------------------

  /** A player's first connection to this process opened, or its last closed. */
  announce(playerId: string, online: boolean): void {
    this.bus.publish('presence', { t: online ? 'up' : 'down', proc: this.id, player: playerId, at: Date.now() });
  }

  /** The players with a connection to another process. */
  playersOnline(): Iterable<string> {
    return this.presence.keys();
  }

  /** Whether a player has a connection to another process. */
  onlineElsewhere(playerId: string): boolean {
    return (this.presence.get(playerId)?.size ?? 0) > 0;
  }

  private beat(): void {
    this.bus.publish('presence', { t: 'beat', proc: this.id });
    const now = Date.now();
    for (const [proc, at] of this.lastBeat) if (now - at > this.timing.deadMs) this.dead(proc);
  }

  /** A process stopped answering: its players are offline, its forwarded connections gone. */
  private dead(proc: string): void {
    this.lastBeat.delete(proc);
    this.wasDead.add(proc);
    const now = Date.now();
    for (const [player, procs] of this.presence) {
      if (procs.delete(proc) && procs.size === 0) { this.presence.delete(player); this.host.presenceChanged(player, false, now); }
    }
    for (const [key, c] of this.remote) {
      if (c.proc === proc) { this.remote.delete(key); this.host.disconnect(c); }
    }
    for (const [id, cached] of this.ownerCache) if (cached.owner === proc) this.ownerCache.delete(id);
    this.scanSoon(); // its tables are orphans as soon as their leases run out
  }

  private onPresence(m: PresenceMessage): void {
    if (m.proc === this.id) return;
    this.lastBeat.set(m.proc, Date.now());
    if (this.wasDead.delete(m.proc)) {
      // A process taken for dead (Redis was away) is back: it forgot this one's connections, whose
      // watches are sent again, and it hears who is online here.
      this.host.rewatch();
      this.bus.publish('presence', { t: 'online', proc: this.id, players: this.host.onlinePlayers() });
    }
    switch (m.t) {
      case 'beat': return;
      case 'sync': this.bus.publish('presence', { t: 'online', proc: this.id, players: this.host.onlinePlayers() }); return;
      case 'online': for (const p of m.players) this.seen(p, m.proc, true, Date.now()); return;
      case 'up': case 'down': this.seen(m.player, m.proc, m.t === 'up', m.at); return;
      case 'owner':
        this.ownerCache.set(m.table, { owner: m.proc, at: Date.now() });
        if (this.leases.has(m.table)) this.lost(m.table); // someone took a lease this process thought it held
        this.host.ownerChanged(m.table);
        return;
      case 'released':
        for (const t of m.tables) this.ownerCache.delete(t);
        this.scanSoon();
    }
  }

  private seen(player: string, proc: string, online: boolean, at: number): void {
    let procs = this.presence.get(player);
    const before = procs !== undefined && procs.size > 0;
    if (online) {
      if (procs === undefined) this.presence.set(player, (procs = new Set()));
      procs.add(proc);
    } else if (procs !== undefined) {
      procs.delete(proc);
      if (procs.size === 0) this.presence.delete(player);
    }
    const after = (this.presence.get(player)?.size ?? 0) > 0;
    if (before !== after) this.host.presenceChanged(player, after, at);
  }

  /** A table this process hosts changed: the other processes' lobbies hear of it. */
  tableChanged(t: { readonly id: string; readonly row: TableRow; summary(): TableSummary }): void {
    const seatedPlayers = t.row.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : []));
    const { status, private: priv, game, createdAt, seats } = t.row;
    this.bus.publish('lobby', { t: 'table', owner: this.id, summary: t.summary(), row: { status, private: priv, game, createdAt, seats, seatedPlayers } });
  }

  private onLobby(m: LobbyMessage): void {
    if (m.owner === this.id || this.host.tables.has(m.summary.id)) return;
    const summary = m.summary;
    const entry = { id: summary.id, owner: m.owner, seatedPlayers: m.row.seatedPlayers, row: m.row, summary: () => summary };
    if (m.row.status === 'closed' || m.row.status === 'finished') this.mirror.delete(summary.id);
    else this.mirror.set(summary.id, entry);
    this.host.lobbyChanged(entry);
  }

  /** A clean stop: every lease released at once, so the others take the tables over without waiting. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    const tables = [...this.leases.keys()];
    await Promise.all(tables.map((t) => this.release(t)));
    this.bus.publish('presence', { t: 'released', proc: this.id, tables });
    for (const w of this.waiting.values()) { clearTimeout(w.timer); w.resolve(); }
  }
}
