import fc from 'fast-check';
import type { SfOptions } from '../../src/index.js';

export const sfOptionsArb: fc.Arbitrary<SfOptions> = fc.record({
  target: fc.constantFrom(50, 100, 150, 300),
  closingTime: fc.boolean(),
  meticulousChef: fc.boolean(),
  emptyPantry: fc.constantFrom('off', 'no-cook-draw', 'no-turn-draw'),
  tofu: fc.boolean(),
}) as fc.Arbitrary<SfOptions>;

/** Short games keep property runs quick; the full targets are covered by scenarios. */
export const sfQuickOptionsArb: fc.Arbitrary<SfOptions> = sfOptionsArb.map((o) => ({ ...o, target: o.meticulousChef ? 50 : o.target === 300 ? 100 : o.target }) as SfOptions);

export const sfGameArb = fc.record({
  seed: fc.string({ maxLength: 12 }),
  players: fc.integer({ min: 2, max: 5 }),
  options: sfQuickOptionsArb,
});
