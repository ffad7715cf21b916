import fc from 'fast-check';
import { type OptionField, type SfOptions, allowedValues, stirFryEighteen } from '@parlor/rules';

/** Every value one table option may take at a table of `players`, as the game describes it. */
const valueOf = (field: OptionField, players: number): fc.Arbitrary<unknown> => fc.constantFrom(...allowedValues(field, players));

/**
 * Stir Fry Eighteen's options, drawn from the game's own option fields: every option and every
 * value it allows, target 300 included (SF-6, SF-28 … SF-31). A new option or value is covered
 * without touching this file.
 */
export const sfOptionsFor = (players: number): fc.Arbitrary<SfOptions> => fc.record(
  Object.fromEntries(stirFryEighteen.options.fields.map((f) => [f.key, valueOf(f, players)])),
).map((raw) => {
  const parsed = stirFryEighteen.options.parse(raw, players);
  if (!parsed.ok) throw new Error(`the game refuses its own option values: ${parsed.error.message}`);
  return parsed.value;
});

/** A game to play: any seed, 2–5 players (SF-4), any options. */
export const sfGameArb = fc.integer({ min: stirFryEighteen.minPlayers, max: stirFryEighteen.maxPlayers })
  .chain((players) => fc.record({ seed: fc.string({ maxLength: 12 }), players: fc.constant(players), options: sfOptionsFor(players) }));
