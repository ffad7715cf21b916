import {
  type SfCard, type SfOptions, type SfState, SF_DEFAULT_OPTIONS, sfBaseDeck, createRng, seedRng, sfStartFrom,
} from '@parlor/rules';

/**
 * A game from a hand-made position: the given hands, the pile's top cards (`top`, drawn first
 * first) and the rest of the deck below them, in a fixed order.
 */
export function position(p: {
  hands: SfCard[][]; top?: SfCard[]; first: number; options?: Partial<SfOptions>; removed?: SfCard; scores?: number[];
}): SfState {
  const options = { ...SF_DEFAULT_OPTIONS, ...p.options } as SfOptions;
  const deck: SfCard[] = sfBaseDeck();
  if (options.tofu) {
    const r = p.removed ?? 'noodles';
    deck.splice(deck.indexOf(r), 1, 'tofu');
  }
  const take = (c: SfCard) => {
    const i = deck.indexOf(c);
    if (i < 0) throw new Error(`no ${c} left`);
    deck.splice(i, 1);
  };
  for (const h of p.hands) h.forEach(take);
  const top = p.top ?? [];
  top.forEach(take);
  const pile = [...deck, ...top.slice().reverse()];
  const r = sfStartFrom({
    players: p.hands.length, options, rng: seedRng('position'), hands: p.hands.map((h) => h.slice()),
    drawPile: pile, removed: options.tofu ? (p.removed ?? 'noodles') : null, first: p.first, scores: p.scores,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export { createRng };
