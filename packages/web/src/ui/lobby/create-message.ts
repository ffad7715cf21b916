import type { ClientMessage, GameId } from '@parlor/protocol';
import { TURN_BANK_SECONDS, TURN_MOVE_SECONDS, TURN_WINDOW_SECONDS } from '@parlor/protocol';

/** A table is real-time (everyone at once, the default) or turn-based (a move at a time over hours or days). */
export type TableMode = 'live' | 'turn-based';

/** The time per move the create form offers at a turn-based table (every one the protocol allows), and its default: a day. */
export const TURN_MOVE_CHOICES: readonly number[] = TURN_MOVE_SECONDS;
export const TURN_MOVE_DEFAULT = 86_400;

/** The time banks offered: none, 12 hours, 1, 3 and 7 days (within TURN_BANK_SECONDS); 3 days by default. */
export const TURN_BANK_CHOICES: readonly number[] = [0, 43_200, 86_400, 3 * 86_400, 7 * 86_400]
  .filter((s) => s >= TURN_BANK_SECONDS.min && s <= TURN_BANK_SECONDS.max);
export const TURN_BANK_DEFAULT: number = TURN_BANK_SECONDS.default;

/** A response window's length at a turn-based table: 15 and 30 minutes, 1, 2 and 4 hours; an hour by default. */
export const TURN_WINDOW_CHOICES: readonly number[] = [900, 1800, 3600, 7200, 14_400]
  .filter((s) => s >= TURN_WINDOW_SECONDS.min && s <= TURN_WINDOW_SECONDS.max);
export const TURN_WINDOW_DEFAULT: number = TURN_WINDOW_SECONDS.default;

/** What the create form holds. `responseWindow` and `windowSeconds` are null for a game without windows. */
export interface CreateChoices {
  readonly game: GameId;
  readonly seats: number;
  readonly options: Record<string, unknown>;
  readonly private: boolean;
  /** Asked for and allowed (an account). */
  readonly rated: boolean;
  readonly mode: TableMode;
  readonly moveTimer: 0 | 30 | 60 | 120;
  readonly responseWindow: number | null;
  readonly grace: number;
  readonly moveSeconds: number;
  readonly bankSeconds: number;
  readonly windowSeconds: number | null;
  /** A turn-based table lets its players' days off stop their clocks (absent: not). */
  readonly vacation?: boolean;
  /** The percent of games finished a player needs to sit (docs/api.md, "Reputation"); absent or null: none. */
  readonly minReliability?: number | null;
}

type Create = Omit<Extract<ClientMessage, { type: 'table.create' }>, 'id'>;

/**
 * The `table.create` the form sends: a real-time table with its move timer, window and grace, or a
 * turn-based one with `turnBased` alone (the server refuses the real-time clocks beside it).
 */
export function createMessage(c: CreateChoices): Create {
  const common = { type: 'table.create', game: c.game, seats: c.seats, options: c.options, private: c.private, ...(c.rated ? { rated: true } : {}),
    ...(c.minReliability == null ? {} : { minReliability: c.minReliability }) } as const;
  if (c.mode === 'turn-based') {
    return {
      ...common,
      turnBased: {
        moveSeconds: c.moveSeconds, bankSeconds: c.bankSeconds, ...(c.windowSeconds === null ? {} : { windowSeconds: c.windowSeconds }),
        ...(c.vacation === true ? { vacation: true } : {}),
      },
    };
  }
  return { ...common, moveTimer: c.moveTimer, ...(c.responseWindow === null ? {} : { responseWindow: c.responseWindow }), grace: c.grace };
}

type Invite = Omit<Extract<ClientMessage, { type: 'table.invite' }>, 'id'>;

/**
 * The `table.invite`s that follow a `table.create` with friends chosen (docs/api.md, "A table with
 * friends"): one per name, in the order given, each name once (as sign-in compares names).
 */
export function inviteMessages(tableId: string, names: readonly string[]): Invite[] {
  const key = (n: string) => n.normalize('NFKC').toLowerCase();
  const seen = new Set<string>();
  const out: Invite[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '' || seen.has(key(name))) continue;
    seen.add(key(name));
    out.push({ type: 'table.invite', tableId, name });
  }
  return out;
}
