import type { AwayReason, HistoryMove, Mover } from '@parlor/protocol';
import type { GameEvent, RngState, Seat } from '@parlor/rules';
import type { Log } from './log.js';
import type { TableRow } from './rows.js';
import type { VacationPeriod } from './vacation.js';

/** What a table knows of a player it shows: their name, whether they are an account, and their presence. */
export interface Person {
  readonly name: string;
  readonly account: boolean;
  /** The avatar their account chose (protocol `AVATARS`); absent when none is. */
  readonly avatar?: string;
  /** Their account says it is a program (a bot account); absent otherwise. */
  readonly bot?: boolean;
  /** Whether they have a connection now (anywhere, in a cluster). */
  readonly connected: boolean;
  /** When their last connection closed (ms since the epoch); null while connected or never seen. */
  readonly since: number | null;
  /** The days off their account declared (vacation.ts): they stop their clocks at tables that allow it. Absent: none. */
  readonly vacations?: readonly VacationPeriod[];
  /** Whole percent of their recent games with other people they finished (the server's reputation); null: a new player; absent: unknown. */
  readonly reliability?: number | null;
}

/** The server's settings a table follows (docs/operations.md, "Absent players, idle tables, limits"). */
export interface TableSettings {
  /** A bot's thinking time, uniform in [min, max] ms (longer in a response window, see schedule.ts). */
  readonly botDelayMs: readonly [number, number];
  /** Seconds a disconnected player keeps their seat before a stand-in plays it (tables with a move timer). */
  readonly graceSeconds: number;
  /** On a table without a move timer: seconds of absence after which the others may replace a player. */
  readonly replaceAfterSeconds: number;
  /** Minutes without a connected person after which bots finish a game, or a finished table closes. */
  readonly idleMinutes: number;
  /** Minutes an open table waits for its seats to change or its game to start. */
  readonly openTableMinutes: number;
  /** Multiplies every game clock (move timer, response window); 1 except in tests. */
  readonly timerScale: number;
}

/** A timer the table has armed: when it falls due, and the move (or game) it belongs to. */
export interface Timer {
  readonly at: number;
  /** The game's move number when it was armed (a game number for the end of a game). */
  readonly seq: number;
  /** A move timer's own end, before a restart's least time to act is given: the timer is armed again when it changes (a vacation). */
  readonly due?: number;
  /** A move timer's seat. */
  readonly seat?: Seat;
  /** A bot's timer whose question has gone out: its answer is awaited. */
  readonly asked?: boolean;
}

/** The game a table is playing (or last played): the fold of its action log, and what runs around it. */
export interface GameState {
  readonly no: number;
  readonly seed: string;
  readonly commitment: string;
  /** The rules module's state. */
  readonly state: unknown;
  /** Actions played so far. */
  readonly seq: number;
  /** The last action's events (every audience), for snapshots sent between actions. */
  readonly lastEvents: readonly GameEvent[];
  /** Every event of the game so far (every audience), for the statistics and each watcher's history. */
  readonly allEvents: Log<GameEvent>;
  /** The moves `allEvents` is made of, oldest first (the opening first, seat null). */
  readonly moves: Log<HistoryMove>;
  readonly lastBy: Mover | null;
  readonly lastSeat: Seat | null;
  /** Since when the game has waited for the seats it waits for now (ms since the epoch). */
  readonly waitingSince: number;
  /** Per-seat statistics, once the game is over. */
  readonly stats: unknown[] | null;
  /** The table's own chance (bots' thinking times, a stand-in's fallback move), seeded from the game's seed. */
  readonly rng: RngState;
  /** When the seat asked must move by (move timer or response window), ms since the epoch. */
  readonly deadline: number | null;
  /** When the open response window opened (the time of the move that opened it), while one is open. */
  readonly windowOpened: number | null;
  readonly windowEnds: number | null;
  /** At a turn-based table, each seat's time bank left (ms); empty at a real-time one (turns.ts). */
  readonly banks: readonly number[];
  /** At a turn-based table, the moves in a row a stand-in has played for each seat; empty at a real-time one. */
  readonly standInMoves: readonly number[];
}

/**
 * A table's whole state: plain data, changed only by `step` (step.ts). Nothing here is I/O: the
 * shell around it (the server, or the offline page) stores what `step` says to store, sends what it
 * says to send and arms the timers it names.
 */
export interface TableState {
  readonly row: TableRow;
  readonly game: GameState | null;
  /** Seats whose player is away, and why: a stand-in bot plays them until the player is back. */
  readonly away: Readonly<Record<number, AwayReason>>;
  /** When the seats last changed, a game started or a move was played: the table's idle clock. */
  readonly lastActivity: number;
  /** Who watches the table: watcher (connection) id → player id. */
  readonly watchers: Readonly<Record<string, string>>;
  /** The players the table shows (its creator, its seated players), by id. */
  readonly people: Readonly<Record<string, Person>>;
  /** Timers armed now, by key (`bot:<seat>`, `move`, `window`, `finish`, `grace:<player>`). */
  readonly timers: Readonly<Record<string, Timer>>;
  readonly settings: TableSettings;
}
