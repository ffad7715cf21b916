import { BOT_LEVELS } from '@parlor/bots';
import { GAME_IDS, GAME_INFO } from '@parlor/rules/catalog';
import { z } from 'zod';
import { GRACE_SECONDS, TURN_BANK_SECONDS, TURN_MOVE_SECONDS, TURN_WINDOW_SECONDS } from './limits.js';
import { MAX_SEATS, MIN_SEATS } from './seats.js';

/**
 * Parlor's wire protocol (docs/protocol.md): JSON text frames over one WebSocket at `/ws`.
 * Every client message may carry an `id`; the server's reply to it (`ok`, `error`, `welcome`,
 * `table`) carries the same value as `re`. Messages larger than MAX_MESSAGE_BYTES are refused.
 * The games, their options and their rules come from the rules package's registry: this package
 * names no game.
 */
export const PROTOCOL_VERSION = 1;
export const MAX_MESSAGE_BYTES = 8 * 1024;
export const MAX_NAME_LENGTH = 24;
export const MAX_CHAT_LENGTH = 300;
export const MOVE_TIMERS = [0, 30, 60, 120] as const;
export const LOBBY_DEFAULT_LIMIT = 50;
export const LOBBY_MAX_LIMIT = 100;
/** A lobby page stops short of this many bytes, whatever its limit. */
export const LOBBY_MAX_BYTES = 64 * 1024;
export { BOT_LEVELS, GAME_IDS };

const id = z.union([z.string().max(64), z.number().int()]).optional();
const tableId = z.string().min(1).max(40);
/** A seat's number: 0 to one less than the most seats any game has. */
const seat = z.number().int().min(0).max(MAX_SEATS - 1);
/** Seconds a response window stays open; each game's own range is checked by the server. */
const windowSeconds = z.number().int().min(1).max(600);

export const helloMessage = z.strictObject({
  type: z.literal('hello'), id,
  /** A token from an earlier `welcome`: you are that player again, in every seat you hold. */
  token: z.string().min(1).max(128).optional(),
  /**
   * Your display name (new players; or a change of name). The server checks it (BAD_NAME: 1 to
   * MAX_NAME_LENGTH user-perceived characters, one visible); the schema only bounds it by the
   * message size, so a long name gets BAD_NAME, not BAD_MESSAGE.
   */
  name: z.string().max(MAX_MESSAGE_BYTES).optional(),
  /** Protocol version the client speaks. */
  version: z.number().int().optional(),
});

