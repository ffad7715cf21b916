import { describe, expect, it } from 'vitest';
import { sfCardValue, sfCheckDish, sfDishPoints, type SfCard } from '../src/index.js';

// SF-2's table, entry by entry: [card, other cards of the dish, value].
const TABLE: [SfCard, SfCard[], number][] = [
  ['shrimp', [], 6], ['shrimp', ['ginger'], 9], ['shrimp', ['ginger', 'soy-sauce'], 11], ['shrimp', ['soy-sauce'], 6],
  ['pork', [], 5], ['pork', ['mushroom'], 8],
  ['chicken', [], 3], ['chicken', ['green-onion'], 5], ['chicken', ['green-onion', 'ginger'], 7], ['chicken', ['ginger'], 3],
  ['ginger', [], 2], ['ginger', ['pork'], 4],
  ['green-onion', [], 3], ['green-onion', ['shrimp'], 5],
  ['soy-sauce', [], 1], ['soy-sauce', ['green-onion'], 2], ['soy-sauce', ['ginger'], 3],
  // Only the highest bonus counts: with both, soy sauce is 3, not 2 + 3.
  ['soy-sauce', ['green-onion', 'ginger'], 3],
  ['mushroom', [], 2], ['mushroom', ['chicken'], 3],
  ['noodles', [], 1], ['noodles', ['shrimp', 'ginger', 'pork'], 1],
  ['tofu', [], 7], ['tofu', ['soy-sauce', 'ginger'], 10], ['tofu', ['soy-sauce'], 7],
  // The meat penalty wins over the bonus.
  ['tofu', ['chicken'], -5], ['tofu', ['pork', 'soy-sauce', 'ginger'], -5], ['tofu', ['shrimp'], -5],
];

describe('SF-2 card values', () => {
  it.each(TABLE)('%s with %j is worth %i', (card, others, value) => {
    expect(sfCardValue(card, [card, 'noodles', ...others])).toBe(value);
  });

  it('scores the highest dish of the rules: noodles, shrimp, ginger, pork, mushroom = 24', () => {
    expect(sfDishPoints(['noodles', 'shrimp', 'ginger', 'pork', 'mushroom'])).toBe(24);
  });

  it('gives each card its value in the dish', () => {
    const r = sfCheckDish(['shrimp', 'ginger', 'soy-sauce', 'noodles']);
    expect(r.legal && r.values).toEqual([
      { card: 'shrimp', value: 11 }, { card: 'ginger', value: 2 }, { card: 'soy-sauce', value: 3 }, { card: 'noodles', value: 1 },
    ]);
    expect(r.legal && r.points).toBe(17);
  });

  it('lets a Tofu dish with a meat score below zero', () => {
    expect(sfDishPoints(['noodles', 'tofu', 'chicken'])).toBe(1 - 5 + 3);
    expect(sfDishPoints(['noodles', 'tofu', 'pork'])).toBe(1 - 5 + 5);
  });
});

describe('SF-20 what makes a dish', () => {
  const problem = (cards: unknown[]) => { const r = sfCheckDish(cards); return r.legal ? null : r.problem; };
  it('needs 3 to 5 cards', () => {
    expect(problem(['noodles', 'pork'])).toBe('TOO_FEW');
    expect(problem(['noodles', 'pork', 'ginger', 'mushroom', 'soy-sauce', 'chicken'])).toBe('TOO_MANY');
    expect(problem(['noodles', 'pork', 'ginger'])).toBeNull();
    expect(problem(['noodles', 'pork', 'ginger', 'mushroom', 'soy-sauce'])).toBeNull();
  });
  it('needs noodles', () => {
    expect(problem(['pork', 'ginger', 'mushroom'])).toBe('NO_NOODLES');
  });
  it('refuses a repeated ingredient', () => {
    expect(problem(['noodles', 'noodles', 'pork'])).toBe('REPEATED_INGREDIENT');
  });
  it('refuses a name that is not a card, and says why in words', () => {
    const r = sfCheckDish(['noodles', 'pork', 'beef']);
    expect(r.legal).toBe(false);
    expect(!r.legal && r.problem).toBe('UNKNOWN_CARD');
    expect(!r.legal && r.message).toContain('beef');
  });
  it('throws from sfDishPoints only for an illegal dish', () => {
    expect(() => sfDishPoints(['pork', 'ginger', 'mushroom'])).toThrow(/Noodles/);
  });
});
