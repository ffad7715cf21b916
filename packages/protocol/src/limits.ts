/**
 * Plain numbers of the protocol that code outside the wire also follows, in a module of their own
 * with no schema library behind it: the table core imports this one (`@parlor/protocol/limits`), so
 * that the offline worker that runs the core does not carry zod.
 */

/**
 * The seconds a table's creator may give a disconnected player to come back before a stand-in
 * plays their seat (`table.create`'s `grace`; the server's PARLOR_GRACE_SECONDS when left out).
 */
export const GRACE_SECONDS = { min: 10, max: 600 } as const;

/**
 * A player's display rating of a game is provisional until this many rated games of it (docs/api.md,
 * "Display rating"): the server marks it, and clients count the games left.
 */
export const PROVISIONAL_GAMES = 10;

/**
 * Turn-based tables (docs/protocol.md, "Turn-based tables"): the time per move a creator may choose
 * (4 and 12 hours, 1, 2, 3 and 7 days), in seconds.
 */
export const TURN_MOVE_SECONDS = [4 * 3600, 12 * 3600, 86_400, 2 * 86_400, 3 * 86_400, 7 * 86_400] as const;
/** Each player's time bank per game at a turn-based table, spent by itself once a move's time is up. */
export const TURN_BANK_SECONDS = { min: 0, max: 14 * 86_400, default: 3 * 86_400 } as const;
/** How long a response window stays open at a turn-based table (it closes early once every seat asked has answered). */
export const TURN_WINDOW_SECONDS = { min: 300, max: 4 * 3600, default: 3600 } as const;
/**
 * Moves in a row a stand-in plays for a seat at a turn-based table because its clock ran out,
 * after which the stand-in plays the seat to the end and its player is scored as having left.
 */
export const TURN_TIMEOUTS_TO_LEAVE = 3;
/** Days a turn-based table waits for its seats to fill and its game to start, before it closes. */
export const TURN_OPEN_DAYS = 7;
/** Days off an account may take in a calendar year (UTC), counted by the days begun (docs/api.md, "Vacation"). */
export const VACATION_DAYS_PER_YEAR = 30;
/** How many days ahead a vacation may be declared to start. */
export const VACATION_START_WITHIN_DAYS = 28;
