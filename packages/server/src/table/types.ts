import type { ServerMessage } from '@parlor/protocol';
import type { ServerConfig } from '../config.js';
import type { Clock } from '../clock.js';
import type { Metrics } from '../metrics.js';
import type { Store } from '../store/store.js';
import type { Table } from './table.js';

/** A connection as a table sees it. */
export interface Client {
  readonly playerId: string;
  send(msg: ServerMessage): void;
}

/** What a table needs from the server around it. */
export interface TableHost {
  readonly store: Store;
  readonly metrics: Metrics;
  readonly config: ServerConfig;
  /** Every time the table reads or arms (a test's own clock, or the system's). */
  readonly clock: Clock;
  /** The seed of a new game: 32 random bytes in hex from the operating system (a test's own in tests). */
  newSeed(tableId: string, gameNo: number): string;
  playerName(id: string): string;
  isConnected(playerId: string): boolean;
  /** Whether the player is an account (rated tables seat only accounts). */
  isAccount(playerId: string): boolean;
  /** Since when (ms since the epoch) the player has had no connection; null while connected. */
  disconnectedSince(playerId: string): number | null;
  /** The table closed: it leaves memory and the lobby. */
  tableClosed(table: Table): void;
  /** Another process took the table's lease (a write was refused with LeaseLost): it leaves this one. */
  leaseLost(table: Table): void;
  /** The table's seats or status changed (the lobby hears of it). */
  tableChanged(table: Table): void;
  readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** A refusal to send back: a protocol or rule code and a sentence. */
export class Refusal extends Error {
  constructor(readonly code: string, message: string) { super(message); }
}
