import { type GameId, gameModule } from '@parlor/rules';
import type { Refusal } from './effect.js';
import type { TableRow } from './rows.js';
import { GRACE_SECONDS } from '@parlor/protocol/limits';

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
  return {
    ok: true,
    row: {
      id: o.id, game: req.game, options: options.value as Record<string, unknown>,
      seats: Array.from({ length: req.seats }, (_, i) => (i === 0 ? { kind: 'player' as const, playerId: o.creator } : { kind: 'empty' as const })),
      status: 'open', private: req.private ?? false, invite: o.invite, moveTimer: req.moveTimer ?? 0,
      responseWindow: window === null ? null : req.responseWindow ?? window.seconds.default, creatorId: o.creator, gameNo: 0,
      createdAt: new Date(o.now).toISOString(),
      ...(req.grace === undefined ? {} : { grace: req.grace }),
      ...(req.rated === true ? { rated: true } : {}),
    },
  };
}
