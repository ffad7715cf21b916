import type { BotLevel, GameId, Mover, TableStatus, TurnBasedInfo } from '@parlor/protocol';

/** What a table keeps of its seats: who sits where (players by id, bots by level). */
export type SeatRow =
  | { readonly kind: 'empty' }
  | { readonly kind: 'player'; readonly playerId: string }
  | { readonly kind: 'bot'; readonly level: BotLevel };

/** A table as it is stored: its header. Its games and their action logs are stored beside it. */
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
  /**
   * Seconds a disconnected player keeps their seat before a stand-in plays it, as the creator set
   * it; absent for the server's own (`TableSettings.graceSeconds`).
   */
  readonly grace?: number;
  readonly creatorId: string;
  readonly gameNo: number;
  readonly createdAt: string;
  /** Rated games change their account players' ratings; only accounts may sit. */
  readonly rated?: boolean;
  /** Players whose reliability (Person.reliability) is below this percent may not sit; new players may. Absent: no minimum. */
  readonly minReliability?: number;
  /** A tournament's table (one game; the tournament seats its players, and pairs them again after it). */
  readonly tournament?: TournamentMark;
  /**
   * A turn-based table (turns.ts): `moveTimer` is then its time per move and `responseWindow` its
   * window's length (seconds, hours or days long); absent at a real-time table.
   */
  readonly turnBased?: TurnBasedInfo;
}

/** What a tournament's table keeps of its tournament. */
export interface TournamentMark {
  readonly id: string;
  readonly name: string;
  /** Once its game is over: the seats whose players left it (they rank last in the tournament). */
  readonly left?: readonly number[];
  /** The tournament's time for the game ran out: stand-in bots play every person's seat to the end. */
  readonly standIns?: boolean;
}

/** One game of a table as it is stored: its seed (secret until it is over) and who sat where. */
export interface GameRow {
  readonly tableId: string;
  readonly gameNo: number;
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

/** One action of a game's append-only log. */
export interface ActionRow {
  readonly seq: number;
  readonly seat: number;
  readonly action: unknown;
  readonly at: string;
  /** Who made the move (null for moves stored before this was recorded). */
  readonly by?: Mover | null;
}
