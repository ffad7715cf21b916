import { GRACE_SECONDS } from '@parlor/protocol';
import { type OptionField, allowedValues } from '@parlor/rules';
import { GAME_IDS, GAME_INFO, type GameId } from '@parlor/rules/catalog';

export type { OptionField };

/** Each game's option fields, defaults and seat range, from the rules' catalog (one list of valid values; no rules engine loaded). */
export const OPTION_FIELDS = Object.fromEntries(GAME_IDS.map((g) => [g, GAME_INFO[g].options.fields])) as Record<GameId, readonly OptionField[]>;

export const DEFAULT_OPTIONS = Object.fromEntries(
  GAME_IDS.map((g) => [g, { ...GAME_INFO[g].options.defaults } as Record<string, unknown>])) as Record<GameId, Record<string, unknown>>;

export const SEAT_RANGE = Object.fromEntries(
  GAME_IDS.map((g) => [g, [GAME_INFO[g].minPlayers, GAME_INFO[g].maxPlayers] as const])) as Record<GameId, readonly [number, number]>;

/** The values a choice offers at a table of `seats` seats (the rules' allowedValues: a seat-valued option offers only the table's seats). */
export function choiceValues(f: Extract<OptionField, { kind: 'choice' }>, seats: number): readonly (string | number)[] {
  return allowedValues(f, seats) as readonly (string | number)[];
}

/** The options with every seat-valued choice that names a seat beyond `seats` put back to its default. */
export function fitOptionsToSeats(game: GameId, options: Record<string, unknown>, seats: number): Record<string, unknown> {
  let out = options;
  for (const f of OPTION_FIELDS[game]) {
    if (f.kind !== 'choice' || f.seats !== true) continue;
    const v = options[f.key];
    if (!allowedValues(f, seats).includes(v as string | number)) out = { ...out, [f.key]: DEFAULT_OPTIONS[game][f.key] };
  }
  return out;
}

/** The options of a table that differ from its game's defaults, in the create form's order (what the lobby mentions). */
export function changedOptions(game: GameId, options: Readonly<Record<string, unknown>>): [OptionField, unknown][] {
  return (OPTION_FIELDS[game] ?? []).flatMap((f): [OptionField, unknown][] =>
    f.key in options && options[f.key] !== DEFAULT_OPTIONS[game][f.key] ? [[f, options[f.key]]] : []);
}

type T = (key: string, opts?: Record<string, unknown>) => string;

/**
 * One option as the lobby says it, in the player's language: a flag that is on by its name
 * ("Closing Time"), a choice as "name: value" with the value translated ("Empty Pantry: No draw after
 * cooking", "First player: Seat 2").
 */
export function optionText(game: GameId, f: OptionField, value: unknown, t: T): string {
  const label = t(`options.${game}.${f.key}.label`);
  if (f.kind === 'flag') return value === true ? label : t('lobby.option', { label, value: t('lobby.off') });
  const shown = f.seats === true && typeof value === 'number'
    ? t('table.seat', { n: value + 1 })
    : t(`options.${game}.${f.key}.values.${String(value)}`, { defaultValue: String(value) });
  return t('lobby.option', { label, value: shown });
}

/** The grace periods the create form offers (seconds), with the server's own among them, in order. */
export function graceChoices(serverGrace: number): number[] {
  const usual = [15, 30, 60, 120, 300, 600];
  const own = serverGrace >= GRACE_SECONDS.min && serverGrace <= GRACE_SECONDS.max ? [serverGrace] : [];
  return [...new Set([...usual, ...own])].sort((a, b) => a - b);
}
