import type { ClientMessage, TableSummary } from '@parlor/protocol';
import type { Connection } from '../connection.js';
import type { SessionEnd } from '../live-sessions.js';
import type { LobbyEntry } from '../lobby.js';
import type { Metrics } from '../metrics.js';
import type { Fence, TableRow } from '../store/store.js';

export interface ClusterLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A table as the cluster sees it: what it tells the other processes' lobbies. */
export interface ClusterTable {
  readonly id: string;
  readonly row: TableRow;
  summary(): TableSummary;
}

/** What the cluster needs from the hub of its process. */
export interface ClusterHost {
  /** The tables this process hosts, by id. */
  readonly tables: ReadonlyMap<string, ClusterTable & { fence: Fence }>;
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
  /** The lobby heard of a table hosted elsewhere (`gone`: it left its host's memory, and the lobby). */
  lobbyChanged(entry: LobbyEntry, gone?: boolean): void;
  /** A table this process watches for its own connections has a new owner: watch it again there. */
  ownerChanged(tableId: string): void;
  /** Players with an open connection to this process. */
  onlinePlayers(): string[];
  /** Every table this process's connections watch elsewhere is watched again (another process may have forgotten them). */
  rewatch(): void;
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
  readonly log: ClusterLog;
  readonly metrics: Metrics;
}
