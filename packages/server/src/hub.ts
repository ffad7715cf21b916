import { type ClientMessage, MAX_CHAT_LENGTH, PROTOCOL_ERRORS, PROTOCOL_VERSION, type ServerMessage } from '@parlor/protocol';
import { exportGame } from './export.js';
import { AddressLimits } from './limits.js';
import { Lobby, type LobbyEntry } from './lobby.js';
import { TableIndex } from './table-index.js';
import type { ServerConfig } from './config.js';
import { botLevels } from '@parlor/bots';
import { GAME_IDS, type GameId, gameModule } from '@parlor/rules';
import { nameKey } from './accounts/names.js';
import { cleanName, hashToken, randomId } from './identity.js';
import type { Clock } from './clock.js';
import type { Metrics } from './metrics.js';
import { RateLimit } from './rate-limit.js';
import { type Fence, LeaseLost, type Store, StoreUnavailable, type TableRow } from './store/store.js';
import type { Cluster, ClusterHost } from './cluster/cluster.js';
import { storeRefusal } from './table/game-life.js';
import { Table } from './table/table.js';
import { type Client, Refusal, type TableHost } from './table/types.js';

const BOT_LEVELS_BY_GAME = Object.fromEntries(GAME_IDS.map((g) => [g, botLevels(g)])) as Record<GameId, ReturnType<typeof botLevels>>;

/** One WebSocket connection, after or before its hello. */
export interface Connection {
  playerId: string | null;
  readonly send: (msg: ServerMessage) => void;
  /** The client's address (per-address limits). */
  readonly address: string;
  readonly limit: RateLimit;
  readonly chatLimit: RateLimit;
  readonly watching: Set<string>;
  lobby: boolean;
  /** A connection to another process of the cluster, whose messages for this process's tables are forwarded here. */
  readonly remote?: boolean;
}

/** The messages about one table, which in a cluster go to the process hosting it. */
type TableMessage = Extract<ClientMessage, { tableId: string }>;

/**
 * The server's live state: players seen, connections, tables and the lobby. Messages arrive here
 * already parsed and size-checked; each is answered with `ok`, `error` or its own reply.
 */
export class Hub implements TableHost, ClusterHost {
  readonly tables = new Map<string, Table>();
  private readonly names = new Map<string, string>();
  /** Players known to be accounts (seen at hello, or made since). */
  private readonly accounts = new Set<string>();
  private readonly connections = new Map<string, Set<Connection>>();
  /** When each player's last connection closed (players seated at a table). */
  private readonly lastSeen = new Map<string, number>();
  private readonly lobby = new Lobby(() => this.lobbyEntries(), 200);
  /** Lobby watchers, each with the online count it was last told (`lobby.online`). */
  private readonly onlineTold = new Map<Connection, number>();
  /** At most one `lobby.online` per watcher this often (ms); a change within it waits for its end. */
  onlineEveryMs = 3000;
  private onlineTimer: NodeJS.Timeout | null = null;
  private onlineSentAt = 0;
  private readonly index = new TableIndex();
  private readonly limits: AddressLimits;
  /** Cancels the next idle sweep (null once the hub closes). */
  private stopSweep: (() => void) | null = null;
  /** Set when several processes serve this Parlor (PARLOR_REDIS): tables are leased and messages routed. */
  cluster: Cluster | null = null;
  /** The processes each local connection had messages forwarded to (told when it closes). */
  private readonly forwardedTo = new WeakMap<Connection, Set<string>>();
  /** Local connections watching a table hosted elsewhere, with the invite they watch it by: they watch it again at its next owner. */
  private readonly remoteWatches = new Map<string, Map<Connection, string | undefined>>();
  /** Tables being taken (their lease claimed, their game rebuilt), so that two requests take one. */
  private readonly taking = new Map<string, Promise<boolean>>();

  constructor(readonly store: Store, readonly metrics: Metrics, readonly config: ServerConfig,
    readonly log: TableHost['log'], readonly clock: Clock, private readonly seeds: (tableId: string, gameNo: number) => string) {
    this.limits = new AddressLimits(config);
  }

  newSeed(tableId: string, gameNo: number): string { return this.seeds(tableId, gameNo); }

