import { useSyncExternalStore } from 'react';

/** How long the table holds a moment (a declaration, a reveal, a dish, a bust) before moving on. */
export type Pace = 'relaxed' | 'normal' | 'fast';

export interface Settings {
  readonly pace: Pace;
  /** Sounds off. */
  readonly muted: boolean;
  /** How loud the sounds are, from 0 (silent, as good as muted) to 1 (the loudest). */
  readonly volume: number;
  /**
   * Screen reader mode: the table shows every move as it comes (no hold keeps the latest state
   * from the page) and nothing travels. Off unless chosen: no browser says reliably that a screen
   * reader runs. Every table announces its events whatever this says (ui/table/announcer.ts).
   */
  readonly reader: boolean;
}

const KEY = 'parlor.settings';
export const SETTINGS_DEFAULTS: Settings = { pace: 'normal', muted: false, volume: 0.7, reader: false };
const DEFAULTS = SETTINGS_DEFAULTS;
const PACES: readonly Pace[] = ['relaxed', 'normal', 'fast'];

/** A volume as saved: a number from 0 to 1, rounded to hundredths; anything else is null. */
export function volumeOf(raw: unknown): number | null {
  return typeof raw === 'number' && Number.isFinite(raw) && raw >= 0 && raw <= 1 ? Math.round(raw * 100) / 100 : null;
}

/** Settings read from what this browser saved (bad or missing entries take their defaults). */
export function parseSettings(text: string | null): Settings {
  try {
    const raw = JSON.parse(text ?? '{}') as Partial<Record<keyof Settings, unknown>> | null;
    if (raw === null || typeof raw !== 'object') return DEFAULTS;
    return {
      pace: PACES.includes(raw.pace as Pace) ? raw.pace as Pace : DEFAULTS.pace,
      muted: typeof raw.muted === 'boolean' ? raw.muted : DEFAULTS.muted,
      volume: volumeOf(raw.volume) ?? DEFAULTS.volume,
      reader: typeof raw.reader === 'boolean' ? raw.reader : DEFAULTS.reader,
    };
  } catch {
    return DEFAULTS;
  }
}

/** The settings saved in this browser. */
function load(): Settings {
  try {
    return parseSettings(localStorage.getItem(KEY));
  } catch {
    return DEFAULTS;
  }
}

let current: Settings | null = null;
const listeners = new Set<() => void>();

export function getSettings(): Settings {
  current ??= typeof localStorage === 'undefined' ? DEFAULTS : load();
  return current;
}

/** Changes settings and remembers them in this browser (a volume outside 0–1 changes nothing). */
export function updateSettings(change: Partial<Settings>): void {
  if (change.volume !== undefined && volumeOf(change.volume) === null) return;
  current = { ...getSettings(), ...change, ...(change.volume === undefined ? {} : { volume: volumeOf(change.volume)! }) };
  try { localStorage.setItem(KEY, JSON.stringify(current)); } catch { /* private mode: kept for this visit */ }
  for (const l of listeners) l();
}

export function useSettings(): Settings {
  return useSyncExternalStore((fn) => { listeners.add(fn); return () => listeners.delete(fn); }, getSettings);
}

/** True when the player's system asks for a given media feature (false where none can be asked). */
function mediaMatches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * Whether the table keeps still: cards do not travel and nothing flashes. So it is in screen reader
 * mode, and whenever the system asks for reduced motion or forces its own colours (where a
 * travelling copy of a card would be drawn without the card's own colours). Checked at each move,
 * so that a change applies at once.
 */
export function tableStill(settings: Settings = getSettings()): boolean {
  return settings.reader || mediaMatches('(prefers-reduced-motion: reduce)') || mediaMatches('(forced-colors: active)');
}

/**
 * How long the table holds a move's moment (a declaration, an action card, another seat's move) at
 * the normal pace, in milliseconds: the base every game paces from. A game's own longer moments (a
 * reveal, a bust) and their hold times are in its folder, scaled the same way (`pacedMs`).
 */
const HOLD_MS = { declare: 1200 } as const;
export type Moment = keyof typeof HOLD_MS;

/** How long to hold `moment` at the chosen pace. */
export function holdMs(moment: Moment, pace: Pace = getSettings().pace): number {
  return pacedMs(HOLD_MS[moment], pace);
}

/** A hold of `ms` at the normal pace, at the chosen pace (relaxed ×1.75, fast ×0.4). */
export function pacedMs(ms: number, pace: Pace = getSettings().pace): number {
  const factor = pace === 'relaxed' ? 1.75 : pace === 'fast' ? 0.4 : 1;
  return Math.round(ms * factor);
}
