import type { TableSummary } from '@parlor/protocol';

/**
 * Durations as a turn-based table shows them (its time per move, the countdown, a seat's time
 * bank), in the player's language: Intl.NumberFormat's units joined by Intl.ListFormat, so each
 * language has its own words and order ("2 days 4 hr", "2 Tg., 4 Std.", "2 日4 時間"). Hand-rolled
 * over Intl.DurationFormat, which Node 20 and older browsers lack.
 */

const UNITS = [['day', 86_400], ['hour', 3600], ['minute', 60], ['second', 1]] as const;
type Unit = (typeof UNITS)[number][0];

/** `long`: words in full ("1 day", "12 hours"); `short`: the compact form for a countdown or a bank ("2 days 4 hr"). */
export type DurationStyle = 'long' | 'short';

/**
 * A whole number of seconds as its largest unit and, when not zero, the next one down ("1 day 4
 * hours", "3 hours 12 minutes", "45 seconds"): enough to plan by, without ticking seconds beside days.
 */
export function durationParts(seconds: number): { unit: Unit; value: number }[] {
  let rest = Math.max(0, Math.floor(seconds));
  const i = UNITS.findIndex(([, size]) => rest >= size);
  if (i < 0) return [{ unit: 'second', value: 0 }];
  const [unit, size] = UNITS[i]!;
  const parts = [{ unit: unit as Unit, value: Math.floor(rest / size) }];
  rest %= size;
  const next = UNITS[i + 1];
  if (next !== undefined && Math.floor(rest / next[1]) > 0) parts.push({ unit: next[0], value: Math.floor(rest / next[1]) });
  return parts;
}

export function formatDuration(seconds: number, lang: string, style: DurationStyle = 'long'): string {
  const words = durationParts(seconds).map(({ unit, value }) =>
    new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: style }).format(value));
  return new Intl.ListFormat(lang, { type: 'unit', style: 'narrow' }).format(words);
}

/** A turn-based table's clocks, in seconds (null window: its game has none), or null at a real-time table. */
export interface TurnPace {
  readonly moveSeconds: number;
  readonly bankSeconds: number;
  readonly windowSeconds: number | null;
}

export function turnPace(table: Pick<TableSummary, 'turnBased' | 'moveTimer' | 'responseWindow'>): TurnPace | null {
  if (table.turnBased === undefined) return null;
  return { moveSeconds: table.moveTimer, bankSeconds: table.turnBased.bankSeconds, windowSeconds: table.responseWindow };
}

type T = (key: string, opts?: Record<string, unknown>) => string;

/**
 * A turn-based table's settings in words, as its page shows them near its heading: the mode and
 * pace ("Turn-based · 1 day a move"), the time bank ("time bank 3 days", or "no time bank"), and
 * a response window's length under the game's own name for it.
 */
export function paceFacts(pace: TurnPace, windowLabel: string | null, lang: string, t: T): string[] {
  return [
    t('turn.pace', { pace: formatDuration(pace.moveSeconds, lang) }),
    pace.bankSeconds > 0 ? t('turn.bank', { time: formatDuration(pace.bankSeconds, lang) }) : t('turn.noBank'),
    ...(pace.windowSeconds !== null && windowLabel !== null ? [t('lobby.option', { label: windowLabel, value: formatDuration(pace.windowSeconds, lang) })] : []),
  ];
}
