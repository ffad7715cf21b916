import { BOT_LEVELS, type ClientMessage, GAME_IDS, type TableSummary, parseClientMessage } from '@parlor/protocol';
import { z } from 'zod';

/**
 * Every message on the cluster's bus (cluster/bus.ts), as zod schemas: a process parses what it
 * hears with these before it acts on it, as the server parses what clients send. Three channels:
 * `proc:<id>` (one process's own: forwarded requests, deliveries to its sockets, answers),
 * `presence` (who is alive, who is online where, who hosts which table) and `lobby` (tables hosted
 * elsewhere). A message that does not parse is dropped with a warning that says what was wrong.
 */

const procId = z.string().min(1);
const text = z.string();
const time = z.number();

// ---- proc:<id> ---------------------------------------------------------------------------------

/** A client's message for a table this process hosts, from the process holding the client's socket. */
const request = z.object({
  t: z.literal('req'), from: procId, id: z.number().int(), conn: text,
  /** The sender as its process knows them; `bot` only for a bot account (absent from older processes: none). */
  player: z.object({ id: text, name: text, account: z.boolean(), avatar: text.nullable().optional(), bot: z.boolean().optional() }),
  address: text,
  /** The client's message, parsed again here with the protocol's own schema (parseClientMessage). */
  msg: z.unknown(),
  /** When it was forwarded, by the sender's clock. */
  sent: time,
  /** Sent by the server for its client (a watch sent again): a refusal goes in the `done`, not to the client. */
  quiet: z.boolean().optional(),
});

/** One message (its JSON text, serialized once by its sender) for some of this process's sockets. */
const delivery = z.object({ t: z.literal('deliver'), conns: z.array(text).min(1), frame: text });
/** The request `id` this process forwarded was handled by its host (a quiet one: `refused` with that code). */
const done = z.object({ t: z.literal('done'), id: z.number().int(), refused: text.optional() });
/** A connection of process `from` closed: the host forgets it. */
const gone = z.object({ t: z.literal('gone'), from: procId, conn: text });

const procItem = z.discriminatedUnion('t', [request, delivery, done, gone]);
/** What one turn of a process's event loop sent to another, in order. */
const batch = z.object({ t: z.literal('batch'), msgs: z.array(z.unknown()) });

export type Request = Omit<z.infer<typeof request>, 'msg'> & { readonly msg: ClientMessage };
export type Delivery = z.infer<typeof delivery>;
export type ProcItem = Request | Delivery | z.infer<typeof done> | z.infer<typeof gone>;
/** What goes on a `proc:<id>` channel: one item, or a batch of them. */
export type ProcMessage = ProcItem | { readonly t: 'batch'; readonly msgs: readonly ProcItem[] };

// ---- presence ----------------------------------------------------------------------------------

const presenceMessage = z.discriminatedUnion('t', [
  /** Alive (every renewal period). */
  z.object({ t: z.literal('beat'), proc: procId }),
  /** A player's first connection to `proc` opened, or its last closed, at `at`. */
  z.object({ t: z.enum(['up', 'down']), proc: procId, player: text, at: time }),
  /** `proc` asks who is online (it started, Redis came back, or the processes in `forgot`, taken for dead, were heard again: they watch their tables there again). */
  z.object({ t: z.literal('sync'), proc: procId, forgot: z.array(procId).optional() }),
  /** Every player with a connection to `proc`. */
  z.object({ t: z.literal('online'), proc: procId, players: z.array(text) }),
  /** `proc` hosts `table` now. */
  z.object({ t: z.literal('owner'), proc: procId, table: text }),
  /** `proc` stopped and gave back these tables' leases. */
  z.object({ t: z.literal('released'), proc: procId, tables: z.array(text) }),
  /** Sessions of `player` ended (live-sessions.ts): those in `only`, or every one but `except`. Every process closes their sockets. */
  z.object({
    t: z.literal('ended'), proc: procId, player: text, why: z.enum(['signed-out', 'password', 'deleted', 'banned']),
    only: z.array(text).optional(), except: text.optional(),
  }),
  /** `player`'s days off changed (docs/api.md, "Vacation"): every process's tables of theirs work their clocks out again. */
  z.object({ t: z.literal('vacation'), proc: procId, player: text }),
  /** A moderator acted on `player`, or an appeal was answered (docs/api.md, "Reports and moderation"): every process reads their sanctions again. */
  z.object({ t: z.literal('moderated'), proc: procId, player: text }),
]);
export type PresenceMessage = z.infer<typeof presenceMessage>;

// ---- lobby -------------------------------------------------------------------------------------

