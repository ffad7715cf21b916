import fc from 'fast-check';
import { type OptionField, type SfOptions, stirFryEighteen } from '../../src/index.js';

const valueOf = (field: OptionField): fc.Arbitrary<unknown> => (field.kind === 'flag' ? fc.boolean() : fc.constantFrom(...field.values));

/** Every option and every value the game's option fields allow (SF-6, SF-28 … SF-31), target 300 included. */
export const sfOptionsArb: fc.Arbitrary<SfOptions> = fc.record(
  Object.fromEntries(stirFryEighteen.options.fields.map((f) => [f.key, valueOf(f)])),
).map((raw) => {
  const parsed = stirFryEighteen.options.parse(raw);
  if (!parsed.ok) throw new Error(`the game refuses its own option values: ${parsed.error.message}`);
  return parsed.value;
});

/**
 * Short targets, for random play cut off after a few hundred actions: more of those games reach
 * their end. Whole games played to the end use `sfFullGameArb`, which has every target.
 */
export const sfQuickOptionsArb: fc.Arbitrary<SfOptions> = sfOptionsArb.map((o) => ({ ...o, target: o.meticulousChef ? 50 : o.target === 300 ? 100 : o.target }) as SfOptions);

const seed = fc.string({ maxLength: 12 });
const players = fc.integer({ min: stirFryEighteen.minPlayers, max: stirFryEighteen.maxPlayers });

/** A game for random play with a cap on its length (short targets). */
export const sfGameArb = fc.record({ seed, players, options: sfQuickOptionsArb });

/** A game to play to its end: any options, every target. */
export const sfFullGameArb = fc.record({ seed, players, options: sfOptionsArb });
