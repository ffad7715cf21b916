import type { ClientMessage, ServerMessage } from '@parlor/protocol';
import { PROTOCOL_ERRORS } from '@parlor/protocol';
import { seatedPlayers } from '@parlor/table';
import { type Clock, systemClock } from '../clock.js';
import type { Bus } from '../cluster/bus.js';
import { Cluster, type ClusterHost, type ClusterTiming } from '../cluster/cluster.js';
import { type RewatchTry, Rewatches, rewatchTryOf } from '../cluster/rewatch.js';
import type { Connection, TableMessage } from '../connection.js';
import type { SessionEnd } from '../live-sessions.js';
import type { LobbyEntry } from '../lobby.js';
import type { Metrics } from '../metrics.js';
import type { Elsewhere } from '../players.js';
import type { Fence, Store } from '../store/store.js';
import type { Table } from '../table/table.js';
import { Refusal } from '../table/types.js';
import type { HostingPort, TableHosting } from './hosting.js';

/** The WebSocket close code for a client whose table could not be watched again: it reconnects, and watches its tables anew. */
export const REWATCH_CLOSE = { code: 1012, reason: 'the table moved to another server; reconnect' } as const;

/**
 * One process of a cluster (docs/operations.md, "A cluster"): each table is hosted by the process
 * holding its lease. A message about a table hosted elsewhere is forwarded to its host; a table
 * nobody hosts is taken by whoever needs it first (or by the cluster's scan for orphans); this
 * process's connections that watched a table follow it to its next host, tried until they watch it
 * there (rewatch.ts), or are closed so that their clients reconnect.
 */
export class ClusterHosting implements TableHosting, ClusterHost {
  readonly loadsOnDemand = false;
  readonly cluster: Cluster;
  readonly elsewhere: Elsewhere;
  /** The processes each local connection had messages forwarded to (told when it closes). */
  private readonly forwardedTo = new WeakMap<Connection, Set<string>>();
  /** Local connections watching a table hosted elsewhere, with the invite they watch it by: they watch it again at its next owner. */
  private readonly remoteWatches = new Map<string, Map<Connection, string | undefined>>();
  /** Tables being taken (their lease claimed, their game rebuilt), so that two requests take one. */
  private readonly taking = new Map<string, Promise<boolean>>();
  /** This process's connections watching a table again after it moved. */
  readonly rewatches: Rewatches;
  /** Stand-ins for connections through which a watch is sent again here: they are never forwarded, their refusals never sent. */
  private readonly quiet = new WeakSet<Connection>();

  /** `clock`: what the cluster's own waits (a forward's answer, a re-watch's backoff) are armed on. */
  constructor(private readonly port: HostingPort, private readonly store: Store, private readonly bus: Bus, timing: ClusterTiming, readonly metrics: Metrics,
    clock: Clock = systemClock) {
    this.cluster = new Cluster(this, store, bus, timing, clock);
    this.rewatches = new Rewatches({
      clock, rewatchMs: timing.rewatchMs,
      attempt: (c, tableId, invite, fresh) => this.watchAgain(c, tableId, invite, fresh),
      giveUp: (c, tableId, why) => {
        this.port.log.warn({ table: tableId, why }, 'a connection could not watch its table again after it moved; its client is asked to reconnect');
        this.remoteWatches.get(tableId)?.delete(c);
        c.close?.(REWATCH_CLOSE.code, REWATCH_CLOSE.reason);
      },
    });
    this.elsewhere = { online: (p) => this.cluster.onlineElsewhere(p), players: () => this.cluster.playersOnline() };
  }

  get tables(): ReadonlyMap<string, Table> { return this.port.tables; }
  get log(): HostingPort['log'] { return this.port.log; }

  start(): Promise<void> { return this.cluster.start(); }
  stop(): Promise<void> { return this.cluster.stop(); }

  async claim(tableId: string): Promise<Fence> {
    const token = await this.cluster.claim(tableId);
    if (token === null) throw new Refusal('TRY_AGAIN', PROTOCOL_ERRORS.TRY_AGAIN);
    return token;
  }

  release(tableId: string, fence: Fence): void {
    if (fence !== undefined) void this.cluster.release(tableId);
  }

  left(tableId: string, fence: Fence): void {
    if (fence !== undefined) void this.cluster.left(tableId).catch((err: unknown) => this.port.log.warn({ err, table: tableId }, 'a waiting table left memory, but the others could not be told; its lease runs out by itself'));
  }