/** Loose objects: what a newer process adds to a summary goes on to clients unchanged. */
const playerInfo = z.looseObject({ id: text, name: text });
const seatInfo = z.discriminatedUnion('kind', [
  z.looseObject({ seat: z.number().int(), kind: z.literal('empty') }),
  z.looseObject({
    seat: z.number().int(), kind: z.literal('player'), player: playerInfo, connected: z.boolean(), away: z.boolean(),
    awayReason: z.enum(['left', 'timeout', 'disconnected', 'replaced']).nullable(), disconnectedSince: time.nullable(),
    standInAt: time.nullable(),
  }),
  z.looseObject({ seat: z.number().int(), kind: z.literal('bot'), level: z.enum(BOT_LEVELS), name: text }),
]);
const status = z.enum(['open', 'running', 'finished', 'closed']);
const tableSummary: z.ZodType<TableSummary> = z.looseObject({
  id: text, game: z.enum(GAME_IDS), options: z.record(z.string(), z.unknown()), seats: z.array(seatInfo), status,
  private: z.boolean(), moveTimer: z.number(), responseWindow: z.number().nullable(), replaceAfter: z.number().nullable(),
  grace: z.number(), rated: z.boolean(), creator: playerInfo, gameNo: z.number().int(), spectators: z.number().int(), createdAt: text,
});
const seatRow = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('empty') }),
  z.object({ kind: z.literal('player'), playerId: text }),
  z.object({ kind: z.literal('bot'), level: z.enum(BOT_LEVELS) }),
]);

/**
 * A table hosted by `owner` changed (`table`): its summary for the lobby, and what the lobby sorts
 * and filters by; or it left `owner`'s memory to wait in the store (`gone`), and leaves the lobby.
 */
const lobbyMessage = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('table'), owner: procId, summary: tableSummary,
    row: z.object({ status, private: z.boolean(), game: z.enum(GAME_IDS), createdAt: text, seats: z.array(seatRow), seatedPlayers: z.array(text) }),
  }),
  z.object({ t: z.literal('gone'), owner: procId, table: text }),
]);
export type LobbyMessage = z.infer<typeof lobbyMessage>;

// ---- parsing -----------------------------------------------------------------------------------

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** What was wrong, for the log: the first issue's place and message (`at "msgs.2.conns": …`). */
function problemOf(error: z.ZodError, prefix: readonly PropertyKey[] = []): string {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path ?? [])].map(String).join('.');
  return `${path === '' ? '' : `at "${path}": `}${issue?.message ?? 'unknown shape'}`;
}

function parseWith<T>(schema: z.ZodType<T>, raw: unknown, prefix: readonly PropertyKey[] = []): Parsed<T> {
  const r = schema.safeParse(raw);
  return r.success ? { ok: true, value: r.data } : { ok: false, problem: problemOf(r.error, prefix) };
}

/** One item of a `proc:<id>` message; a request's client message by the protocol's own schema. */
function parseItem(raw: unknown, prefix: readonly PropertyKey[]): Parsed<ProcItem> {
  const item = parseWith(procItem, raw, prefix);
  if (!item.ok) return item;
  const m = item.value;
  if (m.t !== 'req') return { ok: true, value: m };
  const msg = parseClientMessage(m.msg);
  if (!msg.success) return { ok: false, problem: problemOf(msg.error, [...prefix, 'msg']) };
  return { ok: true, value: { ...m, msg: msg.data } };
}

/**
 * A `proc:<id>` message: its items in order (a batch's, or the one), and what was wrong with each
 * that did not parse (those are left out; the others stand on their own).
 */
export function parseProcMessage(raw: unknown): { readonly items: ProcItem[]; readonly problems: string[] } {
  const isBatch = typeof raw === 'object' && raw !== null && (raw as { t?: unknown }).t === 'batch';
  if (!isBatch) {
    const one = parseItem(raw, []);
    return one.ok ? { items: [one.value], problems: [] } : { items: [], problems: [one.problem] };
  }
  const b = parseWith(batch, raw);
  if (!b.ok) return { items: [], problems: [b.problem] };
  const items: ProcItem[] = [];
  const problems: string[] = [];
  b.value.msgs.forEach((m, i) => {
    const one = parseItem(m, ['msgs', i]);
    if (one.ok) items.push(one.value);
    else problems.push(one.problem);
  });
  return { items, problems };
}

export const parsePresenceMessage = (raw: unknown): Parsed<PresenceMessage> => parseWith(presenceMessage, raw);
export const parseLobbyMessage = (raw: unknown): Parsed<LobbyMessage> => parseWith(lobbyMessage, raw);
