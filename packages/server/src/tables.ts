import { type GameId, PROTOCOL_ERRORS } from '@parlor/protocol';
import { type BotPool, type FinishedGame, type Person, type TableInput, type TableState, type TurnNotice, canSee, seatedPlayers, turnNotices } from '@parlor/table';
import type { Clock } from './clock.js';
import type { ServerConfig } from './config.js';
import type { TableHosting } from './hosting/hosting.js';
import type { AddressLimits } from './limits.js';
import type { LobbyEntry } from './lobby.js';
import type { Metrics } from './metrics.js';
import type { Players } from './players.js';
import type { Fence, Store, TableRow } from './store/store.js';
import { TableIndex } from './table-index.js';
import { TableLoading } from './table-loading.js';
import { sweepTables } from './table-sweep.js';
import { Table } from './table/table.js';
import { WaitingTables } from './waiting-tables.js';
import { storeTurnSummary } from './turn-summaries.js';
import { type Client, Refusal, type TableHost } from './table/types.js';

export interface TablesDeps {
  readonly store: Store;
  readonly metrics: Metrics;
  readonly config: ServerConfig;
  readonly clock: Clock;
  readonly log: TableHost['log'];
  readonly bots: BotPool;
  readonly seeds: (tableId: string, gameNo: number) => string;
  readonly players: Players;
  readonly limits: AddressLimits;
  /** The connection watching as `id`, if still connected. */
  readonly client: (id: string) => Client | undefined;
  /** The lobby hears of a table's change (`gone`: it left memory to wait in the store, and the lobby). */
  readonly lobbyChanged: (entry: LobbyEntry, gone?: boolean) => void;
  /** A game of a hosted table ended, its result stored. */
  readonly gameFinished?: (row: TableRow, f: FinishedGame) => void;
  readonly hosting: TableHosting;
}

/**
 * The tables this process hosts: kept in memory while open or running (and while someone watches
 * a finished one), found by id or by the players seated at them, rebuilt from the store when
 * loaded, and let go when they close, go idle, or move to another process.
 */
export class Tables implements TableHost {
  readonly hosted = new Map<string, Table>();
  private readonly index = new TableIndex();
  private readonly loading: TableLoading;
  private readonly hosting: TableHosting;

  /** Turn-based tables waiting out of memory (in a cluster, each woken by the process that takes its lease). */
  private readonly waiting: WaitingTables;

  constructor(private readonly d: TablesDeps) {
    this.hosting = d.hosting;
    const load = async (id: string) => (d.hosting.loadsOnDemand ? this.live(id) : (await d.hosting.take(id)) ? this.hosted.get(id) ?? null : null);
    this.waiting = new WaitingTables({ store: d.store, clock: d.clock, log: d.log, hosted: this.hosted, load, evict: (t) => this.unload(t) });
    this.loading = new TableLoading({ store: d.store, hosted: this.hosted, host: (row) => this.host(row, undefined), pin: (id) => this.waiting.pin(id) });
  }

  get store(): Store { return this.d.store; }
  get metrics(): Metrics { return this.d.metrics; }
  get config(): ServerConfig { return this.d.config; }
  get clock(): Clock { return this.d.clock; }
  get log(): TableHost['log'] { return this.d.log; }
  get bots(): BotPool { return this.d.bots; }

  // ---- TableHost ---------------------------------------------------------------------------
  newSeed(tableId: string, gameNo: number): string { return this.d.seeds(tableId, gameNo); }
  person(playerId: string): Person { return this.d.players.person(playerId); }
  client(watcherId: string): Client | undefined { return this.d.client(watcherId); }
  tableChanged(table: Table): void {
    this.index.update(table.row);
    this.updateGauges();
    if (table.row.status === 'finished' || table.row.status === 'closed') this.d.limits.tableDone(table.id);
    // A finished table leaves the lobby ("play again" brings it back as running).
    this.d.lobbyChanged(table);
    this.hosting.changed(table);
  }
  tableClosed(table: Table): void {
    this.evict(table);
    this.d.limits.tableDone(table.id);
  }
  leaseLost(table: Table): void { this.hosting.lost(table.id); }
  gameFinished(table: Table, f: FinishedGame): void { this.d.players.reliability.forget(f.seats); this.d.gameFinished?.(table.row, f); }
  /** Where a turn-based table's notices go (the server's notifier, set once it is made). */
  notify: ((n: TurnNotice & { readonly game: GameId }) => void) | null = null;
  stepped(table: Table, before: TableState, after: TableState, input: TableInput): void {
    for (const n of turnNotices(before, after)) this.notify?.({ ...n, game: table.row.game });
    this.waiting.stepped(table, after);
    storeTurnSummary(table, before, after, input.type === 'load');
  }

  // ---- hosting -----------------------------------------------------------------------------

  /**
   * Hosts every open and running table of the store (but turn-based ones waiting, which the waker
   * loads when due: startWaking); nobody is connected yet, so everyone gets the grace period.
   */
  async hostAll(): Promise<void> {
    const started = this.d.clock.now();
    for (const row of await this.d.store.tables()) {
      for (const p of seatedPlayers(row)) this.d.players.seen(p, started);
      const table = await this.host(row, undefined);
      await table.feed({ type: 'load' });
    }
    this.updateGauges();
  }

  /** Turn-based tables waiting in the store are woken from now on, when due. */
  startWaking(): void { this.waiting.start(); }