export const clientMessage = z.discriminatedUnion('type', [
  helloMessage,
  z.strictObject({ type: z.literal('ping'), id }),
  z.strictObject({
    type: z.literal('lobby.watch'), id,
    /** Only this game's tables. */
    game: z.enum(GAME_IDS).optional(),
    /** Only tables waiting to start, or only games being played. */
    status: z.enum(['open', 'running']).optional(),
    /** Only tables with a free seat. */
    freeSeats: z.boolean().optional(),
    /** Only real-time tables (`live`) or only turn-based ones (`turn-based`, those whose summary has `turnBased`). */
    mode: z.enum(['live', 'turn-based']).optional(),
    /** Tables per page (default 50). */
    limit: z.number().int().min(1).max(LOBBY_MAX_LIMIT).optional(),
    /** The `next` of the previous page, for the page after it. */
    cursor: z.string().max(200).optional(),
  }),
  z.strictObject({ type: z.literal('lobby.unwatch'), id }),
  z.strictObject({
    type: z.literal('table.create'), id,
    game: z.enum(GAME_IDS),
    options: z.record(z.string(), z.unknown()).optional(),
    seats: z.number().int().min(MIN_SEATS).max(MAX_SEATS),
    private: z.boolean().optional(),
    /** Seconds per move, 0 for no timer. */
    moveTimer: z.union([z.literal(0), z.literal(30), z.literal(60), z.literal(120)]).optional(),
    /**
     * Seconds a response window (several seats answering at once) stays open, for games that have
     * them; also accepted under the game's own name for the setting (see `parseClientMessage`).
     */
    responseWindow: windowSeconds.optional(),
    /** Seconds a disconnected player keeps their seat before a stand-in bot plays it (GRACE_SECONDS). */
    grace: z.number().int().min(GRACE_SECONDS.min).max(GRACE_SECONDS.max).optional(),
    /** A rated table (accounts only): its games change the players' ratings. */
    rated: z.boolean().optional(),
    /** Players who finish less than this percent of their games are refused a seat (RELIABILITY_TOO_LOW); new players may sit. */
    minReliability: z.number().int().min(1).max(100).optional(),
    /**
     * A turn-based table (docs/protocol.md, "Turn-based tables"): a move's time (TURN_MOVE_SECONDS),
     * each player's time bank per game and a response window's length, in seconds, and whether an
     * account's days off stop its clocks here. Absent: a real-time table (then `moveTimer`,
     * `responseWindow` and `grace` apply; with it, leave them out).
     */
    turnBased: z.strictObject({
      moveSeconds: z.union(TURN_MOVE_SECONDS.map((n) => z.literal(n)) as [z.ZodLiteral<number>, z.ZodLiteral<number>, ...z.ZodLiteral<number>[]]),
      bankSeconds: z.number().int().min(TURN_BANK_SECONDS.min).max(TURN_BANK_SECONDS.max).optional(),
      windowSeconds: z.number().int().min(TURN_WINDOW_SECONDS.min).max(TURN_WINDOW_SECONDS.max).optional(),
      vacation: z.boolean().optional(),
    }).optional(),
  }),
  z.strictObject({ type: z.literal('table.watch'), id, tableId, invite: z.string().max(64).optional() }),
  z.strictObject({ type: z.literal('table.unwatch'), id, tableId }),
  z.strictObject({ type: z.literal('table.sit'), id, tableId, seat, invite: z.string().max(64).optional() }),
  /** Between games, frees the seat; while a game runs, hands it to a stand-in bot (take it back with `table.back`). */
  z.strictObject({ type: z.literal('table.leave'), id, tableId, seat }),
  /** Takes back a seat a stand-in bot plays while its game runs. */
  z.strictObject({ type: z.literal('table.back'), id, tableId, seat }),
  /** Another seated player's seat goes to a stand-in bot: allowed once they have been absent `replaceAfter` seconds. */
  z.strictObject({ type: z.literal('table.replace'), id, tableId, seat }),
  z.strictObject({ type: z.literal('table.bot.add'), id, tableId, seat, level: z.enum(BOT_LEVELS) }),
  z.strictObject({ type: z.literal('table.bot.remove'), id, tableId, seat }),
  z.strictObject({ type: z.literal('table.start'), id, tableId }),
  /**
   * Invites an account, by its name, to a table with a free seat that is not playing a game: its
   * pages hear `invited` (with a private table's invite), and push or mail tell it when it has no
   * page on the table (docs/notifications.md). The creator or a seated player may invite.
   */
  z.strictObject({ type: z.literal('table.invite'), id, tableId, name: z.string().min(1).max(MAX_MESSAGE_BYTES) }),
  z.strictObject({ type: z.literal('table.again'), id, tableId }),
  /** Follows a tournament: a `tournament` message now and at each change (and `tournament.paired` when you are seated). */
  z.strictObject({ type: z.literal('tournament.watch'), id, tournamentId: z.string().min(1).max(40), invite: z.string().max(64).optional() }),
  z.strictObject({ type: z.literal('tournament.unwatch'), id, tournamentId: z.string().min(1).max(40) }),
  z.strictObject({ type: z.literal('chat.send'), id, tableId, text: z.string().min(1).max(2000) }),
  z.strictObject({
    type: z.literal('action'), id, tableId, seat,
    /** The game's `seq` this action answers (the number of actions played so far). */
    seq: z.number().int().min(0),
    /** The game action, one of the seat's `legal` actions; checked by the game's rules. */
    action: z.unknown(),
  }),
]);

export type ClientMessage = z.infer<typeof clientMessage>;
export type ClientMessageType = ClientMessage['type'];

/** Each game's own name for its response-window setting (the registry's), accepted for `responseWindow`. */
export const WINDOW_SETTING_NAMES: readonly string[] = GAME_IDS.flatMap((g) => {
  const w = GAME_INFO[g].responseWindow;
  return w === null ? [] : [w.setting];
});

/**
 * Validates a parsed JSON value as a client message. A `table.create` may give the window's length
 * under the game's own name for it (how clients of protocol 1's first release wrote it); it is read
 * as `responseWindow`.
 */
export function parseClientMessage(json: unknown): ReturnType<typeof clientMessage.safeParse> {
  if (typeof json === 'object' && json !== null && !Array.isArray(json) && (json as { type?: unknown }).type === 'table.create') {
    const m = json as Record<string, unknown>;
    const alias = WINDOW_SETTING_NAMES.find((k) => Object.hasOwn(m, k));
    if (alias !== undefined && !Object.hasOwn(m, 'responseWindow')) {
      const { [alias]: seconds, ...rest } = m;
      return clientMessage.safeParse({ ...rest, responseWindow: seconds });
    }
  }
  return clientMessage.safeParse(json);
}
