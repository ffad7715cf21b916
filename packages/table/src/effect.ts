import type { BotLevel, GameId, Mover, ServerMessage } from '@parlor/protocol';
import type { GameEvent, Outcome, RngState, Seat } from '@parlor/rules';
import type { ActionRow, GameRow, SeatRow, TableRow } from './rows.js';
import type { TableState } from './state.js';

/** A game's end, with what its players' records and ratings are made from. */
export interface FinishedGame {
  readonly tableId: string;
  readonly gameNo: number;
  readonly game: GameId;
  readonly result: Outcome;
  readonly stats: unknown[];
  readonly finishedAt: string;
  readonly seats: readonly SeatRow[];
  /** Seats whose player left the game and did not come back (they rank last). */
  readonly left: readonly Seat[];
  /** Seats a stand-in played at the end because the others replaced their absent player (who never came back); absent: none. */
  readonly abandoned?: readonly Seat[];
  readonly rated: boolean;
  readonly private: boolean;
  /** A turn-based table's game (rated apart from real-time games); absent at a real-time table. */
  readonly turnBased?: boolean;
}

/** What must be stored before the new state is real: all of them, in order. */
export type Write =
  | { readonly op: 'table'; readonly row: TableRow }
  | { readonly op: 'game'; readonly game: GameRow }
  /** An action of the log; a store that already has this seq refuses it (nothing is played). */
  | { readonly op: 'action'; readonly tableId: string; readonly gameNo: number; readonly action: ActionRow }
  | { readonly op: 'finish'; readonly finish: FinishedGame };

/** A question to a bot: the seat's view and legal actions, and everything it has seen so far. */
export interface BotAsk {
  readonly seat: Seat;
  readonly seq: number;
  readonly game: GameId;
  readonly gameNo: number;
  readonly level: BotLevel;
  readonly view: unknown;
  readonly legal: readonly unknown[];
  /** Every event of the game this seat may see, oldest first (a bot that remembers catches up on them). */
  readonly seen: readonly GameEvent[];
  /** The bot's chance for this decision. */
  readonly rng: RngState;
}

/** What the shell does once the writes are stored. */
export type Effect =
  /** One message to these watchers (the shell may serialize it once for all of them). */
  | { readonly kind: 'send'; readonly to: readonly string[]; readonly msg: ServerMessage }
  /** Arms (or re-arms) a timer: feed `{ type: 'timer', key }` when the clock reaches `at`. */
  | { readonly kind: 'arm'; readonly key: string; readonly at: number }
  | { readonly kind: 'disarm'; readonly key: string }
  /** Ask a bot; feed its answer back as `{ type: 'bot', seat, seq, action }`. */
  | { readonly kind: 'ask'; readonly ask: BotAsk }
  /** The table's seats or status changed: the lobby hears of it. */
  | { readonly kind: 'changed' }
  /** The table closed: it leaves memory. */
  | { readonly kind: 'closed' }
  /** A move was played (for the metrics). */
  | { readonly kind: 'played'; readonly by: Mover }
  | { readonly kind: 'log'; readonly level: 'warn' | 'error'; readonly msg: string; readonly fields: Readonly<Record<string, unknown>> };

/** Why an input was refused: a protocol or rule code and a sentence for the sender. */
export interface Refusal {
  readonly code: string;
  readonly message: string;
}

/**
 * The result of one input. With a refusal there are no writes, and the game is as it was (a
 * refused action by a seat a stand-in played still brings its player back: `state` says so).
 */
export interface Step {
  readonly state: TableState;
  readonly writes: readonly Write[];
  readonly effects: readonly Effect[];
  readonly refusal: Refusal | null;
}
