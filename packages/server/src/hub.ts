import { type ClientMessage, PROTOCOL_ERRORS } from '@parlor/protocol';
import { BotPool } from '@parlor/table';
import { SessionChecks } from './accounts/sessions.js';
import { chat } from './chat.js';
import { createTable } from './create-table.js';
import { tableMessage } from './table-messages.js';
import { refused } from './refused.js';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import { type Connection, type FrameWriter, openConnection } from './connection.js';
import { hello } from './hello.js';
import type { HostingPort, TableHosting } from './hosting/hosting.js';
import { AddressLimits } from './limits.js';
import { LiveSessions, type SessionEnd } from './live-sessions.js';
import type { LobbyEntry } from './lobby.js';
import { LobbyWatch } from './lobby-watch.js';
import type { Metrics } from './metrics.js';
import { Players } from './players.js';
import { LiveModeration } from './moderation/live.js';
import { Invitations } from './invitations.js';
import { FriendPresence } from './social/friend-presence.js';
import type { Store, TableRow } from './store/store.js';
import { Tables } from './tables.js';
import { Tournaments } from './tournaments.js';
import type { Bus } from './cluster/bus.js';
import { pruneIdle } from './prune.js';
import type { Table } from './table/table.js';
import { type Client, Refusal, type TableHost } from './table/types.js';

export interface HubDeps {
  readonly store: Store;
  readonly metrics: Metrics;
  readonly config: ServerConfig;
  readonly log: TableHost['log'];
  readonly clock: Clock;
  readonly seeds: (tableId: string, gameNo: number) => string;
  /** Where tables are hosted: here alone, or in a cluster (hosting/). */
  readonly hosting: (port: HostingPort) => TableHosting;
  /** A cluster's bus (tournaments' changes go to every process); absent alone. */
  readonly bus?: Bus;
}

/**
 * The server's connections: each one's hello, then its messages, answered with `ok`, `error` or
 * their own reply — the lobby and its online count (lobby-watch.ts), chat (chat.ts), and the
 * tables (tables.ts), wherever they are hosted (hosting/). Messages arrive already parsed and
 * size-checked.
 */
export class Hub implements HostingPort {
  readonly players: Players;
  /** Whether a session token may be used; this process's connections by session, to end them. */
  readonly sessions: SessionChecks;
  readonly live = new LiveSessions();
  readonly moderation: LiveModeration; // sanctions in force, and a moderator's action told to every process (moderation/live.ts)
  private readonly registry: Tables;
  /** The tournaments, directed here (alone) or by the holder of each one's lease (a cluster). */
  readonly tournaments: Tournaments;
  /** Invitations to tables (`table.invite`): to the invitee's pages, and by push or mail. */
  readonly invitations: Invitations;
  readonly friends: FriendPresence; // `friend.presence` to the pages here of a player's friends
  readonly hosting: TableHosting;
  private readonly lobby: LobbyWatch;
  private readonly limits: AddressLimits;
  /** Connections by id (this process's, and other processes' ones forwarded here), for deliveries. */
  private readonly byId = new Map<string, Connection>();
  private nextId = 1;
  private stopSweep: (() => void) | null = null;

  constructor(private readonly d: HubDeps) {
    this.limits = new AddressLimits(d.config);
    this.sessions = new SessionChecks(d.store, d.clock, d.config.sessionIdleDays);
    this.hosting = d.hosting(this);
    this.moderation = new LiveModeration(d.store.moderation, d.clock, this.hosting, (e) => this.sessionsEnded(e), (p) => void d.store.playerById(p).then((r) => {
      if (r !== null && this.players.known(p)) this.renamed(p, r.name, Boolean(r.accountSince), r.avatar ?? null, r.bot === true);
    }).catch(() => undefined));
    this.players = new Players(d.clock, this.hosting.elsewhere);
    this.lobby = new LobbyWatch(() => this.lobbyEntries(), () => this.players.online, d.store);
    this.registry = new Tables({
      store: d.store, metrics: d.metrics, config: d.config, clock: d.clock, log: d.log, bots: new BotPool(), seeds: d.seeds,
      players: this.players, limits: this.limits, client: (id) => this.client(id), lobbyChanged: (e, gone) => this.lobby.changed(e, gone),
      hosting: this.hosting, gameFinished: (row, f) => this.tournaments.gameFinished(row, f),
    });
    this.tournaments = new Tournaments({ ...d, tables: this.registry, players: this.players, connections: () => this.players.all() });
    this.invitations = new Invitations({ ...d, tables: this.registry, players: this.players });
    this.friends = new FriendPresence({ friends: d.store.friends, playerById: (id) => d.store.playerById(id), players: this.players, log: d.log });
  }

