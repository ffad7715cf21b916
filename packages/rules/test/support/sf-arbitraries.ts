import fc from 'fast-check';
import { type OptionField, type SfOptions, allowedValues, stirFryEighteen } from '../../src/index.js';

const valueOf = (field: OptionField, players: number): fc.Arbitrary<unknown> => fc.constantFrom(...allowedValues(field, players));

/** Every option and every value the game's option fields allow at a table of `players` (SF-5, SF-6, SF-28 … SF-31), target 300 included. */
export const sfOptionsFor = (players: number): fc.Arbitrary<SfOptions> => fc.record(
  Object.fromEntries(stirFryEighteen.options.fields.map((f) => [f.key, valueOf(f, players)])),
).map((raw) => {
  const parsed = stirFryEighteen.options.parse(raw, players);
  if (!parsed.ok) throw new Error(`the game refuses its own option values: ${parsed.error.message}`);
  return parsed.value;
});

/** Options valid at any table (seat-valued ones name seat 0 or 1). */
export const sfOptionsArb: fc.Arbitrary<SfOptions> = sfOptionsFor(stirFryEighteen.minPlayers);

/**
 * Short targets, for random play cut off after a few hundred actions: more of those games reach
 * their end. Whole games played to the end use `sfFullGameArb`, which has every target.
 */
const quick = (o: SfOptions) => ({ ...o, target: o.meticulousChef ? 50 : o.target === 300 ? 100 : o.target }) as SfOptions;
export const sfQuickOptionsArb: fc.Arbitrary<SfOptions> = sfOptionsArb.map(quick);

const seed = fc.string({ maxLength: 12 });
const players = fc.integer({ min: stirFryEighteen.minPlayers, max: stirFryEighteen.maxPlayers });

/** A game for random play with a cap on its length (short targets). */
export const sfGameArb = players.chain((n) => fc.record({ seed, players: fc.constant(n), options: sfOptionsFor(n).map(quick) }));

/** A game to play to its end: any options, every target. */
export const sfFullGameArb = players.chain((n) => fc.record({ seed, players: fc.constant(n), options: sfOptionsFor(n) }));