  lost(tableId: string): void {
    this.port.log.warn({ table: tableId }, 'the store refused a write to a table: another process holds its lease now');
    if (this.port.tables.has(tableId)) this.cluster.lost(tableId);
  }

  async forward(c: Connection, msg: TableMessage): Promise<boolean> {
    if (c.remote !== true && await this.route(c, msg)) return true;
    // A message forwarded here while this process takes its table waits for it.
    await this.taking.get(msg.tableId)?.catch(() => false);
    return false;
  }

  *others(): Iterable<LobbyEntry & { readonly seatedPlayers: readonly string[] }> {
    for (const e of this.cluster.mirror.values()) if (!this.port.tables.has(e.id)) yield e;
  }

  changed(table: Table): void { this.cluster.tableChanged(table); }
  readiness() {
    return { problems: this.bus.ready ? [] : ['redis: not connected'], about: { process: this.cluster.id, tables: this.port.tables.size } };
  }
  announce(playerId: string, online: boolean): void { this.cluster.announce(playerId, online); }
  sessionsEnded(e: SessionEnd): void { this.cluster.sessionsEnded(e); }
  vacationChanged(playerId: string): void { this.cluster.vacationChanged(playerId); }
  moderated(playerId: string): void { this.cluster.moderated(playerId); }
  attach(c: Connection): void { this.cluster.attach(c); }
  detach(c: Connection): void {
    this.cluster.detach(c, this.forwardedTo.get(c) ?? []);
    for (const watching of this.remoteWatches.values()) watching.delete(c);
    this.rewatches.cancelAll(c);
  }

  /**
   * A message about a table hosted by another process goes there (true); a table hosted by no one
   * is taken by this process first. False: the message is handled here.
   */
  private async route(c: Connection, msg: TableMessage): Promise<boolean> {
    const id = msg.tableId;
    // The client's own watch (or leaving) of the table overrides one sent again for it.
    if (msg.type === 'table.watch' || msg.type === 'table.sit' || msg.type === 'table.unwatch') this.rewatches.cancel(c, id);
    if (this.port.tables.has(id)) {
      // It watched the table at its last host, and this process hosts it now (its message came
      // while the table was being taken, before the watchers were moved): it watches it here.
      const watching = this.remoteWatches.get(id);
      if (watching?.has(c) === true) {
        const invite = watching.get(c);
        watching.delete(c);
        if (msg.type !== 'table.watch' && msg.type !== 'table.sit' && msg.type !== 'table.unwatch') this.rewatches.start(c, id, invite);
      }
      return false;
    }
    let owner = await this.cluster.ownerOf(id);
    if (owner === null && await this.take(id)) return false;
    if (owner === null) owner = await this.cluster.ownerOf(id, true);
    if (owner === null || owner === this.cluster.id) return false; // not hosted anywhere: refused here as unknown or closed
    // A watch sent again here found the table gone elsewhere meanwhile: that try forwards it (watchAgain).
    if (this.quiet.has(c)) throw new Refusal('TRY_AGAIN', PROTOCOL_ERRORS.TRY_AGAIN);
    this.hostsOf(c).add(owner);
    if (msg.type === 'table.watch' || msg.type === 'table.sit') {
      let watching = this.remoteWatches.get(id);
      if (watching === undefined) this.remoteWatches.set(id, (watching = new Map()));
      watching.set(c, msg.invite);
    } else if (msg.type === 'table.unwatch') {
      this.remoteWatches.get(id)?.delete(c);
    }
    await this.cluster.forward(c, msg, owner);
    return true;
  }

  // ---- ClusterHost -----------------------------------------------------------------------------

  /** Takes a table no process hosts (its lease free): false when another took it first, or there is nothing to host. */
  take(tableId: string): Promise<boolean> {
    let taking = this.taking.get(tableId);
    if (taking === undefined) {
      taking = (async () => {
        if (this.port.tables.has(tableId)) return true;
        const token = await this.cluster.claim(tableId);
        if (token === null) return false;
        const row = await this.store.table(tableId).catch(async (e: unknown) => { await this.cluster.release(tableId); throw e; });
        if (row === null || row.status === 'closed') {
          await this.cluster.release(tableId);
          return false;
        }
        this.cluster.mirror.delete(row.id);
        try {
          await this.port.adopt(row, token);
        } catch (e) {
          await this.cluster.release(row.id);
          throw e;
        }
        this.cluster.hosting(row.id);
        // This process's own connections that watched the table at its last owner watch it here now.
        this.rewatchAt(row.id);
        this.remoteWatches.delete(row.id);
        return true;
      })().finally(() => this.taking.delete(tableId));
      this.taking.set(tableId, taking);
    }
    return taking;
  }

