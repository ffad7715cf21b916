import { SF_DEFAULT_OPTIONS, SF_EMPTY_PANTRY, SF_TARGETS, F7_TARGETS, F7_DEFAULT_OPTIONS } from '@parlor/rules';
import type { GameId } from '@parlor/protocol';

/** One table option as the create form shows it; labels and help are i18n keys under `options.<game>.<key>`. */
export type OptionField =
  | { readonly key: string; readonly kind: 'choice'; readonly values: readonly (string | number)[] }
  | { readonly kind: 'flag'; readonly key: string };

/** The option fields of each game, from the rules package (one list of valid values). */
export const OPTION_FIELDS: Record<GameId, readonly OptionField[]> = {
  'stir-fry-eighteen': [
    { key: 'target', kind: 'choice', values: SF_TARGETS },
    { key: 'closingTime', kind: 'flag' },
    { key: 'meticulousChef', kind: 'flag' },
    { key: 'emptyPantry', kind: 'choice', values: SF_EMPTY_PANTRY },
    { key: 'tofu', kind: 'flag' },
  ],
  'flip-7': [{ key: 'target', kind: 'choice', values: F7_TARGETS }],
};

export const DEFAULT_OPTIONS: Record<GameId, Record<string, unknown>> = {
  'stir-fry-eighteen': { ...SF_DEFAULT_OPTIONS },
  'flip-7': { ...F7_DEFAULT_OPTIONS },
};

export const SEAT_RANGE: Record<GameId, readonly [number, number]> = { 'stir-fry-eighteen': [2, 5], 'flip-7': [2, 12] };
