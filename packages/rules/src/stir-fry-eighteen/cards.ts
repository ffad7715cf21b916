/** SF-1: the eight base ingredients, and Tofu (SF-30), in the order the rules list them. */
export const SF_CARDS = [
  'shrimp', 'pork', 'chicken', 'ginger', 'green-onion', 'soy-sauce', 'mushroom', 'noodles', 'tofu',
] as const;
export type SfCard = (typeof SF_CARDS)[number];

/** The proteins a single-card discard may declare (SF-9; Tofu only with its option, SF-30). */
export const SF_PROTEINS = ['shrimp', 'pork', 'chicken', 'tofu'] as const;
export type SfProtein = (typeof SF_PROTEINS)[number];

/** SF-1: copies of each base card (18 in all). */
export const SF_BASE_COUNTS: Readonly<Record<Exclude<SfCard, 'tofu'>, number>> = {
  shrimp: 1, pork: 1, chicken: 1, ginger: 2, 'green-onion': 2, 'soy-sauce': 3, mushroom: 3, noodles: 5,
};

/** SF-3: cards drawn for a protein discard, by the declared protein. */
export const SF_PROTEIN_DRAWS: Readonly<Record<SfProtein, number>> = { shrimp: 4, pork: 3, chicken: 2, tofu: 1 };

/** SF-9: cards drawn for a pair discard. */
export const SF_PAIR_DRAWS = 3;

/** SF-24: the hand size a turn ends with at most. */
export const SF_HAND_LIMIT = 3;

// A plain object rather than a Map: V8 looks these constant keys up fastest (engine hot path).
const CARD_INDEX: Readonly<Record<SfCard, number>> = Object.freeze(
  Object.fromEntries(SF_CARDS.map((c, i) => [c, i])) as Record<SfCard, number>);

export function sfIsCard(x: unknown): x is SfCard {
  return typeof x === 'string' && Object.hasOwn(CARD_INDEX, x);
}

export function sfIsProtein(x: unknown): x is SfProtein {
  return x === 'shrimp' || x === 'pork' || x === 'chicken' || x === 'tofu';
}

/** Position of a card in SF_CARDS; the canonical order of cards in actions and views. */
export function sfCardIndex(card: SfCard): number {
  return CARD_INDEX[card];
}

export function sfSortCards(cards: SfCard[]): SfCard[] {
  return cards.sort((a, b) => sfCardIndex(a) - sfCardIndex(b));
}

/** The 18 base cards (SF-1), in rule order. */
export function sfBaseDeck(): SfCard[] {
  const deck: SfCard[] = [];
  for (const [card, n] of Object.entries(SF_BASE_COUNTS) as [SfCard, number][]) {
    for (let i = 0; i < n; i++) deck.push(card);
  }
  return deck;
}

/** Counts per card, indexed like SF_CARDS. */
export function sfCountCards(cards: readonly SfCard[]): number[] {
  const counts = new Array<number>(SF_CARDS.length).fill(0);
  for (const c of cards) counts[sfCardIndex(c)]!++;
  return counts;
}

/** Whether `hand` holds every card of `cards` (as multisets). */
export function sfHolds(hand: readonly SfCard[], cards: readonly SfCard[]): boolean {
  const counts = sfCountCards(hand);
  for (const c of cards) {
    const i = sfCardIndex(c);
    if (counts[i]! === 0) return false;
    counts[i]!--;
  }
  return true;
}

/** Removes one copy of each of `cards` from `hand` in place (the caller checked `holds`). */
export function sfTakeFrom(hand: SfCard[], cards: readonly SfCard[]): void {
  for (const c of cards) {
    const i = hand.lastIndexOf(c);
    hand.splice(i, 1);
  }
}
