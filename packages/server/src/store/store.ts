import type { GameId } from '@parlor/protocol';
import type { ActionRow, GameRow, TableRow } from '@parlor/table';
import type { TournamentRow } from './tournament-row.js';
import type { Parts } from './parts.js';
import type { RatingKey, RatingPoint, RatingRow } from './rating-rows.js';
import type { ReputationCounts } from './reputation.js';

export interface PlayerRow {
  readonly id: string;
  readonly name: string;
  /** SHA-256 (hex) of the token the player was made with; the token itself is never stored. */
  readonly tokenHash: string;
  readonly createdAt: string;
  /** When the player claimed their name as an account; null for a guest. */
  readonly accountSince?: string | null;
  /** The avatar the account chose (protocol `AVATARS`); null or absent: none. */
  readonly avatar?: string | null;
  /** The account says it is a program playing through the protocol (a bot account); absent: false. */
  readonly bot?: boolean;
}

/** A session (one signed-in device): its player, and when it was last used (said hello, called the API, or its last socket closed). */
export interface SessionRow {
  readonly player: PlayerRow;
  readonly lastUsed: string;
}

/** An account: a player whose name is theirs alone, with a password. */
export interface AccountRow {
  readonly playerId: string;
  readonly name: string;
  /** The name as compared for uniqueness (accounts/names.ts). */
  readonly nameKey: string;
  /** The password's scrypt hash (accounts/passwords.ts). */
  readonly password: string;
}

/** One player's part in one finished game (their history and lifetime statistics). */
export interface PlayerGameRow {
  readonly playerId: string;
  readonly tableId: string;
  readonly gameNo: number;
  readonly game: GameId;
  readonly finishedAt: string;
  readonly seat: number;
  readonly players: number;
  /** 1 = best. */
  readonly place: number;
  readonly score: number;
  readonly won: boolean;
  readonly rated: boolean;
  /** The game's table was private: the game is shown only to its players and invitees. */
  readonly private: boolean;
  /** The seat's end-of-game statistics (the game module's `stats`). */
  readonly stats: unknown;
  /** Written, not read back (Store.reputation counts them): a stand-in played the seat at the end (left), and how many seats people played. */
  readonly left?: boolean;
  readonly humans?: number;
}

export type { RatingKey, RatingPoint, RatingRow } from './rating-rows.js';

/** What a finished game leaves besides its result: each player's part, and new ratings (rated games). */
export interface GameRecords {
  readonly players: readonly PlayerGameRow[];
  readonly ratings: readonly RatingRow[];
}

// The rows of a table, its games and their logs are the table core's (packages/table/src/rows.ts).
export type { ActionRow, GameRow, SeatRow, TableRow } from '@parlor/table';

/**
 * A table's write fence in a cluster (docs/operations.md, "A cluster"): the token of the lease its
 * owner holds. The store refuses a fenced write whose token is no longer the table's, so a process
 * that lost a table can never write to it again. A lone server writes unfenced (undefined).
 */
export type Fence = number | undefined;

export { type TournamentPart, type TournamentRow, tournamentLease } from './tournament-row.js';

/** The owner of a table's lease, and until when it holds it. */
export interface LeaseRow {
  readonly tableId: string;
  readonly owner: string;
  readonly token: number;
  readonly expiresAt: number;
}