  get store(): Store { return this.d.store; }
  get config(): ServerConfig { return this.d.config; }
  get log(): TableHost['log'] { return this.d.log; }
  get tables(): ReadonlyMap<string, Table> { return this.registry.hosted; } // the tables hosted here, by id
  set notices(fn: Invitations['notify']) { this.registry.notify = fn; this.invitations.notify = fn; } // push and mail (notify/)
  get onlineEveryMs(): number { return this.lobby.onlineEveryMs; }
  set onlineEveryMs(ms: number) { this.lobby.onlineEveryMs = ms; }
  get online(): number { return this.players.online; }

  /** Hosting begins (tables rebuilt from their logs), and the idle sweep. */
  async load(): Promise<void> {
    await this.hosting.start();
    this.registry.startWaking();
    await this.tournaments.start();
    await this.invitations.start();
    const sweepSoon = () => {
      this.stopSweep = this.d.clock.after(this.d.config.sweepSeconds * 1000, () => void this.sweep().finally(() => { if (this.stopSweep !== null) sweepSoon(); }));
    };
    sweepSoon();
  }

  /** Idle tables close or are finished by bots; finished tables nobody watches leave memory; idle guests are pruned. */
  async sweep(now = this.d.clock.now()): Promise<void> {
    await this.registry.sweep(now);
    this.limits.sweep();
    await pruneIdle({ ...this.d, sessions: this.sessions, live: this.live }, now);
  }

  /** The lobby's tables: this process's, and in a cluster those the others host. */
  *lobbyEntries(): Iterable<LobbyEntry> {
    yield* this.registry.hosted.values();
    yield* this.hosting.others();
  }

  // ---- HostingPort ---------------------------------------------------------------------------
  hostAll(): Promise<void> { return this.registry.hostAll(); }
  adopt(row: TableRow, fence: number | undefined): Promise<Table> { return this.registry.adopt(row, fence); }
  drop(tableId: string): { table: Table; watchers: Connection[] } | null {
    const table = this.registry.drop(tableId);
    if (table === undefined) return null;
    const watchers = [...this.players.all()].filter((c) => c.watching.delete(tableId));
    return { table, watchers };
  }
  presenceChanged(playerId: string, online: boolean, at: number): void {
    this.onlineChanged(playerId);
    const connected = online || this.players.isConnected(playerId);
    if (!connected) this.players.seen(playerId, at);
    for (const t of this.registry.seatedAt(playerId)) void t.tell(playerId, connected).catch(() => undefined);
  }
  lobbyChanged(entry: LobbyEntry, gone?: boolean): void { this.lobby.changed(entry, gone); }
  playersHere(): string[] { return this.players.here(); }
  playerName(id: string): string { return this.players.name(id); }
  isAccount(id: string): boolean { return this.players.isAccount(id); }
  avatar(id: string): string | null { return this.players.avatar(id); }
  isBot(id: string): boolean { return this.players.isBot(id); }
  moderatedHeard(playerId: string): void { this.moderation.heard(playerId); }

  /** Sessions ended (a sign-out, a password change, an account deleted): their sockets close here and on every other process. */
  sessionsEnded(e: SessionEnd): void { this.live.end(e); this.hosting.sessionsEnded(e); }
  /** Another process ended sessions: their sockets here close. */
  endSessions(e: SessionEnd): void { this.live.end(e); }
  /** A player's days off changed (`here`: through this process, and every other is told): their tables here that allow vacations hear of it. */
  async vacationHeard(playerId: string, here = false): Promise<void> {
    this.players.knowVacations(playerId, await this.d.store.vacations.vacationsOf(playerId));
    for (const t of this.registry.seatedAt(playerId)) if (t.row.turnBased?.vacation === true) void t.tell(playerId, true).catch(() => undefined);
    if (here) this.hosting.vacationChanged(playerId);
  }

  /** A name, avatar or bot flag changed outside a connection (a claim, an avatar, a deletion, a moderator's rename): seats here show it at once. */
  renamed(playerId: string, name: string, account: boolean, avatar: string | null, bot: boolean): void {
    this.players.know(playerId, name, account, avatar, bot);
    for (const t of this.registry.seatedAt(playerId)) void t.tell(playerId, true).catch(() => undefined);
  }

  // ---- connections ---------------------------------------------------------------------------
  connectionsFrom(address: string): number { return this.limits.connectionsFrom(address); }

  /** A new connection (connection.ts's openConnection), or null when its address has too many open already. */
  connect(write: FrameWriter, address = 'unknown', close: (code: number, reason: string) => void = () => {}): Connection | null {
    const c = openConnection({ limits: this.limits, metrics: this.d.metrics, config: this.d.config }, () => `c${this.nextId++}`, write, address, close);
    if (c === null) return null;
    this.byId.set(c.id, c);
    this.hosting.attach(c);
    return c;
  }

