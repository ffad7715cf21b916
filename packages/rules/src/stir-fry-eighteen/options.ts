import type { Result } from '../core/error.js';
import { type OptionField, parseOptions } from '../core/options.js';

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
  /** SF-5: the seat that plays first, or 'random'. */
  readonly firstPlayer: 'random' | number;
}

export const SF_DEFAULT_OPTIONS: SfOptions = Object.freeze({
  target: 50, closingTime: false, meticulousChef: false, emptyPantry: 'off', tofu: false, firstPlayer: 'random',
});

export const SF_TARGETS = [50, 100, 150, 300] as const;
export const SF_EMPTY_PANTRY = ['off', 'no-cook-draw', 'no-turn-draw'] as const;

/** Every option, in the order the create form shows them. */
export const SF_OPTION_FIELDS: readonly OptionField[] = [
  { key: 'target', kind: 'choice', values: SF_TARGETS, rule: 'SF-6', description: 'The score that ends the game.' },
  { key: 'closingTime', kind: 'flag', rule: 'SF-28', description: 'Once someone reaches the target, everyone else plays one more turn.' },
  { key: 'meticulousChef', kind: 'flag', rule: 'SF-29', description: 'The target must be hit exactly; points past it bounce back.' },
  { key: 'emptyPantry', kind: 'choice', values: SF_EMPTY_PANTRY, rule: 'SF-31', description: 'Removes the draw after cooking, or the draw at the start of a turn.' },
  { key: 'tofu', kind: 'flag', rule: 'SF-30', description: 'The Tofu promo card replaces one random base card.' },
  {
    key: 'firstPlayer', kind: 'choice', values: ['random', 0, 1, 2, 3, 4], seats: true, rule: 'SF-5',
    description: 'Who plays first: a seat (0 is the first seat) chosen by the table\'s creator, or drawn at random.',
  },
];

/** Validates raw options (missing keys take their defaults); names any unknown key or bad value. */
export function sfParseOptions(raw: unknown, players?: number): Result<SfOptions> {
  return parseOptions('Stir Fry Eighteen', SF_OPTION_FIELDS, SF_DEFAULT_OPTIONS, raw, players);
}