/** A fenced write was refused: the table's lease has another token now (another process owns it). Nothing was written. */
export class LeaseLost extends Error {
  constructor(readonly tableId: string) {
    super(`the lease of table ${tableId} was taken over; this process may no longer write to it`);
  }
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

/** A table waiting in the store, due at `dueAt` (ms since the epoch). */
export interface DueTable {
  readonly id: string;
  readonly dueAt: number;
}

/**
 * Everything Parlor keeps. The action log is append-only: appending action `seq` of a game succeeds
 * once only (a duplicate is refused), which is what makes retries and several servers safe.
 * Asynchronous so that a networked store (PostgreSQL) can implement it too. A method that cannot
 * reach its data rejects with StoreUnavailable, having written nothing.
 */
export interface Store extends Parts {
  /** A new player (a guest), with the session of the token it was made with. */
  addPlayer(p: PlayerRow): Promise<void>;
  /** The player a session token (its hash) belongs to. */
  playerByTokenHash(tokenHash: string): Promise<PlayerRow | null>;
  playerById(id: string): Promise<PlayerRow | null>;
  renamePlayer(id: string, name: string): Promise<void>;
  addSession(tokenHash: string, playerId: string, at: string): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of a player but `keep`. */
  deleteSessions(playerId: string, keep?: string): Promise<void>;
  /** A session by its token's hash, with when it was last used. */
  session(tokenHash: string): Promise<SessionRow | null>;
  /** Records that a session was used at `at` (a later time than the one kept). */
  touchSession(tokenHash: string, at: string): Promise<void>;
  /** Deletes the accounts' sessions last used before `before` (expired; a guest's never expires): how many. */
  pruneSessions(before: string): Promise<number>;
  accountByKey(nameKey: string): Promise<AccountRow | null>;
  accountOf(playerId: string): Promise<AccountRow | null>;
  /**
   * The account whose name `name` could be mistaken for (either of its skeletons the same,
   * accounts/names.ts), if any; the oldest when several. The store computes the skeletons.
   */
  accountLike(name: string): Promise<AccountRow | null>;
  /**
   * Makes `playerId` an account named `name`, with its name's skeletons; false (nothing written)
   * when the name key is taken or another account holds one of the skeletons.
   */
  claimAccount(playerId: string, name: string, nameKey: string, password: string, at: string): Promise<boolean>;
  setPassword(playerId: string, password: string): Promise<void>;
  /** Sets the avatar a player shows (null: none); the caller checks it is one of the set. */
  setAvatar(playerId: string, avatar: string | null): Promise<void>;
  /** Sets whether a player says it is a bot account; the caller checks it is an account. */
  setBot(playerId: string, bot: boolean): Promise<void>;
  /**
   * Deletes an account: its name, password, sessions and notification rows go; its games stay, its name in them
   * replaced by `shownAs`.
   */
  deleteAccount(playerId: string, shownAs: string, at: string): Promise<void>;
  ratingsOf(playerId: string): Promise<RatingRow[]>;
  ratingHistory(playerId: string, game: RatingKey): Promise<RatingPoint[]>;
  /** A player's finished games, newest first, after `before` (a finishedAt|tableId|gameNo cursor). */
  playerGames(playerId: string, limit: number, before?: string): Promise<PlayerGameRow[]>;
  /** Every finished game of a player (for lifetime statistics). */
  allPlayerGames(playerId: string): Promise<PlayerGameRow[]>;
  /** A player's reputation counts (store/reputation.ts): their last 100 games with another person, and those left since `since`. */
  reputation(playerId: string, since: string): Promise<ReputationCounts>;
  /** Account players' ratings in a game, best conservative rating (μ − 3σ) first, after `after` (a rank). */
  leaderboard(game: RatingKey, limit: number, offset: number): Promise<(RatingRow & { name: string })[]>;
  /** Statements sent to a database server so far (a networked store only; the load bench reads it from /metrics). */
  readonly roundTrips?: number;
  /** Inserts or replaces a table's row (LeaseLost when `fence` is stale). */
  saveTable(t: TableRow, fence?: Fence): Promise<void>;
  /**
   * The tables a server hosts when it starts: open and running ones (finished and closed ones load
   * on demand, and so do running ones with a due time: turn-based tables waiting, see setTableDue).
   */
  tables(): Promise<TableRow[]>;
  /**
   * A waiting table's next due moment (ms since the epoch; null: none, the table stays in memory
   * while it runs): the process that wakes tables reads it (dueTables). Behind the table's fence.
   */
  setTableDue(tableId: string, dueAt: number | null, fence?: Fence): Promise<void>;
  /**
   * Running tables due at or before `by` (ms) that no process holds a live lease on (in a cluster,
   * the one hosting a table wakes it itself), soonest first, at most `limit`.
   */
  dueTables(by: number, limit: number): Promise<DueTable[]>;
  /** One table, closed or not. */
  table(id: string): Promise<TableRow | null>;
  /** Records that a player was seen now (for pruning guests). */
  touchPlayer(id: string, at: string): Promise<void>;
  /**
   * Deletes guests last seen before `before` who hold no seat and created no table, at no table and
   * in no game; resolves to how many went.
   */
  pruneGuests(before: string): Promise<number>;
  addGame(g: GameRow, fence?: Fence): Promise<void>;
  game(tableId: string, gameNo: number): Promise<GameRow | null>;
  /** Appends action `seq`; resolves false when that seq already exists (nothing is written); LeaseLost when `fence` is stale. */
  appendAction(tableId: string, gameNo: number, a: ActionRow, fence?: Fence): Promise<boolean>;
  actions(tableId: string, gameNo: number): Promise<ActionRow[]>;
  /**
   * Records a game's end: its result and statistics, each player's part in it and, for a rated
   * game, the new ratings — all or nothing. A game already finished is left as it is.
   */
  finishGame(tableId: string, gameNo: number, result: unknown, finishedAt: string, stats: unknown[] | null, records?: GameRecords, fence?: Fence): Promise<void>;
  /**
   * Takes a table's lease for `owner` for `ttlMs` (from the store's clock) if it has none, or it has
   * expired, or `owner` holds it already; resolves to the new fencing token (greater than any
   * before), or null while another owner's lease is live.
   */
  acquireLease(tableId: string, owner: string, ttlMs: number): Promise<number | null>;
  /** Extends `owner`'s lease with `token`; false when it is no longer theirs. */
  renewLease(tableId: string, owner: string, token: number, ttlMs: number): Promise<boolean>;
  /** `renewLease` of many leases at once (one round trip per thousand); resolves to the tables still `owner`'s. */
  renewLeases(owner: string, leases: readonly { readonly tableId: string; readonly token: number }[], ttlMs: number): Promise<string[]>;
  /** Ends `owner`'s lease with `token` now (a clean stop hands the table over at once). */
  releaseLease(tableId: string, owner: string, token: number): Promise<void>;
  leaseOf(tableId: string): Promise<LeaseRow | null>;
  /**
   * Open or running tables whose lease has expired, or that have none: for a live process to take
   * over. Not a running table with a due moment stored: it waits in the store until then (dueTables).
   */
  orphanTables(limit: number): Promise<string[]>;
  /**
   * Writes a tournament: a new one when `expected` is null, else only if its version is still
   * `expected` (the row's version must be expected + 1). False when another write came first
   * (nothing is written); LeaseLost when `fence` is given and is no longer the director's lease.
   */
  saveTournament(t: TournamentRow, expected: number | null, fence?: Fence): Promise<boolean>;
  tournament(id: string): Promise<TournamentRow | null>;
  /**
   * Listed (not private) tournaments of a status, `limit` of them after the cursor `after`
   * (a startsAt|id): the soonest first, or the latest first for finished and cancelled ones.
   */
  tournamentList(status: string, limit: number, after?: string): Promise<TournamentRow[]>;
  /** The ids of upcoming and running tournaments (for a director to take). */
  liveTournaments(): Promise<string[]>;
  /**
   * A real write, as cheap as one can be: sets `meta` row `ready:<process>` to `at` (one row per
   * process, overwritten each time), for /readyz to know that this process can still write.
   */
  probe(process: string, at: string): Promise<void>;
  close(): Promise<void>;
}
