import type { ClientMessage, ServerMessage } from '@parlor/protocol';
import { type Frame, frameOf } from './frame.js';
import type { ServerConfig } from './config.js';
import type { AddressLimits } from './limits.js';
import type { Metrics } from './metrics.js';
import { RateLimit } from './rate-limit.js';

/** One WebSocket connection, after or before its hello. */
export interface Connection {
  /** Its id as a watcher of tables (unique in the cluster: another process's connections are `<process>:<id>`). */
  readonly id: string;
  playerId: string | null;
  /** Sends one message, serialized for this connection. */
  readonly send: (msg: ServerMessage) => void;
  /** Sends a message already serialized for all its recipients (a table's update), as it is. */
  readonly sendFrame: (frame: Frame) => void;
  /** The client's address (per-address limits). */
  readonly address: string;
  readonly limit: RateLimit;
  readonly chatLimit: RateLimit;
  readonly watching: Set<string>;
  lobby: boolean;
  /** A connection to another process of the cluster, whose messages for this process's tables are forwarded here. */
  readonly remote?: boolean;
  /** Closes the socket with a WebSocket close code and reason (a socket of this process; absent for another process's). */
  readonly close?: (code: number, reason: string) => void;
}

/** Writes a text frame to a socket (if it is still open). */
export type FrameWriter = (json: string) => void;

/** A connection's two ways of sending, over a socket's writer. */
export function senders(write: FrameWriter): Pick<Connection, 'send' | 'sendFrame'> {
  return { send: (msg) => write(frameOf(msg).json), sendFrame: (frame) => write(frame.json) };
}

/** The messages about one table, which in a cluster go to the process hosting it. */
export type TableMessage = Extract<ClientMessage, { tableId: string }>;

/**
 * A new connection from `address`, whose frames `write` puts on its socket and `close` closes, with
 * the id `nextId()` gives; or null when that address has too many open already (it is told why and
 * closed, 1008).
 */
export function openConnection(d: { readonly limits: AddressLimits; readonly metrics: Metrics; readonly config: ServerConfig },
  nextId: () => string, write: FrameWriter, address: string, close: (code: number, reason: string) => void): Connection | null {
  const { send, sendFrame } = senders(write);
  if (!d.limits.connect(address)) {
    d.metrics.refused.inc({ code: 'TOO_MANY_CONNECTIONS' });
    send({ type: 'error', code: 'TOO_MANY_CONNECTIONS', message: `Too many connections from your address (at most ${d.config.maxConnectionsPerAddress}); close some first.` });
    close(1008, 'too many connections');
    return null;
  }
  d.metrics.sockets.inc();
  return {
    id: nextId(), playerId: null, send, sendFrame, address, watching: new Set(), lobby: false,
    limit: new RateLimit(d.config.rateBurst, d.config.ratePerSecond),
    chatLimit: new RateLimit(3, 1), close,
  };
}
