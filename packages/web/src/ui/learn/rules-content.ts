import type { GameId } from '@parlor/rules';

/**
 * The "How to play" pages, as data: sections of short paragraphs in our own words (texts in
 * `learn.<short>.rules.<section>.<item>`), each citing the numbered rules it explains. Where a
 * section shows the game's pictures of cards, `cards` says after which item. A test checks that
 * every rule number of ../shared/rules/<game>.md is cited somewhere.
 */

export interface RuleItem {
  readonly key: string;
  readonly rules: readonly string[];
  /** Shown as a bullet of the list started by the item before it. */
  readonly bullet?: boolean;
}

export interface RuleSection {
  readonly key: string;
  readonly items: readonly RuleItem[];
  /** The game's card gallery (Rules.tsx) is shown after the item of that key. */
  readonly cards?: { readonly after: string };
}

export interface GameRules {
  readonly short: string;
  readonly tag: string;
  readonly sections: readonly RuleSection[];
  /** Rule numbers the options section cites besides each option's own (options that combine, the response window). */
  readonly optionRules: Readonly<Record<string, readonly string[]>>;
  /** Rule numbers the card gallery's texts cite. */
  readonly cardRules: readonly string[];
}

const SF: GameRules = {
  short: 'sf',
  tag: 'SF',
  sections: [
    { key: 'goal', items: [{ key: 'goal', rules: ['SF-4', 'SF-6', 'SF-27'] }] },
    {
      key: 'cards',
      items: [
        { key: 'deck', rules: ['SF-1'] },
        { key: 'values', rules: ['SF-2'] },
        { key: 'best', rules: ['SF-2'] },
        { key: 'proteins', rules: ['SF-1', 'SF-3'] },
        { key: 'tofu', rules: ['SF-30', 'SF-2'] },
      ],
      cards: { after: 'values' },
    },
    { key: 'setup', items: [{ key: 'deal', rules: ['SF-4', 'SF-5', 'SF-6'] }] },
    {
      key: 'turn',
      items: [
        { key: 'draw', rules: ['SF-7', 'SF-8'] },
        { key: 'choices', rules: ['SF-9'] },
        { key: 'pair', rules: ['SF-9'], bullet: true },
        { key: 'protein', rules: ['SF-3', 'SF-9'], bullet: true },
        { key: 'cook', rules: ['SF-9', 'SF-20'], bullet: true },
        { key: 'stop', rules: ['SF-9', 'SF-23'] },
        { key: 'lie', rules: ['SF-10', 'SF-12', 'SF-13'] },
        { key: 'order', rules: ['SF-11'] },
      ],
    },
    {
      key: 'taste',
      items: [
        { key: 'window', rules: ['SF-14'] },
        { key: 'who', rules: ['SF-15'] },
        { key: 'reveal', rules: ['SF-16'] },
        { key: 'honest', rules: ['SF-17'], bullet: true },
        { key: 'bluff', rules: ['SF-18'], bullet: true },
        { key: 'scores', rules: ['SF-19'] },
      ],
    },
    {
      key: 'cooking',
      items: [
        { key: 'dish', rules: ['SF-20'] },
        { key: 'score', rules: ['SF-21'] },
        { key: 'after', rules: ['SF-22'] },
      ],
    },
    {
      key: 'end',
      items: [
        { key: 'keep', rules: ['SF-24'] },
        { key: 'shuffle', rules: ['SF-25'] },
        { key: 'short', rules: ['SF-26'] },
      ],
    },
    {
      key: 'win',
      items: [
        { key: 'target', rules: ['SF-27'] },
        { key: 'stuck', rules: ['SF-32'] },
      ],
    },
    { key: 'know', items: [{ key: 'know', rules: ['SF-33'] }] },
  ],
  optionRules: { combine: ['SF-32'], responseWindow: ['SF-14'] },
  cardRules: ['SF-2', 'SF-30'],
};

/** Flip 7's cards as the page groups them, with the rules each card's text explains. */
export const F7_NUMBER_CARDS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const F7_MODIFIER_CARDS = ['+2', '+4', '+6', '+8', '+10', 'x2'] as const;
export const F7_ACTION_CARDS = [
  { card: 'freeze', rules: ['F7-9', 'F7-11a'] },
  { card: 'flip-three', rules: ['F7-10'] },
  { card: 'second-chance', rules: ['F7-11', 'F7-11a'] },
] as const;

const F7: GameRules = {
  short: 'f7',
  tag: 'F7',
  sections: [
    { key: 'goal', items: [{ key: 'goal', rules: ['F7-2', 'F7-15'] }] },
    {
      key: 'cards',
      items: [
        { key: 'numbers', rules: ['F7-1'] },
        { key: 'modifiers', rules: ['F7-1', 'F7-13'] },
        { key: 'actions', rules: ['F7-1', 'F7-8'] },
      ],
      cards: { after: 'actions' },
    },
    { key: 'setup', items: [{ key: 'setup', rules: ['F7-2', 'F7-3'] }] },
    {
      key: 'round',
      items: [
        { key: 'deal', rules: ['F7-4'] },
        { key: 'turns', rules: ['F7-5'] },
        { key: 'hit', rules: ['F7-5'], bullet: true },
        { key: 'stay', rules: ['F7-5'], bullet: true },
        { key: 'bust', rules: ['F7-6'] },
        { key: 'flip7', rules: ['F7-7'] },
        { key: 'action', rules: ['F7-8', 'F7-11a'] },
        { key: 'end', rules: ['F7-12'] },
      ],
    },
    {
      key: 'scoring',
      items: [
        { key: 'sum', rules: ['F7-13'] },
        { key: 'example', rules: ['F7-13'] },
      ],
    },
    { key: 'between', items: [{ key: 'between', rules: ['F7-14'] }] },
    { key: 'win', items: [{ key: 'win', rules: ['F7-15'] }] },
    { key: 'know', items: [{ key: 'know', rules: ['F7-16'] }] },
    { key: 'online', items: [{ key: 'online', rules: ['F7-4', 'F7-5', 'F7-8', 'F7-10'] }] },
  ],
  optionRules: {},
  cardRules: ['F7-13', ...F7_ACTION_CARDS.flatMap((a) => a.rules)],
};

export const GAME_RULES: Record<GameId, GameRules> = { 'stir-fry-eighteen': SF, 'flip-7': F7 };

/** Every rule number a page cites (sections, the card gallery's texts, the options). */
export function citedRules(game: GameId, optionFieldRules: readonly string[]): Set<string> {
  const g = GAME_RULES[game];
  const out = new Set<string>(optionFieldRules);
  for (const s of g.sections) for (const i of s.items) for (const r of i.rules) out.add(r);
  for (const rs of Object.values(g.optionRules)) for (const r of rs) out.add(r);
  for (const r of g.cardRules) out.add(r);
  return out;
}
