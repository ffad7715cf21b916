import type { BotLevel } from '@parlor/bots';
import type { AwayReason, ServerMessage, TableSummary } from '@parlor/protocol';
import { type AnyGame, type GameEvent, type Seat, gameModule } from '@parlor/rules';
import type { Fence, TableRow } from '../store/store.js';
import * as broadcast from './broadcast.js';
import * as life from './game-life.js';
import type { RunningGame } from './running-game.js';
import { MoveScheduler } from './scheduler.js';
import * as seats from './seats.js';
import type { Client, TableHost } from './types.js';

/**
 * One table: its seats (seats.ts), its current game — the fold of its action log (game-life.ts) —
 * its watchers and what they are sent (broadcast.ts), and who moves next (scheduler.ts). Every
 * change runs in order on the table's queue, so two actions never interleave, and an action is in
 * the store before anyone hears of it.
 */
export class Table {
  game: RunningGame | null = null;
  readonly watchers = new Set<Client>();
  /** Seats whose player is away, and why: a stand-in bot plays them until the player is back. */
  readonly away = new Map<Seat, AwayReason>();
  /** When the table last changed (seats, a game started, a move): its idle clock. */
  lastActivity: number;
  /** The token of this process's lease on the table, checked by the store on every write (a cluster; undefined alone). */
  fence: Fence = undefined;
  readonly module: AnyGame;
  readonly moves: MoveScheduler;
  private queue: Promise<void> = Promise.resolve();

  constructor(public row: TableRow, readonly host: TableHost) {
    this.module = gameModule(row.game);
    this.lastActivity = host.clock.now();
    this.moves = new MoveScheduler(this);
  }

  get id(): string { return this.row.id; }

  /** Runs `fn` after everything queued before it; its refusal or result goes to the caller. */
  exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.then(() => undefined, () => undefined);
    return run;
  }

  touch(): void { this.lastActivity = this.host.clock.now(); }

  seatsOf(playerId: string): Seat[] {
    return this.row.seats.flatMap((s, i) => (s.kind === 'player' && s.playerId === playerId ? [i] : []));
  }

  // ---- what clients see (broadcast.ts) ------------------------------------------------------
  summary(): TableSummary { return broadcast.summary(this); }
  tableMessage(c: Client, re?: string | number): ServerMessage { return broadcast.tableMessage(this, c, re); }
  sendGame(c: Client, events: readonly GameEvent[], withHistory = false): void { broadcast.sendGame(this, c, events, withHistory); }
  broadcastTable(): void { broadcast.broadcastTable(this); }

  // ---- seats (seats.ts) ---------------------------------------------------------------------
  sit(playerId: string, seat: Seat): Promise<void> { return seats.sit(this, playerId, seat); }
  leave(playerId: string, seat: Seat): Promise<void> { return seats.leave(this, playerId, seat); }
  addBot(playerId: string, seat: Seat, level: BotLevel): Promise<void> { return seats.addBot(this, playerId, seat, level); }
  removeBot(playerId: string, seat: Seat): Promise<void> { return seats.removeBot(this, playerId, seat); }
  back(playerId: string, seat: Seat): void { seats.back(this, playerId, seat); }
  replace(playerId: string, seat: Seat): void { seats.replace(this, playerId, seat); }

  // ---- the game's life (game-life.ts) -------------------------------------------------------
  start(playerId: string): Promise<void> { return life.start(this, playerId); }
  restore(): Promise<void> { return life.restore(this); }
  act(playerId: string, seat: Seat, seq: number, action: unknown, received: number): Promise<void> {
    return life.act(this, playerId, seat, seq, action, received);
  }

  // ---- who moves next (scheduler.ts) --------------------------------------------------------
  schedule(): void { this.moves.schedule(); }
  playerGone(playerId: string): void { this.moves.playerGone(playerId); }
  playerBack(playerId: string): void { this.moves.playerBack(playerId); }
  close(): void { this.moves.close(); }

  // ---- idle tables (the server's sweep) -----------------------------------------------------

  /**
   * An open table whose seats have not changed for `openTableMinutes` closes; so does a finished
   * one whose people have all been gone for `idleMinutes`. A running game whose people have all
   * been gone that long is finished by bots (the scheduler's idle rule).
   */
  async sweep(now: number): Promise<void> {
    const { openTableMinutes, idleMinutes } = this.host.config;
    const quiet = now - this.lastActivity;
    if (this.row.status === 'running') return this.moves.idle(now);
    const people = this.row.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : []));
    const gone = people.every((id) => {
      const since = this.host.disconnectedSince(id);
      return since !== null && now - since >= idleMinutes * 60_000;
    });
    const close = this.row.status === 'open' ? quiet >= openTableMinutes * 60_000
      : this.row.status === 'finished' && gone && quiet >= idleMinutes * 60_000;
    if (close) await this.exclusive(() => this.closeTable());
  }

  /** The table ends: stored as closed, then it leaves memory and the lobby; watchers hear it closed. */
  private async closeTable(): Promise<void> {
    if (this.row.status === 'running' || this.row.status === 'closed') return;
    const row = { ...this.row, status: 'closed' as const };
    await this.host.store.saveTable(row, this.fence);
    this.row = row;
    this.close();
    broadcast.broadcastTable(this);
    this.host.tableClosed(this);
  }
}
