import type { ClientMessage, ServerMessage } from '@parlor/protocol';
import type { RateLimit } from './rate-limit.js';

/** One WebSocket connection, after or before its hello. */
export interface Connection {
  /** Its id as a watcher of tables (unique in the cluster: another process's connections are `<process>:<id>`). */
  readonly id: string;
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
export type TableMessage = Extract<ClientMessage, { tableId: string }>;
