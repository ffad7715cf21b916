import type { BotLevel } from '@parlor/bots';
import type { TournamentDetail } from './tournaments.js';
import type { AnyAction, AnyEvent, AnyStats, AnyView, GameId, Outcome, Seat } from '@parlor/rules';

export type { BotLevel, GameId };
/** A registered game's view, event, action or per-seat statistics (the rules registry's types). */
export type GameView = AnyView;
export type GameEvent = AnyEvent;
export type GameAction = AnyAction;
export type GameStats = AnyStats;

export interface PlayerInfo {
  readonly id: string;
  readonly name: string;
  /**
   * In seats and chat: whether the player is an account (signed in with a password) rather than a
   * guest, so that clients can mark accounts. Absent elsewhere.
   */
  readonly account?: boolean;
  /**
   * In seats, chat and the welcome: the avatar the account chose (one of `AVATARS`); absent for a
   * guest or an account that chose none, which clients show as a pattern made from `id`.
   */
  readonly avatar?: string;
  /** In seats and chat: the account says it is a program playing through the protocol (a bot account); absent otherwise. */
  readonly bot?: boolean;
}

/**
 * Why a bot plays a person's seat: they left the game (`table.leave` while it runs), their move
 * timer ran out, they stayed disconnected past the grace period or the table's idle time, or the
 * other players replaced them after `replaceAfter` seconds of absence (`table.replace`).
 */
export type AwayReason = 'left' | 'timeout' | 'disconnected' | 'replaced';

/** Who made a move: its seat's person, its own bot, a stand-in bot for an away person, or the clock (silence in a response window). */
export type Mover = 'player' | 'bot' | 'stand-in' | 'timer';

export type SeatInfo =
  | { readonly seat: Seat; readonly kind: 'empty' }
  | { readonly seat: Seat; readonly kind: 'player'; readonly player: PlayerInfo; readonly connected: boolean;
      /** A stand-in bot plays this seat while its player is away (`awayReason` says why). */
      readonly away: boolean;
      readonly awayReason: AwayReason | null;
      /** Since when (ms since the epoch) the player has had no connection, or null while connected. */
      readonly disconnectedSince: number | null;
      /**
       * When (ms since the epoch) a stand-in bot takes this disconnected player's seat unless they
       * come back: set while the grace period runs, null otherwise.
       */
      readonly standInAt: number | null;
      /**
       * At a turn-based table that allows vacations: the player is on declared days off, their
       * clock stopped here, until then (ms since the epoch). Absent otherwise.
       */
      readonly vacationUntil?: number;
      /**
       * The player's reputation in brief: whole percent of their recent games with other people
       * that they finished (docs/api.md, "Reputation"), or null for a new player. Absent: unknown.
       */
      readonly reliability?: number | null }
  | { readonly seat: Seat; readonly kind: 'bot'; readonly level: BotLevel; readonly name: string };

/** `closed`: the table ended (never started, or everyone left); its finished games can still be exported. */
export type TableStatus = 'open' | 'running' | 'finished' | 'closed';

/** A table as the lobby lists it. */
export interface TableSummary {
  readonly id: string;
  readonly game: GameId;
  /** The validated options (defaults filled in). */
  readonly options: Record<string, unknown>;
  readonly seats: SeatInfo[];
  readonly status: TableStatus;
  readonly private: boolean;
  readonly moveTimer: number;
  /**
   * Seconds a response window (several seats answering at once) stays open, or null for a game
   * without them. Also sent under the game's own name for the setting (docs/protocol.md).
   */
  readonly responseWindow: number | null;
  /**
   * On a table without a move timer: seconds a seated player may be disconnected, or silent when the
   * game waits for them, before the other seated players may replace them with a bot
   * (`table.replace`). Null on a table with a move timer, where the timer does that.
   */
  readonly replaceAfter: number | null;
  /**
   * Seconds a seated player may be disconnected, while another person plays at the table, before a
   * stand-in bot plays their seat until they come back (with or without a move timer).
   */
  readonly grace: number;
  /** A rated table: its games change its players' ratings, and only accounts may sit. */
  readonly rated: boolean;
  /** Players who finish less than this percent of their games may not sit (new players may); absent: no minimum. */
  readonly minReliability?: number;
  readonly creator: PlayerInfo;
  /** Games started at this table so far ("play again" adds one). */
  readonly gameNo: number;
  readonly spectators: number;
  readonly createdAt: string;
  /** A tournament's table: its tournament (one game; the tournament pairs its players again). Absent otherwise. */
  readonly tournament?: { readonly id: string; readonly name: string };
  /**
   * A turn-based table (docs/protocol.md, "Turn-based tables"); absent at a real-time one. Its
   * `moveTimer` is then the time per move and `responseWindow` the window's length, in seconds.
   */
  readonly turnBased?: TurnBasedInfo;
}