  /** A table whose lease this process now holds, hosted here: its players' presence as known, its clocks running. */
  async adopt(row: TableRow, fence: Fence): Promise<Table> {
    const now = this.d.clock.now();
    for (const p of seatedPlayers(row)) if (!this.d.players.isConnected(p) && !this.d.players.seenBefore(p)) this.d.players.seen(p, now);
    const table = await this.host(row, fence);
    // A waiting table taken for a move or a watcher stays through its loading step, for that input.
    if (row.status === 'running' && row.turnBased !== undefined) this.waiting.pin(row.id);
    await table.feed({ type: 'load' });
    this.updateGauges();
    return table;
  }

  /** A new table, made here: it is stored first (with the fence of its new lease). */
  async create(row: TableRow): Promise<Table> {
    const fence = await this.hosting.claim(row.id);
    try {
      await this.d.store.saveTable(row, fence);
    } catch (e) {
      this.hosting.release(row.id, fence);
      throw e;
    }
    const t = Table.fresh(row, this);
    t.fence = fence;
    this.register(t);
    return t;
  }

  /** A table row made a live table: its players' names known, its game rebuilt from its log. */
  private async host(row: TableRow, fence: Fence): Promise<Table> {
    for (const id of [row.creatorId, ...seatedPlayers(row)]) {
      if (this.d.players.known(id)) continue;
      const p = await this.d.store.playerById(id);
      if (p) this.d.players.know(p.id, p.name, Boolean(p.accountSince), p.avatar ?? null, p.bot === true);
    }
    // Days off reach the table with its people, before its clocks are worked out (vacation.ts of the table core).
    if (row.turnBased?.vacation === true) await this.d.players.loadVacations(this.d.store, seatedPlayers(row));
    await this.d.players.reliability.load(this.d.store, seatedPlayers(row));
    const table = await Table.restore(row, this, fence);
    this.register(table);
    return table;
  }

  private register(t: Table): void {
    this.hosted.set(t.id, t);
    this.index.update(t.row);
  }

  /** A table in memory, or one loaded from the store (finished, or turn-based and waiting; null: none to host here). */
  async live(id: string): Promise<Table | null> {
    const t = this.hosted.get(id);
    if (t !== undefined) return t;
    // In a cluster a table is hosted only with its lease, and a message that reaches a process
    // that no longer hosts the table is sent again by its client.
    if (!this.hosting.loadsOnDemand) throw new Refusal('TRY_AGAIN', PROTOCOL_ERRORS.TRY_AGAIN);
    return this.loading.load(id);
  }

  /**
   * A table by id: in memory, or a finished one loaded from the store. A private table only with its
   * invite, unless the player sits at it or created it; a closed one is refused as closed.
   */
  async find(id: string, invite: string | undefined, playerId: string): Promise<Table> {
    const t = await this.live(id);
    if (t === null) {
      const row = await this.d.store.table(id);
      if (row !== null && row.status === 'closed' && canSee(row, playerId, invite)) {
        throw new Refusal('TABLE_CLOSED', 'This table has closed; its finished games can still be downloaded.');
      }
      throw new Refusal('UNKNOWN_TABLE', PROTOCOL_ERRORS.UNKNOWN_TABLE);
    }
    if (!canSee(t.row, playerId, invite)) throw new Refusal('UNKNOWN_TABLE', PROTOCOL_ERRORS.UNKNOWN_TABLE);
    return t;
  }

  /** The tables in memory where `playerId` holds a seat. */
  seatedAt(playerId: string): Table[] {
    return this.index.tablesOf(playerId).flatMap((id) => {
      const t = this.hosted.get(id);
      return t === undefined ? [] : [t];
    });
  }

  unfinishedBy(playerId: string): number { return this.index.unfinishedBy(playerId); }
  openCount(): number { return this.index.count('open'); }

  /** Idle tables close or are finished by bots; finished tables nobody watches leave memory. */
  sweep(now: number): Promise<void> { return sweepTables(this.hosted, now, (t) => this.evict(t), this.d.log); }

  /** The table leaves memory (the store keeps it); its lease, if any, goes back. */
  evict(table: Table): void {
    this.forget(table);
    this.hosting.release(table.id, table.fence);
  }

  private forget(table: Table): void {
    table.close();
    if (this.hosted.get(table.id) === table) {
      this.hosted.delete(table.id);
      this.index.remove(table.id);
    }
    this.updateGauges();
  }

  /** A waiting table leaves memory (WaitingTables), and the lobby; its lease goes back, the other processes told. */
  private unload(table: Table): void {
    this.forget(table);
    this.hosting.left(table.id, table.fence);
    this.d.lobbyChanged(table, true);
  }

  /** A table this process no longer owns leaves it, writing nothing more. */
  drop(tableId: string): Table | undefined {
    const t = this.hosted.get(tableId);
    if (t === undefined) return undefined;
    t.close();
    this.hosted.delete(tableId);
    this.index.remove(tableId);
    this.updateGauges();
    return t;
  }

  private updateGauges(): void {
    this.d.metrics.openTables.set({ status: 'open' }, this.index.count('open'));
    this.d.metrics.openTables.set({ status: 'running' }, this.index.count('running'));
  }

  /** Everything queued at every table is done (before the store closes). */
  async settle(): Promise<void> {
    await this.waiting.stop();
    for (const t of this.hosted.values()) t.close();
    await Promise.all([...this.hosted.values()].map((t) => t.exclusive(() => undefined)));
  }
}
