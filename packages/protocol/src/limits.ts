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
