import type { AwayReason, ServerMessage, TableSummary } from '@parlor/protocol';
import { type AnyGame, gameModule } from '@parlor/rules';
import {
  type Person, type TableInput, TableRunner, type TableSettings, type TableState, type Write, newTableState, restoreTable,
  seatedPlayers, seatsOf, summary, tableMessage,
} from '@parlor/table';
import type { ServerConfig } from '../config.js';
import { frameOf } from '../frame.js';
import { gameResults } from '../ratings/records.js';
import { type Fence, LeaseLost, type TableRow } from '../store/store.js';
import { type Client, Refusal, type TableHost } from './types.js';

/** The table settings a server's configuration gives. */
export function tableSettings(c: ServerConfig): TableSettings {
  return {
    botDelayMs: c.botDelayMs, graceSeconds: c.graceSeconds, replaceAfterSeconds: c.replaceAfterSeconds,
    idleMinutes: c.idleMinutes, openTableMinutes: c.openTableMinutes, timerScale: c.timerScale ?? 1,
  };
}

/**
 * One table hosted by this process: the table core (@parlor/table) run on its own queue, with the
 * store's writes fenced by this process's lease, timers on the server's clock, and messages to the
 * connections watching it.
 */
export class Table {
  /** The token of this process's lease on the table, checked by the store on every write (a cluster; undefined alone). */
  fence: Fence = undefined;
  readonly module: AnyGame;
  private readonly runner: TableRunner;

  constructor(state: TableState, readonly host: TableHost<Table>) {
    this.module = gameModule(state.row.game);
    this.runner = new TableRunner(state, {
      now: () => host.clock.now(),
      after: (ms, fn) => host.clock.after(ms, fn),
      write: (w) => this.write(w),
      reload: () => this.reload(),
      send: (to, msg) => this.send(to, msg),
      changed: () => host.tableChanged(this),
      closed: () => host.tableClosed(this),
      played: (by) => host.metrics.actions.inc({ game: this.row.game, by }),
      stepped: (before, after, input) => host.stepped?.(this, before, after, input),
      log: (level, msg, fields) => host.log[level](fields, msg),
      failed: (e) => {
        // Another process hosts the table now (a cluster): this one stops, having written nothing.
        if (e instanceof LeaseLost) { host.leaseLost(this); return 'stop'; }
        return 'retry';
      },
    }, host.bots);
  }

  /** A table that has not started: its row, as created. */
  static fresh(row: TableRow, host: TableHost<Table>): Table {
    return new Table(newTableState(row, peopleOf(row, host), tableSettings(host.config), host.clock.now()), host);
  }

  /** A table rebuilt from the store: its current game is the fold of its log. */
  static async restore(row: TableRow, host: TableHost<Table>, fence: Fence): Promise<Table> {
    const t = new Table(await rebuild(row, host), host);
    t.fence = fence;
    return t;
  }

  get state(): TableState { return this.runner.state; }
  get row(): TableRow { return this.runner.state.row; }
  get id(): string { return this.row.id; }
  /** The game being played (or last played): the fold of its log. */
  get game() { return this.runner.state.game; }
  /** Seats a stand-in plays, and why. */
  get away(): ReadonlyMap<number, AwayReason> {
    return new Map(Object.entries(this.runner.state.away).map(([seat, why]) => [Number(seat), why]));
  }

  seatsOf(playerId: string): number[] { return seatsOf(this.row, playerId); }
  summary(): TableSummary { return summary(this.state, this.module.responseWindow, this.host.clock.now()); }
  tableMessage(playerId: string, re?: string | number): ServerMessage { return tableMessage(this.state, this.summary(), playerId, re); }
  /** Watcher ids of the connections watching. */
  get watchers(): string[] { return Object.keys(this.state.watchers); }

  /** Feeds `input` on the table's queue (at `at`, or now); a refusal is thrown as a Refusal. */
  async feed(input: TableInput, at?: number): Promise<void> {
    const refusal = await this.runner.feed(input, at);
    if (refusal !== null) throw new Refusal(refusal.code, refusal.message);
  }

  /** Starts a game (the first, or another) with a seed of the host's. */
  start(playerId: string): Promise<void> {
    return this.feed({ type: 'start', player: playerId, seed: this.host.newSeed(this.id, this.row.gameNo + 1) });
  }

  /** What the server knows of `playerId` now reaches the table (their presence, their name). */
  tell(playerId: string, tell = false): Promise<void> {
    return this.feed({ type: 'person', player: playerId, person: this.host.person(playerId), tell });
  }

  exclusive<T>(fn: () => T | Promise<T>): Promise<T> { return this.runner.exclusive(fn); }
  /** Whether the table retries a write the store refused, or waits on one (for /readyz). */
  get storeWait() { return this.runner.storeWait; }

  /** The table leaves this process: no more timers, bots or writes. */
  close(): void {
    this.runner.stop();
    this.host.bots.forget(this.id);
  }

  /** One message for these watchers: serialized once, when first written, the same text for all of them. */
  private send(to: readonly string[], msg: ServerMessage): void {
    const frame = frameOf(msg);
    for (const id of to) this.host.client(id)?.sendFrame(frame);
  }

  private async write(w: Write): Promise<boolean> {
    const store = this.host.store;
    switch (w.op) {
      case 'table': await store.saveTable(w.row, this.fence); return true;
      case 'game': await store.addGame(w.game, this.fence); return true;
      case 'action': return store.appendAction(w.tableId, w.gameNo, w.action, this.fence);
      case 'finish': {
        const f = w.finish;
        const { records, changes } = await gameResults(store, f);
        await store.finishGame(f.tableId, f.gameNo, f.result, f.finishedAt, f.stats, records, this.fence);
        this.host.gameFinished?.(this, f);
        // Written: the watchers (the end screen) learn what the game did to the players' ratings.
        if (changes.length > 0) this.send(this.watchers, { type: 'game.rated', tableId: f.tableId, gameNo: f.gameNo, game: f.game, changes });
        return true;
      }
    }
  }

  private async reload(): Promise<TableState> {
    const row = await this.host.store.table(this.id);
    if (row === null) throw new Error(`table ${this.id} is no longer in the store`);
    return rebuild(row, this.host);
  }
}

/** The players a table shows (its creator, its seated players), as the host knows them. */
function peopleOf(row: TableRow, host: TableHost): Record<string, Person> {
  return Object.fromEntries([row.creatorId, ...seatedPlayers(row)].map((id) => [id, host.person(id)]));
}

async function rebuild(row: TableRow, host: TableHost): Promise<TableState> {
  const store = host.store;
  const hasGame = row.gameNo > 0 && (row.status === 'running' || row.status === 'finished');
  const game = hasGame ? await store.game(row.id, row.gameNo) : null;
  const actions = game === null ? [] : await store.actions(row.id, row.gameNo);
  const r = restoreTable({ row, game, actions, people: peopleOf(row, host), settings: tableSettings(host.config) }, host.clock.now());
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

export type { Client };
