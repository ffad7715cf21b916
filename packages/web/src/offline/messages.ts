import type { BotLevel, ServerMessage } from '@parlor/protocol';
import type { GameId, Seat } from '@parlor/rules';
import type { OfflineRecord } from './record.js';

/**
 * What the page and the offline worker say to each other (engine-host.ts answers). One game is
 * open in the worker at a time, run there by the table core; every request about it names it, and
 * a move names the move number it was decided on (`seq`), so that a move decided on a position
 * that has since changed is refused (`STALE`), as at the server. Besides its answers the worker
 * sends pushes: the record each time it is stored, and the table's messages to the person.
 */
export type EngineRequest =
  /** The bot levels each game has. */
  | { readonly type: 'levels' }
  /** Opens a record: a new one starts, a stored one is folded again and plays on. */
  | { readonly type: 'open'; readonly record: OfflineRecord; readonly timing: OfflineTiming }
  /** The person's move for their seat. */
  | { readonly type: 'act'; readonly id: string; readonly seq: number; readonly seat: Seat; readonly action: unknown }
  /** The bots' thinking time changed (the person chose another pace). */
  | { readonly type: 'timing'; readonly id: string; readonly timing: OfflineTiming }
  /** The page leaves the game: no more timers or bots; the record stays as stored. */
  | { readonly type: 'close'; readonly id: string };

/** The offline table's clocks, as the page sets them. */
export interface OfflineTiming {
  /** A bot's thinking time, uniform in [min, max] ms (the table core takes longer in a response window). */
  readonly botDelayMs: readonly [number, number];
  /** Multiplies the response window's length (seconds × 1000 ms); 1 except in tests. */
  readonly timerScale: number;
}

export type EngineReply =
  | { readonly type: 'levels'; readonly levels: Readonly<Record<GameId, readonly BotLevel[]>> }
  | { readonly type: 'opened'; readonly id: string }
  /** The move was played and stored. */
  | { readonly type: 'played' }
  | { readonly type: 'ok' }
  | { readonly type: 'refused'; readonly code: string; readonly message: string };

/** What the worker tells the page unasked, about the open game `id`. */
export type EnginePush =
  /** The record as it was just stored (before anything that follows from it is shown). */
  | { readonly type: 'record'; readonly id: string; readonly record: OfflineRecord }
  /** One of the table's messages to the person: the `table` and `game` messages of online play. */
  | { readonly type: 'message'; readonly id: string; readonly msg: ServerMessage }
  /** A move by a bot or the clock could not be stored; it is tried again. */
  | { readonly type: 'problem'; readonly id: string; readonly code: string; readonly message: string };

/** The same request with the number the channel matches its answer by. */
export type Numbered<T> = T & { readonly n: number };

/** A message from the worker: the answer to request `n`, or a push. */
export type WorkerMessage = { readonly n: number; readonly reply: EngineReply } | { readonly push: EnginePush };
