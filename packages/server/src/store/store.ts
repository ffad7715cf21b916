import type { BotLevel, GameId, Mover, TableStatus } from '@parlor/protocol';

export interface PlayerRow {
  readonly id: string;
  readonly name: string;
  /** SHA-256 (hex) of the player's token; the token itself is never stored. */
  readonly tokenHash: string;
  readonly createdAt: string;
}

export type SeatRow =
  | { readonly kind: 'empty' }
  | { readonly kind: 'player'; readonly playerId: string }
  | { readonly kind: 'bot'; readonly level: BotLevel };

export interface TableRow {
  readonly id: string;
  readonly game: GameId;
  readonly options: Record<string, unknown>;
  readonly seats: SeatRow[];
  readonly status: TableStatus;
  readonly private: boolean;
  /** The secret in a private table's invite link. */
  readonly invite: string;
  readonly moveTimer: number;
  /** Seconds a response window stays open; null for a game without them. */
  readonly responseWindow: number | null;
  readonly creatorId: string;
  readonly gameNo: number;
  readonly createdAt: string;
}

export interface GameRow {
  readonly tableId: string;
  readonly gameNo: number;
  /** The seed: secret until the game is over (then shown with the result). */
  readonly seed: string;
  /** SHA-256 (hex) of the seed, shown from the start. */
  readonly commitment: string;
  /** The seats as they were when the game started (names, bots), for the export. */
  readonly seats: { kind: 'player' | 'bot'; name: string; playerId?: string; level?: BotLevel }[];
  readonly options: Record<string, unknown>;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly result: unknown;
  /** Per-player end-of-game statistics (from the rules package), once finished. */
  readonly stats?: unknown[] | null;
}

export interface ActionRow {
  readonly seq: number;
  readonly seat: number;
  readonly action: unknown;
  readonly at: string;
  /** Who made the move (null for moves stored before this was recorded). */
  readonly by?: Mover | null;
}

/**
 * The store cannot read or write now (disk full, database unreachable, locked): nothing was
 * written. The operation may be tried again later.
 */
export class StoreUnavailable extends Error {
  constructor(readonly reason: string, options?: { cause?: unknown }) {
    super(`the store is unavailable (${reason})`, options);
  }
}

/**
 * Everything Parlor keeps. The action log is append-only: appending action `seq` of a game succeeds
 * once only (a duplicate is refused), which is what makes retries and several servers safe.
 * Asynchronous so that a networked store (PostgreSQL) can implement it too. A method that cannot
 * reach its data rejects with StoreUnavailable, having written nothing.
 */
export interface Store {
  addPlayer(p: PlayerRow): Promise<void>;
  playerByTokenHash(tokenHash: string): Promise<PlayerRow | null>;
  playerById(id: string): Promise<PlayerRow | null>;
  renamePlayer(id: string, name: string): Promise<void>;
  /** Inserts or replaces a table's row. */
  saveTable(t: TableRow): Promise<void>;
  /** Every table not closed (open, running, finished). */
  tables(): Promise<TableRow[]>;
  /** One table, closed or not. */
  table(id: string): Promise<TableRow | null>;
  /** Records that a player was seen now (for pruning guests). */
  touchPlayer(id: string, at: string): Promise<void>;
  /**
   * Deletes guests last seen before `before` who hold no seat and created no table, at no table and
   * in no game; resolves to how many went.
   */
  pruneGuests(before: string): Promise<number>;
  addGame(g: GameRow): Promise<void>;
  game(tableId: string, gameNo: number): Promise<GameRow | null>;
  /** Appends action `seq`; resolves false when that seq already exists (nothing is written). */
  appendAction(tableId: string, gameNo: number, a: ActionRow): Promise<boolean>;
  actions(tableId: string, gameNo: number): Promise<ActionRow[]>;
  finishGame(tableId: string, gameNo: number, result: unknown, finishedAt: string, stats: unknown[] | null): Promise<void>;
  close(): Promise<void>;
}
