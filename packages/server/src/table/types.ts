import type { ServerMessage } from '@parlor/protocol';
import type { BotPool, FinishedGame, Person, TableInput, TableState } from '@parlor/table';
import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Frame } from '../frame.js';
import type { Metrics } from '../metrics.js';
import type { Store } from '../store/store.js';

/** A connection as a table sees it. */
export interface Client {
  /** The watcher's id at its tables (unique among this process's connections and those forwarded here). */
  readonly id: string;
  readonly playerId: string;
  send(msg: ServerMessage): void;
  /** Sends a message serialized once for all its recipients. */
  sendFrame(frame: Frame): void;
}

/**
 * What a table needs from the server around it. `T` is the table itself (table.ts's Table), which
 * its calls hand back; it is a parameter so that this file need not import the table.
 */
export interface TableHost<T extends { readonly id: string } = { readonly id: string }> {
  readonly store: Store;
  readonly metrics: Metrics;
  readonly config: ServerConfig;
  /** Every time the table reads or arms (a test's own clock, or the system's). */
  readonly clock: Clock;
  /** The bots of this process's tables. */
  readonly bots: BotPool;
  /** The seed of a new game: 32 random bytes in hex from the operating system (a test's own in tests). */
  newSeed(tableId: string, gameNo: number): string;
  /** What the server knows of a player now: name, account, presence. */
  person(playerId: string): Person;
  /** The client watching as `watcherId`, if it is still connected. */
  client(watcherId: string): Client | undefined;
  /** The table closed: it leaves memory and the lobby. */
  tableClosed(table: T): void;
  /** Another process took the table's lease (a write was refused with LeaseLost): it leaves this one. */
  leaseLost(table: T): void;
  /** The table's seats or status changed (the lobby hears of it). */
  tableChanged(table: T): void;
  /** A game of the table ended and its result is stored (a tournament's table tells its tournament). */
  gameFinished?(table: T, f: FinishedGame): void;
  /** A step was stored and taken: the table before and after it, and its input (what its players away are told of; a waiting table's due time). */
  stepped?(table: T, before: TableState, after: TableState, input: TableInput): void;
  readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * A refusal to send back: a protocol or rule code and a sentence. Not an Error: refusals are
 * common (several seats answering one response window, the late ones refused) and need no stack
 * trace.
 */
export class Refusal {
  constructor(readonly code: string, readonly message: string) {}
}
