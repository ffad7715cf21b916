import { GAMES, GAME_IDS, type GameId, type OptionField } from '@parlor/rules';

export type { OptionField };

/** Each game's option fields, defaults and seat range, from the rules registry (one list of valid values). */
export const OPTION_FIELDS = Object.fromEntries(GAME_IDS.map((g) => [g, GAMES[g].options.fields])) as Record<GameId, readonly OptionField[]>;

export const DEFAULT_OPTIONS = Object.fromEntries(
  GAME_IDS.map((g) => [g, { ...GAMES[g].options.defaults } as Record<string, unknown>])) as Record<GameId, Record<string, unknown>>;

export const SEAT_RANGE = Object.fromEntries(
  GAME_IDS.map((g) => [g, [GAMES[g].minPlayers, GAMES[g].maxPlayers] as const])) as Record<GameId, readonly [number, number]>;