/** What makes a table turn-based, besides its time per move and its window's length. */
export interface TurnBasedInfo {
  /** Each player's time bank per game, in seconds: spent by itself once a move's time is up. */
  readonly bankSeconds: number;
  /** Whether an account's declared days off stop its clocks at this table. */
  readonly vacation: boolean;
}

/** The current game as one seat (or a spectator) sees it. */
export interface GameSnapshot {
  readonly tableId: string;
  readonly gameNo: number;
  /** Actions played so far; send it back with your next action. */
  readonly seq: number;
  /** Whose view this is: a seat you hold, or null for a spectator. */
  readonly seat: Seat | null;
  readonly view: GameView;
  /** The events of the last action, as this seat may see them (empty in a first snapshot). */
  readonly events: GameEvent[];
  /** The seat's legal actions when it is asked now (else empty). */
  readonly legal: GameAction[];
  /** The seats the game waits for. */
  readonly waitingFor: Seat[];
  /** When the move timer or the response window runs out (ms since the epoch), or null. At a turn-based table, the seat's time bank is counted in. */
  readonly deadline: number | null;
  /** At a turn-based table: each seat's time bank left (ms), not counting the move under way. Absent at a real-time one. */
  readonly banks?: number[];
  /** Since when (ms since the epoch) the game has waited for `waitingFor`, or null once it is over. */
  readonly waitingSince: number | null;
  /** Who made the move whose `events` these are (null for a snapshot sent between moves). */
  readonly by: Mover | null;
  /** The seat whose move that was (null with `by`). */
  readonly moveSeat: Seat | null;
  /** SHA-256 (hex) of the game's seed, shown from the start (fairness). */
  readonly commitment: string;
  /** The seed, revealed once the game is over. */
  readonly seed: string | null;
  readonly outcome: Outcome | null;
  /** Per-player end-of-game statistics (the game module's `stats`), once the game is over. */
  readonly stats: GameStats[] | null;
  /** In a game's first snapshot and in the one answering `table.watch` (a first visit, a reload, a
   *  reconnection): every event of the game so far as this seat may see it, oldest first, so a client
   *  can rebuild its game log. */
  readonly history?: GameEvent[];
  /** With `history`: the moves it is made of, oldest first — each one's seat (null for the opening), who made it and how many of `history`'s events it accounts for. */
  readonly historyMoves?: HistoryMove[];
}

export interface HistoryMove {
  readonly seat: Seat | null;
  readonly by: Mover | null;
  readonly events: number;
}

