import { type GameId, gameModule } from '@parlor/rules';
import type { Refusal } from './effect.js';
import type { TableRow } from './rows.js';
import { GRACE_SECONDS, TURN_BANK_SECONDS, TURN_MOVE_SECONDS, TURN_WINDOW_SECONDS } from '@parlor/protocol/limits';

/** What a person asks for when they create a table (the protocol's `table.create`, checked for shape). */
export interface TableRequest {
  readonly game: GameId;
  readonly seats: number;
  readonly options?: unknown;
  readonly private?: boolean;
  readonly moveTimer?: number;
  readonly responseWindow?: number;
  /** Seconds a disconnected player keeps their seat (GRACE_SECONDS); the server's own when absent. */
  readonly grace?: number;
  readonly rated?: boolean;
  /** A minimum reliability to sit (1 to 100 percent; seats.ts). */
  readonly minReliability?: number;
  /** A turn-based table (turns.ts): its time per move, each player's bank per game, its window's length (seconds). */
  readonly turnBased?: { readonly moveSeconds: number; readonly bankSeconds?: number; readonly windowSeconds?: number; readonly vacation?: boolean };
}

/**
 * A new table's row, or why it cannot be made: the game's seat count, its options (its own
 * parser), a response window's length for games that have one, and rated tables for accounts only.
 * The creator sits at seat 0; ids and the time are the caller's.
 */
export function newTableRow(req: TableRequest, o: { readonly id: string; readonly invite: string; readonly creator: string; readonly account: boolean; readonly now: number }):
  { readonly ok: true; readonly row: TableRow } | { readonly ok: false; readonly refusal: Refusal } {
  const refused = (code: string, message: string) => ({ ok: false as const, refusal: { code, message } });
  const module = gameModule(req.game);
  if (req.seats < module.minPlayers || req.seats > module.maxPlayers) {
    return refused('BAD_PLAYERS', `${module.name} is for ${module.minPlayers} to ${module.maxPlayers} players, not ${req.seats}.`);
  }
  const options = module.options.parse(req.options ?? {}, req.seats);
  if (!options.ok) return refused(options.error.code, options.error.message);
  if (req.rated === true && !o.account) return refused('ACCOUNT_REQUIRED', 'Only players with an account may play rated games.');
  const window = module.responseWindow;
  if (req.responseWindow !== undefined && window === null) {
    return refused('BAD_MESSAGE', `${module.name} has no response window: leave "responseWindow" out.`);
  }
  if (window !== null && req.responseWindow !== undefined && (req.responseWindow < window.seconds.min || req.responseWindow > window.seconds.max)) {
    return refused('BAD_MESSAGE', `"responseWindow" must be ${window.seconds.min} to ${window.seconds.max} seconds for ${module.name}, not ${req.responseWindow}.`);
  }
  if (req.grace !== undefined && !(Number.isInteger(req.grace) && req.grace >= GRACE_SECONDS.min && req.grace <= GRACE_SECONDS.max)) {
    return refused('BAD_MESSAGE', `"grace" must be a whole number of seconds from ${GRACE_SECONDS.min} to ${GRACE_SECONDS.max}, not ${req.grace}.`);
  }
  const min = req.minReliability;
  if (min !== undefined && !(Number.isInteger(min) && min >= 1 && min <= 100)) return refused('BAD_MESSAGE', `"minReliability" must be a whole percent from 1 to 100, not ${min}.`);
  const turns = turnClocks(req, window !== null);
  if (!turns.ok) return refused('BAD_MESSAGE', turns.message);
  return {
    ok: true,
    row: {
      id: o.id, game: req.game, options: options.value as Record<string, unknown>,
      seats: Array.from({ length: req.seats }, (_, i) => (i === 0 ? { kind: 'player' as const, playerId: o.creator } : { kind: 'empty' as const })),
      status: 'open', private: req.private ?? false, invite: o.invite, moveTimer: turns.clocks?.moveTimer ?? req.moveTimer ?? 0,
      responseWindow: window === null ? null : turns.clocks?.responseWindow ?? req.responseWindow ?? window.seconds.default, creatorId: o.creator, gameNo: 0,
      createdAt: new Date(o.now).toISOString(),
      ...(req.grace === undefined ? {} : { grace: req.grace }),
      ...(req.rated === true ? { rated: true } : {}),
      ...(min === undefined ? {} : { minReliability: min }),
      ...(turns.clocks === null ? {} : { turnBased: turns.clocks.info }),
    },
  };
}

type TurnClocks = { readonly moveTimer: number; readonly responseWindow: number; readonly info: { readonly bankSeconds: number; readonly vacation: boolean } };

/** A turn-based request's clocks (null for a real-time table), or what is wrong with them. */
function turnClocks(req: TableRequest, hasWindow: boolean): { readonly ok: true; readonly clocks: TurnClocks | null } | { readonly ok: false; readonly message: string } {
  const tb = req.turnBased;
  if (tb === undefined) return { ok: true, clocks: null };
  const fail = (message: string) => ({ ok: false as const, message });
  for (const key of ['moveTimer', 'responseWindow', 'grace'] as const) {
    if (req[key] !== undefined) return fail(`A turn-based table has its own clocks: leave "${key}" out (give "turnBased.moveSeconds", "bankSeconds" and "windowSeconds").`);
  }
  if (!(TURN_MOVE_SECONDS as readonly number[]).includes(tb.moveSeconds)) {
    return fail(`"turnBased.moveSeconds" must be one of ${TURN_MOVE_SECONDS.join(', ')} (4 and 12 hours, 1, 2, 3 and 7 days), not ${tb.moveSeconds}.`);
  }
  const bank = tb.bankSeconds ?? TURN_BANK_SECONDS.default;
  if (!(Number.isInteger(bank) && bank >= TURN_BANK_SECONDS.min && bank <= TURN_BANK_SECONDS.max)) {
    return fail(`"turnBased.bankSeconds" must be a whole number of seconds from ${TURN_BANK_SECONDS.min} to ${TURN_BANK_SECONDS.max}, not ${bank}.`);
  }
  if (tb.windowSeconds !== undefined && !hasWindow) return fail('This game has no response window: leave "turnBased.windowSeconds" out.');
  const window = tb.windowSeconds ?? TURN_WINDOW_SECONDS.default;
  if (!(Number.isInteger(window) && window >= TURN_WINDOW_SECONDS.min && window <= TURN_WINDOW_SECONDS.max)) {
    return fail(`"turnBased.windowSeconds" must be a whole number of seconds from ${TURN_WINDOW_SECONDS.min} to ${TURN_WINDOW_SECONDS.max}, not ${window}.`);
  }
  return { ok: true, clocks: { moveTimer: tb.moveSeconds, responseWindow: window, info: { bankSeconds: bank, vacation: tb.vacation ?? false } } };
}
