import type { BotLevel } from '@parlor/bots';
import type { GameId, Seat } from '@parlor/rules';
import type { GameEvent, Mover } from './server-messages.js';

/**
 * `GET /api/me/turns` (docs/api.md, "Your turn-based tables"): every running turn-based table
 * where the caller holds a seat, read from the store, so that tables waiting out of memory are
 * listed too. Only what a spectator of the table may see: names, whose move, clocks, banks, and
 * the last move's public events.
 */
export interface YourTurns {
  /** The server's clock when it answered (ms since the epoch): time left is `deadline − now`. */
  readonly now: number;
  /** The tables where it is your move first, then the others; each group soonest deadline first. */
  readonly tables: YourTurnTable[];
}

/** A seat of a turn-based table as the list shows it: who sits there. */
export type TurnSeat =
  | { readonly seat: Seat; readonly kind: 'empty' }
  | { readonly seat: Seat; readonly kind: 'player'; readonly name: string }
  | { readonly seat: Seat; readonly kind: 'bot'; readonly level: BotLevel };

/** The last move of a game, as a spectator saw it. */
export interface TurnMove {
  /** The seat that moved (null: the game's opening, before anyone moved). */
  readonly seat: Seat | null;
  readonly by: Mover | null;
  /** When it was made (ms since the epoch). */
  readonly at: number;
  /** Its events as a spectator may see them (no hidden card): for "the last move in words". */
  readonly events: GameEvent[];
}

export interface YourTurnTable {
  readonly tableId: string;
  readonly game: GameId;
  readonly gameNo: number;
  /** Actions played so far in the game. */
  readonly seq: number;
  readonly private: boolean;
  readonly seats: TurnSeat[];
  /** The seats you hold there. */
  readonly yourSeats: Seat[];
  /** The seats the game waits for. */
  readonly toMove: Seat[];
  /** One of `toMove` is yours. */
  readonly yourMove: boolean;
  /** A response window is open: the seats asked answer it (`toMove`), rather than making a move. */
  readonly window: boolean;
  /** When the seat asked must move by (ms since the epoch, its time bank counted in), or null. */
  readonly deadline: number | null;
  /** The table's time per move and time bank (seconds). */
  readonly moveSeconds: number;
  readonly bankSeconds: number;
  /** Each seat's time bank left (ms), not counting the move under way. */
  readonly banks: number[];
  /** Your seat's bank (the first of yours), or null. */
  readonly yourBank: number | null;
  readonly lastMove: TurnMove | null;
}