  disconnect(c: Connection): void {
    this.byId.delete(c.id);
    for (const id of c.watching) void this.registry.hosted.get(id)?.feed({ type: 'unwatch', watcher: c.id }).catch(() => undefined);
    if (c.remote === true) return;
    const session = this.live.detach(c);
    if (session !== null) this.sessions.usedUntilNow(session);
    this.hosting.detach(c);
    this.d.metrics.sockets.dec();
    this.limits.disconnect(c.address);
    this.lobby.unwatch(c);
    this.tournaments.unwatch(c);
    if (!this.players.remove(c)) return;
    const playerId = c.playerId!;
    this.hosting.announce(playerId, false);
    this.onlineChanged(playerId);
    if (this.players.isConnected(playerId)) return; // still connected to another process of the cluster
    for (const t of this.registry.seatedAt(playerId)) void t.tell(playerId).catch(() => undefined);
  }

  private onlineChanged(playerId: string): void { this.lobby.onlineChanged(); this.friends.changed(playerId); } // the count, and friends' pages

  private client(id: string): Client | undefined {
    const c = this.byId.get(id);
    return c === undefined || c.playerId === null ? undefined : c as Client;
  }

  /** One message from a connection. Never throws: refusals go back as `error`. */
  async handle(c: Connection, msg: ClientMessage, received: number): Promise<void> {
    const re = msg.id;
    try {
      if (this.live.hasEnded(c)) throw new Refusal('SESSION_ENDED', PROTOCOL_ERRORS.SESSION_ENDED);
      if (msg.type === 'hello') {
        if (c.playerId === null && msg.token === undefined && !this.limits.newGuest(c.address)) {
          throw new Refusal('TOO_MANY_GUESTS', `Too many new players from your address this hour (at most ${this.d.config.guestsPerAddressPerHour}); reconnect with your token, or try later.`);
        }
        await hello({ store: this.d.store, clock: this.d.clock, players: this.players, tables: this.registry, hosting: this.hosting,
          sessions: this.sessions, live: this.live, sanctions: this.moderation.sanctions, graceSeconds: this.d.config.graceSeconds, onlineChanged: (p) => this.onlineChanged(p) }, c, msg);
        if (c.playerId !== null) void this.d.store.touchPlayer(c.playerId, new Date(this.d.clock.now()).toISOString()).catch(() => {});
        return;
      }
      if (msg.type === 'ping') return c.send({ type: 'pong', ...(re === undefined ? {} : { re }) });
      if (c.playerId === null) throw new Refusal('HELLO_FIRST', PROTOCOL_ERRORS.HELLO_FIRST);
      if (c.remote === true) this.byId.set(c.id, c);
      if ('tableId' in msg && await this.hosting.forward(c, msg)) return;
      await this.message(c, c.playerId, msg, received);
    } catch (caught) {
      refused({ log: this.d.log, metrics: this.d.metrics, lost: (id) => this.hosting.lost(id) }, c, re, caught);
    }
  }

  private async message(c: Connection, playerId: string, msg: Exclude<ClientMessage, { type: 'hello' | 'ping' }>, received: number): Promise<void> {
    const re = msg.id;
    const ok = (tableId?: string) => c.send({ type: 'ok', ...(re === undefined ? {} : { re }), ...(tableId === undefined ? {} : { tableId }) });
    switch (msg.type) {
      case 'lobby.watch': return this.lobby.watch(c, msg);
      case 'lobby.unwatch': this.lobby.unwatch(c); return ok();
      case 'tournament.watch': return this.tournaments.watch(c, msg.tournamentId, msg.invite, re);
      case 'tournament.unwatch': this.tournaments.unwatch(c, msg.tournamentId); return ok();
      case 'table.create': return createTable({ config: this.d.config, clock: this.d.clock, players: this.players, tables: this.registry, limits: this.limits }, c, playerId, msg);
      case 'table.invite': return this.invitations.invite(playerId, msg, ok);
      case 'chat.send':
        return chat({ tables: this.registry, clock: this.d.clock, client: (id) => this.client(id), who: (id) => this.players.info(id), moderation: this.moderation }, c, msg.tableId, msg.text).then(() => ok());
      default: return tableMessage({ tables: this.registry, players: this.players, metrics: this.d.metrics, sanctions: this.moderation.sanctions }, c, playerId, msg, received, ok);
    }
  }

  async close(): Promise<void> {
    this.stopSweep?.();
    this.stopSweep = null;
    this.lobby.close();
    await this.tournaments.stop();
    await this.invitations.stop();
    // Queued table work (a move being stored) ends before the store closes, then leases are released.
    await this.registry.settle();
    await this.hosting.stop();
  }
}