  /** This process lost a table's lease: the table leaves (writing nothing); its watchers here follow it to its next owner. */
  drop(tableId: string): void {
    const dropped = this.port.drop(tableId);
    if (dropped === null) return;
    const { table } = dropped;
    const summary = table.summary();
    this.cluster.mirror.set(tableId, { id: tableId, owner: '', seatedPlayers: seatedPlayers(table.row), row: table.row, summary: () => summary });
    if (dropped.watchers.length === 0) return;
    this.remoteWatches.set(tableId, new Map(dropped.watchers.map((c) => [c, table.row.invite])));
    // They watch it at its new owner (found in the store) without waiting for the owner's message.
    setImmediate(() => this.ownerChanged(tableId));
  }

  handle(c: Connection, msg: ClientMessage, received: number): Promise<void> { return this.port.handle(c, msg, received); }
  disconnect(c: Connection): void { this.port.disconnect(c); }
  presenceChanged(playerId: string, online: boolean, at: number): void { this.port.presenceChanged(playerId, online, at); }
  lobbyChanged(entry: LobbyEntry, gone?: boolean): void { this.port.lobbyChanged(entry, gone); }
  onlinePlayers(): string[] { return this.port.playersHere(); }
  playerName(playerId: string): string { return this.port.playerName(playerId); }
  isAccount(playerId: string): boolean { return this.port.isAccount(playerId); }
  avatar(playerId: string): string | null { return this.port.avatar(playerId); }
  isBot(playerId: string): boolean { return this.port.isBot(playerId); }
  renamed(playerId: string, name: string, account: boolean, avatar: string | null, bot: boolean): void { this.port.renamed(playerId, name, account, avatar, bot); }
  endSessions(e: SessionEnd): void { this.port.endSessions(e); }
  vacationHeard(playerId: string): Promise<void> { return this.port.vacationHeard(playerId); }
  moderatedHeard(playerId: string): void { this.port.moderatedHeard(playerId); }

  /** A table this process's connections watch elsewhere has a new owner: they watch it there. */
  ownerChanged(tableId: string): void { this.rewatchAt(tableId); }

  /** Every table this process's connections watch elsewhere is watched again (another process may have forgotten them). */
  rewatch(): void {
    for (const tableId of this.remoteWatches.keys()) this.rewatchAt(tableId);
  }

  private rewatchAt(tableId: string): void {
    for (const [c, invite] of this.remoteWatches.get(tableId) ?? []) this.rewatches.start(c, tableId, invite);
  }

  /** The processes a connection of this process had messages forwarded to (told when it closes). */
  private hostsOf(c: Connection): Set<string> {
    let owners = this.forwardedTo.get(c);
    if (owners === undefined) this.forwardedTo.set(c, (owners = new Set()));
    return owners;
  }

  /**
   * One try to watch a table again for connection `c`, wherever it is hosted now. The client hears
   * the table and its game as for its own watch, but none of the refusals of a try.
   */
  private async watchAgain(c: Connection, tableId: string, invite: string | undefined, fresh: boolean): Promise<RewatchTry> {
    const msg: TableMessage = { type: 'table.watch', tableId, ...(invite === undefined ? {} : { invite }) };
    const owner = this.port.tables.has(tableId) ? this.cluster.id : await this.cluster.ownerOf(tableId, fresh);
    if (owner !== null && owner !== this.cluster.id) {
      this.hostsOf(c).add(owner);
      let watching = this.remoteWatches.get(tableId);
      if (watching === undefined) this.remoteWatches.set(tableId, (watching = new Map()));
      watching.set(c, invite);
      const r = await this.cluster.forward(c, msg, owner, true);
      return r.ok ? 'watching' : rewatchTryOf(r.code);
    }
    // Hosted here, or by no one (this process takes it): handled as the client's own watch, through
    // a stand-in for the connection that keeps the refusal (the table's messages go to `c` itself).
    let refused: string | undefined;
    const stand: Connection = { ...c, send: (m: ServerMessage) => { if (m.type === 'error') refused ??= m.code; else c.send(m); } };
    this.quiet.add(stand);
    await this.port.handle(stand, msg, performance.now());
    return refused === undefined ? 'watching' : rewatchTryOf(refused);
  }
}
