import { type SfCard, sfIsCard } from './cards.js';

/** Why a set of cards is not a dish (SF-20). */
export type SfDishProblem = 'TOO_FEW' | 'TOO_MANY' | 'NO_NOODLES' | 'REPEATED_INGREDIENT' | 'UNKNOWN_CARD';

export interface SfDishScore {
  readonly legal: true;
  /** The dish's points (SF-2); may be negative with Tofu and a meat. */
  readonly points: number;
  /** Each card's value in this dish, in the order given. */
  readonly values: readonly { readonly card: SfCard; readonly value: number }[];
}

export interface SfDishRefusal {
  readonly legal: false;
  readonly problem: SfDishProblem;
  readonly message: string;
}

/**
 * SF-2: a card's value in a dish. It depends only on the other cards of the dish; where several
 * bonuses apply only the highest counts, so each line below returns the best one that applies.
 */
export function sfCardValue(card: SfCard, dish: readonly SfCard[]): number {
  const has = (c: SfCard) => dish.includes(c);
  switch (card) {
    case 'shrimp': return has('ginger') ? (has('soy-sauce') ? 11 : 9) : 6;
    case 'pork': return has('mushroom') ? 8 : 5;
    case 'chicken': return has('green-onion') ? (has('ginger') ? 7 : 5) : 3;
    case 'ginger': return has('pork') ? 4 : 2;
    case 'green-onion': return has('shrimp') ? 5 : 3;
    case 'soy-sauce': return has('ginger') ? 3 : has('green-onion') ? 2 : 1;
    case 'mushroom': return has('chicken') ? 3 : 2;
    case 'noodles': return 1;
    // The meat penalty wins over the bonus (SF-2, Tofu row).
    case 'tofu':
      if (has('chicken') || has('pork') || has('shrimp')) return -5;
      return has('soy-sauce') && has('ginger') ? 10 : 7;
  }
}

/**
 * SF-20 and SF-2: whether `cards` make a dish, and if so its points card by card; if not, the
 * problem and a sentence saying it. Pure and shared: the web client previews dishes with it.
 */
export function sfCheckDish(cards: readonly unknown[]): SfDishScore | SfDishRefusal {
  const bad = cards.find((c) => !sfIsCard(c));
  if (bad !== undefined) return refusal('UNKNOWN_CARD', `"${String(bad)}" is not a card of Stir Fry Eighteen.`);
  const dish = cards as readonly SfCard[];
  if (dish.length < 3) return refusal('TOO_FEW', 'A dish needs at least 3 cards (SF-20).');
  if (dish.length > 5) return refusal('TOO_MANY', 'A dish has at most 5 cards (SF-20).');
  if (new Set(dish).size !== dish.length) {
    return refusal('REPEATED_INGREDIENT', 'Every card of a dish must be a different ingredient (SF-20).');
  }
  if (!dish.includes('noodles')) return refusal('NO_NOODLES', 'A dish must include Noodles (SF-20).');
  const values = dish.map((card) => ({ card, value: sfCardValue(card, dish) }));
  return { legal: true, points: values.reduce((sum, v) => sum + v.value, 0), values };
}

/** The points of a legal dish (SF-2); throws on an illegal one (use `sfCheckDish` to find out). */
export function sfDishPoints(cards: readonly SfCard[]): number {
  const r = sfCheckDish(cards);
  if (!r.legal) throw new RangeError(r.message);
  return r.points;
}

function refusal(problem: SfDishProblem, message: string): SfDishRefusal {
  return { legal: false, problem, message };
}
