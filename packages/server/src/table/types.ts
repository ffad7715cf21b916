import type { ServerMessage } from '@parlor/protocol';
import type { ServerConfig } from '../config.js';
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
  playerName(id: string): string;
  isConnected(playerId: string): boolean;
  /** The table's seats or status changed (the lobby hears of it). */
  tableChanged(table: Table): void;
  readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** A refusal to send back: a protocol or rule code and a sentence. */
export class Refusal extends Error {
  constructor(readonly code: string, message: string) { super(message); }
}
