import type { ClientMessage } from '@parlor/protocol';
import type { Connection, TableMessage } from '../connection.js';
import type { SessionEnd } from '../live-sessions.js';
import type { LobbyEntry } from '../lobby.js';
import type { Elsewhere } from '../players.js';
import type { Fence, TableRow } from '../store/store.js';
import type { Table } from '../table/table.js';

/**
 * Where this process's tables are hosted: all here (a lone server), or each at the one process of
 * a cluster that holds its lease. Everything outside the two implementations (local.ts,
 * cluster.ts) works the same either way and never asks which it is.
 */
export interface TableHosting {
  /** Who is connected to other processes. */
  readonly elsewhere: Elsewhere;
  /** Whether a finished table may be loaded from the store here on demand (a lone server); in a cluster tables come with their lease. */
  readonly loadsOnDemand: boolean;
  /** Hosting begins: a lone server hosts its open and running tables at once; a cluster takes them as their leases fall free. */
  start(): Promise<void>;
  /** A clean stop: every lease is handed back. */
  stop(): Promise<void>;
  /** The fence a new table is written with (its lease, claimed now); refused with TRY_AGAIN when it cannot be had. */
  claim(tableId: string): Promise<Fence>;
  /** A table left this process (or was never made): its lease, if it had one, is given back at once. */
  release(tableId: string, fence: Fence): void;
  /** The store refused one of a table's writes with LeaseLost: another process hosts it now. */
  lost(tableId: string): void;
  /**
   * Hosts here a running table no process hosts now (a turn-based one waiting in the store, woken
   * when due): true once it is here. A cluster takes it with its lease, so that one process alone
   * wakes it; a lone server loads it itself (false here).
   */
  take(tableId: string): Promise<boolean>;
  /**
   * A table here left memory while its game goes on (a turn-based one waiting in the store): its
   * lease is given back, and the other processes forget that it was here and drop it from their lobbies.
   */
  left(tableId: string, fence: Fence): void;
  /**
   * A table message goes to the process hosting its table: true when it was forwarded there;
   * false when it is handled here (this process hosts the table, takes it now, or nobody does).
   */
  forward(c: Connection, msg: TableMessage): Promise<boolean>;
  /** Tables other processes host, for the lobby. */
  others(): Iterable<LobbyEntry & { readonly seatedPlayers: readonly string[] }>;
  /** A table here changed: the other processes' lobbies hear of it. */
  changed(table: Table): void;
  /** A player's first connection here opened, or their last closed. */
  announce(playerId: string, online: boolean): void;
  /** A player's days off changed here: the other processes' tables hear of it too (HostingPort.vacationChanged there). */
  vacationChanged(playerId: string): void;
  /** A moderator acted on a player here: the other processes read their sanctions again (HostingPort.moderatedHeard there). */
  moderated(playerId: string): void;
  /** Sessions ended here: the other processes close their sockets too (HostingPort.endSessions there). */
  sessionsEnded(e: SessionEnd): void;
  /** What is wrong with the hosting now (for /readyz: empty when ready), and what to say of it there. */
  readiness(): { readonly problems: readonly string[]; readonly about: Readonly<Record<string, unknown>> };
  /** A connection opened or closed here. */
  attach(c: Connection): void;
  detach(c: Connection): void;
}

/** What the hosting needs from the rest of the server. */
export interface HostingPort {
  /** The tables hosted here, by id. */
  readonly tables: ReadonlyMap<string, Table>;
  /** Hosts every open and running table of the store (a lone server's start). */
  hostAll(): Promise<void>;
  /** Hosts a table whose lease this process now holds: rebuilt from its log, its bots and timers running. */
  adopt(row: TableRow, fence: Fence): Promise<Table>;
  /** A table this process no longer owns leaves it (no more timers or writes), with the connections here that watched it. */
  drop(tableId: string): { readonly table: Table; readonly watchers: readonly Connection[] } | null;
  /** One message, as from a connection of this process. */
  handle(c: Connection, msg: ClientMessage, received: number): Promise<void>;
  disconnect(c: Connection): void;
  /** A player's presence elsewhere changed. */
  presenceChanged(playerId: string, online: boolean, at: number): void;
  /** The lobby heard of a table hosted elsewhere (`gone`: it left its host's memory, and the lobby). */
  lobbyChanged(entry: LobbyEntry, gone?: boolean): void;
  /** Players with a connection to this process. */
  playersHere(): string[];
  playerName(playerId: string): string;
  isAccount(playerId: string): boolean;
  avatar(playerId: string): string | null;
  isBot(playerId: string): boolean;
  /** A player's name, whether they are an account, their avatar and bot flag, as the process they are connected to knows them. */
  renamed(playerId: string, name: string, account: boolean, avatar: string | null, bot: boolean): void;
  /** Another process ended sessions: their sockets here close. */
  endSessions(e: SessionEnd): void;
  /** A player's days off changed on another process: their tables here that allow vacations hear of it. */
  vacationHeard(playerId: string): Promise<void>;
  /** A moderator acted on a player on another process: their sanctions are read again here. */
  moderatedHeard(playerId: string): void;
  readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}
