import { type Result, ok, refuse } from '../core/error.js';

export type SfEmptyPantry = 'off' | 'no-cook-draw' | 'no-turn-draw';

/** The table options of Stir Fry Eighteen (SF-6, SF-28 … SF-31). */
export interface SfOptions {
  /** SF-6: the score that ends the game. */
  readonly target: 50 | 100 | 150 | 300;
  /** SF-28: everyone else plays one more turn once the target is reached. */
  readonly closingTime: boolean;
  /** SF-29: the target must be hit exactly; a score past it bounces back. */
  readonly meticulousChef: boolean;
  /** SF-31: which draw the Empty Pantry variant removes. */
  readonly emptyPantry: SfEmptyPantry;
  /** SF-30: the Tofu promo card replaces one random base card. */
  readonly tofu: boolean;
}

export const SF_DEFAULT_OPTIONS: SfOptions = {
  target: 50, closingTime: false, meticulousChef: false, emptyPantry: 'off', tofu: false,
};

export const SF_TARGETS = [50, 100, 150, 300] as const;
export const SF_EMPTY_PANTRY = ['off', 'no-cook-draw', 'no-turn-draw'] as const;

const KEYS = Object.keys(SF_DEFAULT_OPTIONS);

/** Validates raw options (missing keys take their defaults); names any unknown key or bad value. */
export function sfParseOptions(raw: unknown): Result<SfOptions> {
  if (raw === undefined || raw === null) return ok(SF_DEFAULT_OPTIONS);
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return refuse('BAD_OPTIONS', 'Options must be an object such as {"target": 100}.');
  }
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!KEYS.includes(key)) {
      return refuse('BAD_OPTIONS', `Unknown option "${key}"; Stir Fry Eighteen's options are ${KEYS.join(', ')}.`);
    }
  }
  const out = { ...SF_DEFAULT_OPTIONS };
  if (o.target !== undefined) {
    if (!SF_TARGETS.includes(o.target as never)) {
      return refuse('BAD_OPTIONS', `Option "target" must be one of ${SF_TARGETS.join(', ')}, not ${show(o.target)}.`, 'SF-6');
    }
    out.target = o.target as SfOptions['target'];
  }
  for (const key of ['closingTime', 'meticulousChef', 'tofu'] as const) {
    if (o[key] !== undefined) {
      if (typeof o[key] !== 'boolean') {
        return refuse('BAD_OPTIONS', `Option "${key}" must be true or false, not ${show(o[key])}.`);
      }
      out[key] = o[key];
    }
  }
  if (o.emptyPantry !== undefined) {
    if (!SF_EMPTY_PANTRY.includes(o.emptyPantry as never)) {
      return refuse('BAD_OPTIONS',
        `Option "emptyPantry" must be one of ${SF_EMPTY_PANTRY.map((v) => `"${v}"`).join(', ')}, not ${show(o.emptyPantry)}.`, 'SF-31');
    }
    out.emptyPantry = o.emptyPantry as SfEmptyPantry;
  }
  return ok(out);
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