  /**
   * Loads the open and running tables and rebuilds running games from their logs; starts the sweep.
   * Finished tables stay in the store until someone asks for one.
   */
  async load(): Promise<void> {
    const started = this.clock.now();
    // In a cluster, tables are taken as their leases fall free (the cluster's scan), not all at once.
    for (const row of this.cluster === null ? await this.store.tables() : []) {
      const table = await this.host(row);
      // Nobody is connected after a restart: timed tables give everyone the grace period.
      for (const s of row.seats) {
        if (s.kind !== 'player') continue;
        this.lastSeen.set(s.playerId, started);
        table.playerGone(s.playerId);
      }
      table.schedule();
    }
    this.updateGauges();
    const sweepSoon = () => {
      this.stopSweep = this.clock.after(this.config.sweepSeconds * 1000, () => void this.sweep().finally(() => { if (this.stopSweep !== null) sweepSoon(); }));
    };
    sweepSoon();
    await this.cluster?.start();
  }

  /** A table row made a live table: its players' names known, its game rebuilt from its log. */
  private async host(row: TableRow, fence: Fence = undefined): Promise<Table> {
    for (const id of [row.creatorId, ...row.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : []))]) {
      if (this.names.has(id)) continue;
      const p = await this.store.playerById(id);
      if (p) {
        this.names.set(p.id, p.name);
        if (p.accountSince) this.accounts.add(p.id);
      }
    }
    const table = new Table(row, this);
    table.fence = fence;
    this.tables.set(row.id, table);
    this.index.update(row);
    try {
      await table.restore();
    } catch (e) {
      this.evict(table);
      throw e;
    }
    return table;
  }

  /** Finished tables being loaded on demand, so that two requests load one. */
  private readonly loading = new Map<string, Promise<Table | null>>();

  /** A table in memory, or a finished one loaded from the store (null: none to host here). */
  private async live(id: string): Promise<Table | null> {
    const t = this.tables.get(id);
    if (t !== undefined) return t;
    // In a cluster a table is loaded only with its lease (take), and a message that reaches a
    // process that no longer hosts the table is sent again by its client.
    if (this.cluster !== null) throw new Refusal('TRY_AGAIN', PROTOCOL_ERRORS.TRY_AGAIN);
    let load = this.loading.get(id);
    if (load === undefined) {
      load = (async () => {
        const row = await this.store.table(id);
        return row !== null && row.status === 'finished' ? this.tables.get(id) ?? await this.host(row) : null;
      })().finally(() => this.loading.delete(id));
      this.loading.set(id, load);
    }
    return load;
  }

  /** The lobby's tables: this process's, and in a cluster those the others host. */
  private *lobbyEntries(): Iterable<LobbyEntry> {
    yield* this.tables.values();
    if (this.cluster !== null) for (const e of this.cluster.mirror.values()) if (!this.tables.has(e.id)) yield e;
  }

  /** Idle tables close or are finished by bots; finished tables nobody watches leave memory; idle guests are pruned. */
  async sweep(now = this.clock.now()): Promise<void> {
    for (const t of [...this.tables.values()]) {
      try {
        await t.sweep(now);
        if (t.row.status === 'finished' && t.watchers.size === 0 && this.tables.get(t.id) === t) {
          await t.exclusive(() => undefined); // nothing of it still queued
          if (t.watchers.size === 0 && t.row.status === 'finished') this.evict(t);
        }
      } catch (e) {
        this.log.warn({ err: e, table: t.id }, 'idle sweep of a table failed; it is tried again at the next sweep');
      }
    }
    this.limits.sweep();
    try {
      const pruned = await this.store.pruneGuests(new Date(now - this.config.guestPruneDays * 86_400_000).toISOString());
      if (pruned > 0) this.log.warn({ pruned }, 'pruned idle guests');
    } catch (e) {
      this.log.warn({ err: e }, 'pruning idle guests failed; it is tried again at the next sweep');
    }
  }

  /** A player's name changed outside a connection (an account made, or deleted). */
  renamed(playerId: string, name: string, account = true): void {
    this.names.set(playerId, name);
    if (account) this.accounts.add(playerId);
    else this.accounts.delete(playerId);
  }
  isAccount(playerId: string): boolean { return this.accounts.has(playerId); }

  // ---- TableHost --------------------------------------------------------------------------
  playerName(id: string): string { return this.names.get(id) ?? 'someone'; }
  isConnected(playerId: string): boolean {
    return (this.connections.get(playerId)?.size ?? 0) > 0 || (this.cluster?.onlineElsewhere(playerId) ?? false);
  }
  disconnectedSince(playerId: string): number | null {
    return this.isConnected(playerId) ? null : this.lastSeen.get(playerId) ?? null;
  }
  tableChanged(table: Table): void {
    this.index.update(table.row);
    this.updateGauges();
    if (table.row.status === 'finished' || table.row.status === 'closed') this.limits.tableDone(table.id);
    // A finished table leaves the lobby ("play again" brings it back as running).
    this.lobby.changed(table);
    this.cluster?.tableChanged(table);
  }
  tableClosed(table: Table): void {
    this.evict(table);
    this.limits.tableDone(table.id);
    this.lobby.changed(table);
    this.cluster?.tableChanged(table);
  }
  leaseLost(table: Table): void { this.writeRefused(table.id); }

  /** The store refused a write with LeaseLost: another process hosts the table now, and this one lets it go (if it has not yet). */
  private writeRefused(tableId: string): void {
    if (this.cluster === null) return this.log.error({ table: tableId }, 'a table lost a lease it never had; it stays');
    this.log.warn({ table: tableId }, 'the store refused a write to a table: another process holds its lease now');
    if (this.tables.has(tableId)) this.cluster.lost(tableId);
  }

  /** The table leaves memory (the store keeps it); in a cluster its lease is released for another process. */
  private evict(table: Table): void {
    table.close();
    if (this.tables.get(table.id) === table) {
      this.tables.delete(table.id);
      this.index.remove(table.id);
    }
    this.updateGauges();
    if (this.cluster !== null && table.fence !== undefined) void this.cluster.release(table.id);
  }

  private updateGauges(): void {
    this.metrics.openTables.set({ status: 'open' }, this.index.count('open'));
    this.metrics.openTables.set({ status: 'running' }, this.index.count('running'));
  }

  /** The tables in memory where `playerId` holds a seat. */
  private seatedTables(playerId: string): Table[] {
    return this.index.tablesOf(playerId).flatMap((id) => {
      const t = this.tables.get(id);
      return t === undefined ? [] : [t];
    });
  }

  // ---- connections --------------------------------------------------------------------------
  /** Open connections from `address`. */
  connectionsFrom(address: string): number {
    return this.limits.connectionsFrom(address);
  }

  /**
   * A new connection from `address`, or null when that address has too many open already (it is
   * told why and `close` is called).
   */
  connect(send: (msg: ServerMessage) => void, address = 'unknown', close: () => void = () => {}): Connection | null {
    if (!this.limits.connect(address)) {
      this.metrics.refused.inc({ code: 'TOO_MANY_CONNECTIONS' });
      send({ type: 'error', code: 'TOO_MANY_CONNECTIONS', message: `Too many connections from your address (at most ${this.config.maxConnectionsPerAddress}); close some first.` });
      close();
      return null;
    }
    this.metrics.sockets.inc();
    const c: Connection = {
      playerId: null, send, address, watching: new Set(), lobby: false,
      limit: new RateLimit(this.config.rateBurst, this.config.ratePerSecond),
      chatLimit: new RateLimit(3, 1),
    };
    this.cluster?.attach(c);
    return c;
  }

  disconnect(c: Connection): void {
    if (c.remote === true) {
      for (const id of c.watching) this.tables.get(id)?.watchers.delete(this.client(c));
      return;
    }
    this.cluster?.detach(c, this.forwardedTo.get(c) ?? []);
    for (const watching of this.remoteWatches.values()) watching.delete(c);
    this.metrics.sockets.dec();
    this.limits.disconnect(c.address);
    this.lobby.unwatch(c);
    this.onlineTold.delete(c);
    for (const id of c.watching) this.tables.get(id)?.watchers.delete(this.client(c));
    if (c.playerId === null) return;
    const set = this.connections.get(c.playerId);
    set?.delete(c);
    if (set && set.size === 0) {
      this.connections.delete(c.playerId);
      this.cluster?.announce(c.playerId, false);
      this.onlineChanged();
      if (this.isConnected(c.playerId)) return; // still connected to another process of the cluster
      this.lastSeen.set(c.playerId, this.clock.now());
      for (const t of this.seatedTables(c.playerId)) t.playerGone(c.playerId);
    }
  }

  /** One message from a connection. Never throws: refusals go back as `error`. */
  async handle(c: Connection, msg: ClientMessage, received: number): Promise<void> {
    const re = msg.id;
    try {
      if (msg.type === 'hello') {
        if (c.playerId === null && msg.token === undefined && !this.limits.newGuest(c.address)) {
          throw new Refusal('TOO_MANY_GUESTS', `Too many new players from your address this hour (at most ${this.config.guestsPerAddressPerHour}); reconnect with your token, or try later.`);
        }
        await this.hello(c, msg);
        if (c.playerId !== null) void this.store.touchPlayer(c.playerId, new Date(this.clock.now()).toISOString()).catch(() => {});
        return;
      }
      if (msg.type === 'ping') return c.send({ type: 'pong', ...(re === undefined ? {} : { re }) });
      if (c.playerId === null) throw new Refusal('HELLO_FIRST', PROTOCOL_ERRORS.HELLO_FIRST);
      const playerId = c.playerId;
      if (this.cluster !== null && 'tableId' in msg) {
        if (c.remote !== true && await this.route(c, msg)) return;
        // A message forwarded here while this process takes its table waits for it.
        await this.taking.get(msg.tableId)?.catch(() => false);
      }
      switch (msg.type) {
        case 'lobby.watch': {
          c.lobby = true;
          const { type: _type, id: _id, cursor, ...filter } = msg;
          const page = this.lobby.watch(c, c.send, filter, cursor, re);
          this.onlineTold.set(c, this.online);
          return c.send(page.type === 'lobby' ? { ...page, online: this.online } : page);
        }
        case 'lobby.unwatch':
          c.lobby = false;
          this.lobby.unwatch(c);
          this.onlineTold.delete(c);
          return this.ok(c, re);
        case 'table.create': return await this.create(c, msg);
        case 'table.watch': {
          const t = await this.table(msg.tableId, msg.invite, playerId);
          const seated = t.seatsOf(playerId).length > 0;
          // A returning player gets back the seats a bot played in their absence first, so that the
          // reply already shows them present.
          if (seated) await t.exclusive(() => t.playerBack(playerId));
          c.watching.add(t.id);
          t.watchers.add(this.client(c));
          c.send(t.tableMessage(this.client(c), re));
          await t.exclusive(() => t.sendGame(this.client(c), t.game?.lastEvents ?? [], true));
          if (!seated) t.broadcastTable(); // the spectator count changed
          return;
        }
        case 'table.unwatch': {
          const t = this.tables.get(msg.tableId);
          c.watching.delete(msg.tableId);
          t?.watchers.delete(this.client(c));
          return this.ok(c, re);
        }
        case 'table.sit': {
          const t = await this.table(msg.tableId, msg.invite, playerId);
          await t.exclusive(() => t.sit(playerId, msg.seat));
          c.watching.add(t.id);
          t.watchers.add(this.client(c));
          return this.ok(c, re, t.id);
        }
        case 'table.leave': { const t = await this.table(msg.tableId, undefined, playerId); await t.exclusive(() => t.leave(playerId, msg.seat)); return this.ok(c, re, t.id); }
        case 'table.back': { const t = await this.table(msg.tableId, undefined, playerId); await t.exclusive(() => t.back(playerId, msg.seat)); return this.ok(c, re, t.id); }
        case 'table.replace': { const t = await this.table(msg.tableId, undefined, playerId); await t.exclusive(() => t.replace(playerId, msg.seat)); return this.ok(c, re, t.id); }
        case 'table.bot.add': { const t = await this.table(msg.tableId, undefined, playerId); await t.exclusive(() => t.addBot(playerId, msg.seat, msg.level)); return this.ok(c, re, t.id); }
        case 'table.bot.remove': { const t = await this.table(msg.tableId, undefined, playerId); await t.exclusive(() => t.removeBot(playerId, msg.seat)); return this.ok(c, re, t.id); }
        case 'table.start': case 'table.again': {
          const t = await this.table(msg.tableId, undefined, playerId);
          await t.exclusive(() => t.start(playerId));
          return this.ok(c, re, t.id);
        }
        case 'chat.send': return this.chat(c, msg.tableId, msg.text, re);
        case 'action': {
          const t = await this.table(msg.tableId, undefined, playerId);
          await t.exclusive(() => t.act(playerId, msg.seat, msg.seq, msg.action, received));
          return this.ok(c, re, t.id);
        }
      }
    } catch (caught) {
      if (caught instanceof LeaseLost) this.writeRefused(caught.tableId);
      const e = caught instanceof StoreUnavailable ? storeRefusal(caught)
        : caught instanceof LeaseLost ? new Refusal('TRY_AGAIN', PROTOCOL_ERRORS.TRY_AGAIN) : caught;
      if (e instanceof StoreUnavailable || (e instanceof Refusal && e.code === 'STORE_UNAVAILABLE')) {
        this.log.error({ err: caught }, 'the store is unavailable; a request was refused');
      }
      if (e instanceof Refusal) {
        this.metrics.refused.inc({ code: e.code });
        c.send({ type: 'error', ...(re === undefined ? {} : { re }), code: e.code, message: e.message });
        return;
      }
      this.log.error({ err: e }, 'message handling failed');
      c.send({ type: 'error', ...(re === undefined ? {} : { re }), code: 'SERVER_ERROR', message: 'Something went wrong on the server; nothing was changed.' });
    }
  }

  private ok(c: Connection, re: string | number | undefined, tableId?: string): void {
    c.send({ type: 'ok', ...(re === undefined ? {} : { re }), ...(tableId === undefined ? {} : { tableId }) });
  }

  /** Tables see connections as clients; one client object per connection. */
  private readonly clients = new WeakMap<Connection, Client>();
  private client(c: Connection): Client {
    let cl = this.clients.get(c);
    if (cl === undefined) {
      cl = { playerId: c.playerId!, send: c.send };
      this.clients.set(c, cl);
    }
    return cl;
  }

  private async hello(c: Connection, msg: Extract<ClientMessage, { type: 'hello' }>): Promise<void> {
    if (c.playerId !== null) throw new Refusal('BAD_MESSAGE', 'You already said hello on this connection.');
    let player;
    let token = msg.token;
    // A guest's name may not be an account's (by the name key): accounts' names are theirs alone.
    const guestName = async (raw: string) => {
      const name = cleanName(raw);
      if (name === null) throw new Refusal('BAD_NAME', PROTOCOL_ERRORS.BAD_NAME);
      if (await this.store.accountByKey(nameKey(name)) !== null) throw new Refusal('NAME_TAKEN', PROTOCOL_ERRORS.NAME_TAKEN);
      return name;
    };
    if (token !== undefined) {
      player = await this.store.playerByTokenHash(hashToken(token));
      if (player === null) throw new Refusal('BAD_TOKEN', PROTOCOL_ERRORS.BAD_TOKEN);
      // An account keeps its name (a `name` sent with its token is ignored); a guest may rename.
      if (msg.name !== undefined && !player.accountSince) {
        const name = await guestName(msg.name);
        if (name !== player.name) { await this.store.renamePlayer(player.id, name); player = { ...player, name }; }
      }
    } else {
      const name = await guestName(msg.name ?? '');
      token = randomId(24);
      player = { id: randomId(), name, tokenHash: hashToken(token), createdAt: new Date(this.clock.now()).toISOString() };
      await this.store.addPlayer(player);
    }
    this.names.set(player.id, player.name);
    if (player.accountSince) this.accounts.add(player.id);
    c.playerId = player.id;
    let set = this.connections.get(player.id);
    if (set === undefined) {
      this.connections.set(player.id, (set = new Set()));
      this.cluster?.announce(player.id, true);
      this.onlineChanged();
    }
    set.add(c);
    const seatedAt = this.seatedTables(player.id).filter((t) => t.row.status !== 'finished').map((t) => t.id);
    for (const e of this.cluster?.mirror.values() ?? []) if (e.seatedPlayers.includes(player.id) && e.row.status !== 'finished') seatedAt.push(e.id);
    c.send({
      type: 'welcome', ...(msg.id === undefined ? {} : { re: msg.id }), player: { id: player.id, name: player.name }, token, seatedAt,
      version: PROTOCOL_VERSION, botLevels: BOT_LEVELS_BY_GAME, account: Boolean(player.accountSince),
    });
  }

  /**
   * A table by id: in memory, or a finished one loaded from the store. A private table only with its
   * invite, unless the player sits at it or created it; a closed one is refused as closed.
   */
  private async table(id: string, invite: string | undefined, playerId: string): Promise<Table> {
    const t = await this.live(id);
    const visible = (row: TableRow) => !row.private || invite === row.invite || row.creatorId === playerId ||
      row.seats.some((s) => s.kind === 'player' && s.playerId === playerId);
    if (t === null) {
      const row = await this.store.table(id);
      if (row !== null && row.status === 'closed' && visible(row)) {
        throw new Refusal('TABLE_CLOSED', 'This table has closed; its finished games can still be downloaded.');
      }
      throw new Refusal('UNKNOWN_TABLE', PROTOCOL_ERRORS.UNKNOWN_TABLE);
    }
    if (!visible(t.row)) throw new Refusal('UNKNOWN_TABLE', PROTOCOL_ERRORS.UNKNOWN_TABLE);
    return t;
  }

  /** The export of a finished game of a table (closed or not), for `GET /tables/:id/export`; the latest finished one by default. */
  async exportOf(tableId: string, invite: string | undefined, gameNo: number | undefined) {
    const row = this.tables.get(tableId)?.row ?? await this.store.table(tableId);
    if (row === null || (row.private && invite !== row.invite)) return { error: 'UNKNOWN_TABLE' as const };
    const latestFinished = row.status === 'running' ? row.gameNo - 1 : row.gameNo;
    const n = gameNo ?? latestFinished;
    if (n < 1) return { error: 'NO_GAME' as const, message: 'No game at this table has finished yet.' };
    if (n > row.gameNo) return { error: 'NO_GAME' as const, message: `This table has played ${row.gameNo} game${row.gameNo === 1 ? '' : 's'}; there is no game ${n}.` };
    const exported = await exportGame(this.store, row.game, row.id, n);
    if (exported === null) return { error: 'NO_GAME' as const, message: `Game ${n} of this table is not finished (its seed stays secret until it is).` };
    return { exported };
  }

  private async create(c: Connection, msg: Extract<ClientMessage, { type: 'table.create' }>): Promise<void> {
    const playerId = c.playerId!;
    const mine = this.index.unfinishedBy(playerId);
    if (mine >= this.config.maxOpenTablesPerPlayer) {
      throw new Refusal('TOO_MANY_TABLES', `You already have ${mine} open tables (at most ${this.config.maxOpenTablesPerPlayer}); finish or leave one first.`);
    }
    if (this.limits.tablesOf(c.address) >= this.config.maxTablesPerAddress) {
      throw new Refusal('TOO_MANY_TABLES', `Too many unfinished tables were created from your address (at most ${this.config.maxTablesPerAddress}).`);
    }
    const open = this.index.count('open');
    if (open >= this.config.maxOpenTables) {
      throw new Refusal('SERVER_FULL', `The server has ${open} tables waiting for players, its most; join one of them, or try again later.`);
    }
    const module = gameModule(msg.game);
    if (msg.seats < module.minPlayers || msg.seats > module.maxPlayers) {
      throw new Refusal('BAD_PLAYERS', `${module.name} is for ${module.minPlayers} to ${module.maxPlayers} players, not ${msg.seats}.`);
    }
    const options = module.options.parse(msg.options ?? {}, msg.seats);
    if (!options.ok) throw new Refusal(options.error.code, options.error.message);
    if (msg.rated === true && !this.isAccount(playerId)) throw new Refusal('ACCOUNT_REQUIRED', PROTOCOL_ERRORS.ACCOUNT_REQUIRED);
    const window = module.responseWindow;
    if (msg.responseWindow !== undefined && window === null) {
      throw new Refusal('BAD_MESSAGE', `${module.name} has no response window: leave "responseWindow" out.`);
    }
    if (window !== null && msg.responseWindow !== undefined && (msg.responseWindow < window.seconds.min || msg.responseWindow > window.seconds.max)) {
      throw new Refusal('BAD_MESSAGE', `"responseWindow" must be ${window.seconds.min} to ${window.seconds.max} seconds for ${module.name}, not ${msg.responseWindow}.`);
    }
    const row: TableRow = {
      id: randomId(6), game: msg.game, options: options.value as Record<string, unknown>,
      seats: Array.from({ length: msg.seats }, (_, i) => (i === 0 ? { kind: 'player' as const, playerId } : { kind: 'empty' as const })),
      status: 'open', private: msg.private ?? false, invite: randomId(12), moveTimer: msg.moveTimer ?? 0,
      responseWindow: window === null ? null : msg.responseWindow ?? window.seconds.default, creatorId: playerId, gameNo: 0, createdAt: new Date(this.clock.now()).toISOString(),
      ...(msg.rated === true ? { rated: true } : {}),
    };
    // In a cluster the new table's lease is this process's before its row is written.
    const fence = this.cluster === null ? undefined : await this.cluster.claim(row.id) ?? undefined;
    if (this.cluster !== null && fence === undefined) throw new Refusal('TRY_AGAIN', PROTOCOL_ERRORS.TRY_AGAIN);
    try {
      await this.store.saveTable(row, fence);
    } catch (e) {
      if (fence !== undefined) await this.cluster!.release(row.id);
      throw e;
    }
    const t = new Table(row, this);
    t.fence = fence;
    this.tables.set(row.id, t);
    this.index.update(row);
    this.limits.addTable(c.address, t.id);
    c.watching.add(t.id);
    t.watchers.add(this.client(c));
    c.send(t.tableMessage(this.client(c), msg.id));
    this.tableChanged(t);
  }

  private chat(c: Connection, tableId: string, text: string, re: string | number | undefined): void {
    // Watching a table (a private one with its invite) is what lets one chat there.
    const t = this.tables.get(tableId);
    if (t === undefined || !c.watching.has(t.id)) throw new Refusal('UNKNOWN_TABLE', 'Watch the table before chatting there.');
    // eslint-disable-next-line no-control-regex
    const clean = text.replace(/[\p{Cc}\p{Cf}]/gu, ' ').trim();
    if (clean.length === 0 || clean.length > MAX_CHAT_LENGTH) throw new Refusal('BAD_MESSAGE', `A chat message has 1 to ${MAX_CHAT_LENGTH} characters.`);
    if (!c.chatLimit.take()) throw new Refusal('CHAT_LIMITED', PROTOCOL_ERRORS.CHAT_LIMITED);
    const msg: ServerMessage = { type: 'chat', tableId: t.id, from: { id: c.playerId!, name: this.playerName(c.playerId!) }, text: clean, at: new Date(this.clock.now()).toISOString() };
    for (const w of t.watchers) w.send(msg);
    this.ok(c, re);
  }

  /** Players with an open connection (after hello), as the lobby reply's `online` and `lobby.online` count them. */
  get online(): number {
    if (this.cluster === null) return this.connections.size;
    let elsewhere = 0;
    for (const p of this.cluster.playersOnline()) if (!this.connections.has(p)) elsewhere++;
    return this.connections.size + elsewhere;
  }

  /**
   * The online count may have changed: lobby watchers hear the new count (`lobby.online`) soon, at
   * most once every `onlineEveryMs`, and only those who were told another count.
   */
  private onlineChanged(): void {
    if (this.onlineTimer !== null) return;
    const wait = Math.max(0, this.onlineSentAt + this.onlineEveryMs - Date.now());
    this.onlineTimer = setTimeout(() => {
      this.onlineTimer = null;
      this.onlineSentAt = Date.now();
      const count = this.online;
      for (const [c, told] of this.onlineTold) {
        if (told === count) continue;
        this.onlineTold.set(c, count);
        c.send({ type: 'lobby.online', count });
      }
    }, wait);
    this.onlineTimer.unref();
  }

  async close(): Promise<void> {
    if (this.onlineTimer !== null) clearTimeout(this.onlineTimer);
    this.stopSweep?.();
    this.stopSweep = null;
    this.lobby.close();
    for (const t of this.tables.values()) t.close();
    // Let queued table work (a move being stored) finish before the store closes.
    await Promise.all([...this.tables.values()].map((t) => t.exclusive(() => undefined)));
    // Then the tables' leases are released, so that the other processes take them at once.
    await this.cluster?.stop();
  }

  // ---- a cluster (cluster/cluster.ts) ---------------------------------------------------------

  /**
   * A message about a table hosted by another process goes there (true); a table hosted by no one
   * is taken by this process first. False: the message is handled here.
   */
  private async route(c: Connection, msg: TableMessage): Promise<boolean> {
    const cluster = this.cluster!;
    const id = msg.tableId;
    if (this.tables.has(id)) {
      this.remoteWatches.get(id)?.delete(c);
      return false;
    }
    let owner = await cluster.ownerOf(id);
    if (owner === null && await this.take(id)) return false;
    if (owner === null) owner = await cluster.ownerOf(id, true);
    if (owner === null || owner === cluster.id) return false; // not hosted anywhere: refused here as unknown or closed
    let owners = this.forwardedTo.get(c);
    if (owners === undefined) this.forwardedTo.set(c, (owners = new Set()));
    owners.add(owner);
    if (msg.type === 'table.watch' || msg.type === 'table.sit') {
      let watching = this.remoteWatches.get(id);
      if (watching === undefined) this.remoteWatches.set(id, (watching = new Map()));
      watching.set(c, msg.invite);
    } else if (msg.type === 'table.unwatch') {
      this.remoteWatches.get(id)?.delete(c);
    }
    await cluster.forward(c, msg, owner);
    return true;
  }

  /** Takes a table no process hosts (its lease free): false when another took it first, or there is nothing to host. */
  take(tableId: string): Promise<boolean> {
    let taking = this.taking.get(tableId);
    if (taking === undefined) {
      taking = (async () => {
        if (this.tables.has(tableId)) return true;
        const token = await this.cluster!.claim(tableId);
        if (token === null) return false;
        const row = await this.store.table(tableId).catch(async (e: unknown) => { await this.cluster!.release(tableId); throw e; });
        if (row === null || row.status === 'closed') {
          await this.cluster!.release(tableId);
          return false;
        }
        await this.adopt(row, token);
        return true;
      })().finally(() => this.taking.delete(tableId));
      this.taking.set(tableId, taking);
    }
    return taking;
  }

  /** A table whose lease this process now holds is hosted here: rebuilt from its log, its bots and timers running. */
  async adopt(row: TableRow, fence: number): Promise<void> {
    let table: Table;
    try {
      table = await this.host(row, fence);
    } catch (e) {
      await this.cluster!.release(row.id);
      throw e;
    }
    this.cluster!.mirror.delete(row.id);
    const now = this.clock.now();
    for (const s of row.seats) {
      if (s.kind !== 'player' || this.isConnected(s.playerId)) continue;
      if (!this.lastSeen.has(s.playerId)) this.lastSeen.set(s.playerId, now);
      table.playerGone(s.playerId);
    }
    table.schedule();
    this.updateGauges();
    this.tableChanged(table);
    this.cluster!.hosting(row.id);
    // This process's own connections that watched the table at its last owner watch it here now.
    for (const [c, invite] of this.remoteWatches.get(row.id) ?? []) void this.handle(c, { type: 'table.watch', tableId: row.id, ...(invite === undefined ? {} : { invite }) }, performance.now());
    this.remoteWatches.delete(row.id);
  }

  /** This process lost a table's lease: the table leaves (writing nothing); its watchers here follow it to its next owner. */
  drop(tableId: string): void {
    const t = this.tables.get(tableId);
    if (t === undefined) return;
    t.close();
    this.tables.delete(tableId);
    this.index.remove(tableId);
    this.updateGauges();
    const summary = t.summary();
    this.cluster!.mirror.set(tableId, { id: tableId, owner: '', seatedPlayers: t.row.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : [])), row: t.row, summary: () => summary });
    const watching = new Map<Connection, string | undefined>();
    for (const set of this.connections.values()) for (const c of set) if (c.watching.delete(tableId)) watching.set(c, t.row.invite);
    if (watching.size > 0) {
      this.remoteWatches.set(tableId, watching);
      // They watch it at its new owner (found in the store) without waiting for the owner's message.
      setImmediate(() => this.ownerChanged(tableId));
    }
  }

  /** A player's connection to another process opened (their first there) or closed (their last). */
  presenceChanged(playerId: string, online: boolean, at: number): void {
    this.onlineChanged();
    if (online || this.isConnected(playerId)) {
      for (const t of this.seatedTables(playerId)) t.broadcastTable();
      return;
    }
    this.lastSeen.set(playerId, at);
    for (const t of this.seatedTables(playerId)) t.playerGone(playerId);
  }

  lobbyChanged(entry: LobbyEntry): void { this.lobby.changed(entry); }

  /** A table this process's connections watch elsewhere has a new owner: they watch it there. */
  ownerChanged(tableId: string): void {
    for (const [c, invite] of this.remoteWatches.get(tableId) ?? []) {
      void this.handle(c, { type: 'table.watch', tableId, ...(invite === undefined ? {} : { invite }) }, performance.now());
    }
  }

  onlinePlayers(): string[] { return [...this.connections.keys()]; }

  rewatch(): void {
    for (const tableId of this.remoteWatches.keys()) this.ownerChanged(tableId);
  }
}
