import type { BotLevel, GameSnapshot } from '@parlor/protocol';
import type { GameId, Seat } from '@parlor/rules';
import type { LogEntry } from '../state/store.js';
import type { OfflineAction, OfflineEnd, OfflineRecord } from './record.js';

/**
 * What the page and the offline worker say to each other (engine-host.ts answers). One game is
 * open in the worker at a time; every move names the game and the move number it was decided on
 * (`seq`), so that a move decided on a position that has since changed is refused (`STALE`), as
 * at the server.
 */
export type EngineRequest =
  /** The bot levels each game has (the page's choice of level). */
  | { readonly type: 'levels' }
  /** Opens a record: its stored moves are folded again; the answer carries the whole log. */
  | { readonly type: 'open'; readonly record: OfflineRecord }
  /** The person's move (seat 0). */
  | { readonly type: 'act'; readonly id: string; readonly seq: number; readonly action: unknown }
  /** A bot seat the game waits for decides and moves. */
  | { readonly type: 'bot'; readonly id: string; readonly seq: number; readonly seat: Seat }
  /** The response window closed: a seat still silent gives the game's answer for silence. */
  | { readonly type: 'silence'; readonly id: string; readonly seq: number; readonly seat: Seat };

/** The game after a move (or as opened). */
export interface EngineUpdate {
  readonly type: 'update';
  readonly id: string;
  /** The move just played (null when the game was opened). */
  readonly move: OfflineAction | null;
  readonly snapshot: GameSnapshot;
  /** Log entries the person may see: every one when opened, else those of this move. */
  readonly log: readonly LogEntry[];
  /** The bot seats the game waits for now. */
  readonly bots: readonly Seat[];
  /** Whether a response window is open now. */
  readonly window: boolean;
  /** The result and statistics, when this move ended the game (or it was over when opened). */
  readonly end: OfflineEnd | null;
}

export type EngineReply =
  | { readonly type: 'levels'; readonly levels: Readonly<Record<GameId, readonly BotLevel[]>> }
  | EngineUpdate
  | { readonly type: 'refused'; readonly code: string; readonly message: string };

/** The same request with the number the channel matches its answer by. */
export type Numbered<T> = T & { readonly n: number };
