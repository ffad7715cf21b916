import { z } from 'zod';

/**
 * Parlor's wire protocol (docs/protocol.md): JSON text frames over one WebSocket at `/ws`.
 * Every client message may carry an `id`; the server's reply to it (`ok`, `error`, `welcome`,
 * `table`) carries the same value as `re`. Messages larger than MAX_MESSAGE_BYTES are refused.
 */
export const PROTOCOL_VERSION = 1;
export const MAX_MESSAGE_BYTES = 8 * 1024;
export const MAX_NAME_LENGTH = 24;
export const MAX_CHAT_LENGTH = 300;
export const MOVE_TIMERS = [0, 30, 60, 120] as const;
export const DEFAULT_TASTE_WINDOW = 8;
export const GAME_IDS = ['stir-fry-eighteen', 'flip-7'] as const;
export const BOT_LEVELS = ['random', 'basic', 'expert'] as const;

const id = z.union([z.string().max(64), z.number().int()]).optional();
const tableId = z.string().min(1).max(40);
const seat = z.number().int().min(0).max(11);

export const helloMessage = z.strictObject({
  type: z.literal('hello'), id,
  /** A token from an earlier `welcome`: you are that player again, in every seat you hold. */
  token: z.string().min(1).max(128).optional(),
  /** Your display name (new players; or a change of name). */
  name: z.string().max(200).optional(),
  /** Protocol version the client speaks. */
  version: z.number().int().optional(),
});

export const clientMessage = z.discriminatedUnion('type', [
  helloMessage,
  z.strictObject({ type: z.literal('ping'), id }),
  z.strictObject({ type: z.literal('lobby.watch'), id }),
  z.strictObject({ type: z.literal('lobby.unwatch'), id }),
  z.strictObject({
    type: z.literal('table.create'), id,
    game: z.enum(GAME_IDS),
    options: z.record(z.string(), z.unknown()).optional(),
    seats: z.number().int().min(2).max(12),
    private: z.boolean().optional(),
    /** Seconds per move, 0 for no timer. */
    moveTimer: z.union([z.literal(0), z.literal(30), z.literal(60), z.literal(120)]).optional(),
    /** Seconds a taste-test window stays open (Stir Fry Eighteen). */
    tasteWindow: z.number().int().min(3).max(30).optional(),
  }),
  z.strictObject({ type: z.literal('table.watch'), id, tableId, invite: z.string().max(64).optional() }),
  z.strictObject({ type: z.literal('table.unwatch'), id, tableId }),
  z.strictObject({ type: z.literal('table.sit'), id, tableId, seat, invite: z.string().max(64).optional() }),
  z.strictObject({ type: z.literal('table.leave'), id, tableId, seat }),
  z.strictObject({ type: z.literal('table.bot.add'), id, tableId, seat, level: z.enum(BOT_LEVELS) }),
  z.strictObject({ type: z.literal('table.bot.remove'), id, tableId, seat }),
  z.strictObject({ type: z.literal('table.start'), id, tableId }),
  z.strictObject({ type: z.literal('table.again'), id, tableId }),
  z.strictObject({ type: z.literal('chat.send'), id, tableId, text: z.string().min(1).max(2000) }),
  z.strictObject({
    type: z.literal('action'), id, tableId, seat,
    /** The game's `seq` this action answers (the number of actions played so far). */
    seq: z.number().int().min(0),
    /** The game action, checked by the rules (e.g. {"type":"hit"}). */
    action: z.unknown(),
  }),
]);

export type ClientMessage = z.infer<typeof clientMessage>;
export type ClientMessageType = ClientMessage['type'];
