import { type SfAction, type SfCard, type SfState, sfSortCards } from '@parlor/rules';
import type { Lesson, StepValues } from '../../learn/lesson.js';

/**
 * The guided first game of Stir Fry Eighteen: three chefs (you, Mia, Leo), a game near its end
 * (you 25, Mia 30, Leo 34; the target is 50). In two turns of yours you discard an honest pair, claim
 * a protein and have it taste-tested (honest: the tester throws away her hand), cook, catch Leo's
 * bluff with a taste test of your own, bluff a pair yourself, and cook the dish that wins.
 *
 * The deal fixes your first turn's draws; the pile is shuffled at every turn's end (SF-25), so the
 * three cards your bluff draws are put on top with the adapter's `stack` (the same tool the rule
 * scenarios use) — everything else follows from the seed, and every move goes through `apply`.
 */

const YOU = 0;
const MIA = 1;
const LEO = 2;

const same = (a: readonly SfCard[], b: readonly SfCard[]) =>
  a.length === b.length && sfSortCards(a.slice()).every((c, i) => c === sfSortCards(b.slice())[i]);

/** The dish of your first turn: Chicken meets Green Onion and Ginger (7), Mushroom meets Chicken (3) — SF-2. */
export const SF_FIRST_DISH: readonly SfCard[] = ['noodles', 'chicken', 'green-onion', 'ginger', 'mushroom'];
/** The winning dish: Shrimp with Ginger and Soy Sauce (11), Green Onion with Shrimp (5), Soy Sauce with Ginger (3). */
export const SF_WINNING_DISH: readonly SfCard[] = ['noodles', 'shrimp', 'ginger', 'soy-sauce', 'green-onion'];

/** The hand minus one copy of each card of `cards` that it holds. */
function without(hand: readonly SfCard[], cards: readonly SfCard[]): SfCard[] {
  const rest = hand.slice();
  for (const c of cards) {
    const i = rest.indexOf(c);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

/**
 * The two cards of your bluff (SF-10): two different ingredients you do not need for the winning
 * dish. Read from the hand your turn's draws gave you.
 */
export function sfBluffPair(s: SfState): [SfCard, SfCard] {
  const spare = sfSortCards(without(s.hands[YOU]!, SF_WINNING_DISH));
  const first = spare[0];
  const second = spare.find((c) => c !== first);
  if (first === undefined || second === undefined) throw new Error('the lesson has no two different spare cards to bluff with');
  return [first, second];
}

/** The cards of the winning dish that your hand lacks after the bluff: the bluff's draw brings them. */
export function sfMissingForDish(s: SfState): SfCard[] {
  const hand = s.hands[YOU]!;
  return SF_WINNING_DISH.filter((c) => !hand.includes(c));
}

/** Leo's bluff: a card that is not Pork, declared as Pork. */
function leoBluff(s: SfState): SfAction {
  const card = s.hands[LEO]!.find((c) => c !== 'pork')!;
  return { type: 'discard-protein', card, claim: 'pork' };
}

const cards = (list: readonly SfCard[]): StepValues[string] => ({ cards: list });

export const SF_LESSON: Lesson<SfState, SfAction> = {
  game: 'stir-fry-eighteen',
  short: 'sf',
  cardName: (card, t) => t(`sf.cards.${card}.name`),
  players: 3,
  options: { target: 50 },
  seed: 'parlor guided first game: stir fry eighteen 6',
  setup: {
    first: YOU,
    scores: [25, 30, 34],
    hands: [['soy-sauce', 'soy-sauce', 'pork'], ['noodles', 'mushroom', 'green-onion'], ['noodles', 'mushroom', 'ginger']],
    // Your start-of-turn draw, then the pair's three cards, then the protein's three.
    drawPile: ['noodles', 'chicken', 'green-onion', 'ginger', 'mushroom', 'shrimp', 'soy-sauce'],
  },
  steps: [
    // The table, your hand, the first draw (SF-4, SF-6, SF-7).
    { id: 'welcome', rules: ['SF-6', 'SF-7', 'SF-33'] },
    // SF-9, SF-12: an honest pair.
    {
      id: 'pair', rules: ['SF-9', 'SF-12'],
      accept: (a) => a.type === 'discard-pair' && same(a.cards, ['soy-sauce', 'soy-sauce']),
      highlight: () => ['soy-sauce', 'pair-move'],
    },
    // Both trust; you draw 3 (SF-14). Now a protein, honestly (SF-3).
    {
      id: 'protein', rules: ['SF-3', 'SF-14'],
      before: [{ seat: MIA, action: { type: 'trust' } }, { seat: LEO, action: { type: 'trust' } }],
      accept: (a) => a.type === 'discard-protein' && a.card === 'pork' && a.claim === 'pork',
      highlight: () => ['pork', 'protein-move'],
    },
    // Mia tastes: honest, she throws away her hand, you draw 3 (SF-16, SF-17). Cook (SF-2, SF-20, SF-21).
    {
      id: 'cook', rules: ['SF-16', 'SF-17', 'SF-2', 'SF-20'],
      before: [{ seat: MIA, action: { type: 'taste-test' } }],
      accept: (a) => a.type === 'cook' && same(a.cards, SF_FIRST_DISH),
      values: () => ({ dish: cards(SF_FIRST_DISH) }),
      highlight: () => [...SF_FIRST_DISH, 'cook-move'],
    },
    // Scored; everything put down goes back, the cook draws 1, the turn ends (SF-22, SF-24, SF-25).
    { id: 'cooked', rules: ['SF-21', 'SF-22', 'SF-24', 'SF-25'], values: (s) => ({ count: s.scores[YOU]! }) },
    // Mia draws and passes; Leo claims Pork; Mia trusts; your call (SF-14, SF-15).
    {
      id: 'test', rules: ['SF-1', 'SF-14', 'SF-15'],
      before: [
        { seat: MIA, action: { type: 'end-turn' } },
        { seat: LEO, action: leoBluff },
        { seat: MIA, action: { type: 'trust' } },
      ],
      accept: (a) => a.type === 'taste-test',
      highlight: () => ['taste-test'],
    },
    // A bluff: Leo draws nothing more this turn, you draw one more next turn (SF-18).
    { id: 'caught', rules: ['SF-18', 'SF-19'], values: (s) => ({ card: { card: s.revealed[0] ?? 'mushroom' } }) },
    // Your turn: 2 cards (SF-7). Bluff a pair (SF-10).
    {
      id: 'bluff', rules: ['SF-7', 'SF-10', 'SF-13'],
      before: [{ seat: LEO, action: { type: 'end-turn' } }],
      accept: (a, s) => a.type === 'discard-pair' && same(a.cards, sfBluffPair(s)),
      values: (s) => { const [a, b] = sfBluffPair(s); return { a: { card: a }, b: { card: b } }; },
      highlight: (s) => [...sfBluffPair(s), 'pair-move'],
    },
    // Nobody tests: you draw 3 all the same. Cook the winning dish (SF-2, SF-27).
    {
      id: 'win', rules: ['SF-2', 'SF-27'],
      before: [
        { stack: (s) => sfMissingForDish(s) },
        { seat: MIA, action: { type: 'trust' } },
        { seat: LEO, action: { type: 'trust' } },
      ],
      accept: (a) => a.type === 'cook' && same(a.cards, SF_WINNING_DISH),
      values: (s) => ({ dish: cards(SF_WINNING_DISH), count: s.scores[YOU]! }),
      highlight: () => [...SF_WINNING_DISH, 'cook-move'],
    },
    { id: 'end', rules: ['SF-27'], values: (s) => ({ count: s.scores[YOU]! }) },
  ],
};