export type ServerMessage =
  | { readonly type: 'welcome'; readonly re?: string | number; readonly player: PlayerInfo; readonly token: string;
      /** Tables where this player holds seats, to resume. */
      readonly seatedAt: string[]; readonly version: number;
      /** Whether the player is an account (signed in), rather than a guest. */
      readonly account: boolean;
      /** The bot levels each game has, weakest first (for a client's seat menus). */
      readonly botLevels: Readonly<Record<GameId, readonly BotLevel[]>>;
      /** The seconds a disconnected player keeps their seat at a table created without its own `grace`. */
      readonly grace: number }
  | { readonly type: 'ok'; readonly re?: string | number; readonly tableId?: string }
  | { readonly type: 'error'; readonly re?: string | number; readonly code: string; readonly message: string }
  | { readonly type: 'pong'; readonly re?: string | number }
  /**
   * A page of the lobby: the tables that match the watch's filter, best first (open tables with free
   * seats, then the newest), at most `limit` and at most 64 KB; `next` asks for the page after it.
   */
  | { readonly type: 'lobby'; readonly re?: string | number; readonly tables: TableSummary[]; readonly next: string | null; readonly total: number;
      /** Players with an open connection now (this server sends it with every page). */
      readonly online?: number }
  | { readonly type: 'lobby.table'; readonly table: TableSummary }
  /** To lobby watchers: how many players have an open connection, when it changed (at most every few seconds). */
  | { readonly type: 'lobby.online'; readonly count: number }
  | { readonly type: 'lobby.removed'; readonly tableId: string }
  /** The table's seats and status (on watch, and whenever they change); `invite` for private tables' members. */
  | { readonly type: 'table'; readonly re?: string | number; readonly table: TableSummary; readonly invite: string | null; readonly yourSeats: Seat[] }
  /** The game for one seat (or spectator): on watch, and after every action. */
  | ({ readonly type: 'game' } & GameSnapshot)
  /** A chat line; `id` names it in a report (docs/api.md, "Reports and moderation"). */
  | { readonly type: 'chat'; readonly id: string; readonly tableId: string; readonly from: PlayerInfo; readonly text: string; readonly at: string }
  /**
   * To the table's watchers once a rated game's ratings are written: each account seat's display
   * rating before and after the game (docs/api.md, "Display rating"). Bots' ratings never change.
   */
  | { readonly type: 'game.rated'; readonly tableId: string; readonly gameNo: number; readonly game: GameId; readonly changes: SeatRatingChange[] }
  /** A tournament's page (docs/tournaments.md): on `tournament.watch`, and whenever its players, standings or games change. */
  | { readonly type: 'tournament'; readonly re?: string | number; readonly tournament: TournamentDetail }
  /** To every connection of a player a tournament has just seated: the table to go to. */
  | { readonly type: 'tournament.paired'; readonly tournamentId: string; readonly tableId: string }
  /**
   * To every page of an account another player invited to a table (`table.invite`): the table, its
   * game, who invited, and the private table's invite to open it with (null for a public table).
   */
  | { readonly type: 'invited'; readonly tableId: string; readonly game: GameId; readonly from: PlayerInfo; readonly invite: string | null }
  /**
   * To every page of an account when one of its friends comes online (their first page anywhere)
   * or goes offline (their last page closed): read `GET /api/friends` again for where they sit.
   */
  | { readonly type: 'friend.presence'; readonly name: string; readonly online: boolean };

/**
 * What one rated game did to a player's display rating (docs/api.md, "Display rating"): the figure
 * before and after it, `change` = after − before, and whether the rating after it is still
 * provisional (fewer than ten rated games of that game).
 */
export interface RatingChange {
  readonly before: number;
  readonly after: number;
  readonly change: number;
  readonly provisional: boolean;
}

/** A rating change of one seat of a rated game (`game.rated`). */
export interface SeatRatingChange extends RatingChange {
  readonly seat: Seat;
}

/** A finished game, everything needed to replay and check it (`GET /tables/:id/export`, `GET /api/games/…`, `parlor verify`). */
export interface GameExport {
  readonly format: 'parlor-game';
  readonly version: 1;
  readonly game: GameId;
  readonly table: string;
  readonly gameNo: number;
  readonly players: number;
  readonly options: Record<string, unknown>;
  readonly seats: { kind: 'player' | 'bot'; name: string; playerId?: string; level?: BotLevel }[];
  readonly seed: string;
  readonly commitment: string;
  readonly actions: { seq: number; seat: number; action: unknown; by?: Mover | null }[];
  readonly outcome: Outcome;
  /** Per-player statistics (rules package), as stored with the result. */
  readonly stats: GameStats[] | null;
  readonly startedAt: string;
  readonly finishedAt: string;
}
