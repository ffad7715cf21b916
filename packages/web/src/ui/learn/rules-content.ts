import type { ComponentType } from 'react';

/**
 * A game's "How to play" page, as data: sections of short paragraphs in our own words (texts in
 * `learn.<short>.rules.<section>.<item>`), each citing the numbered rules it explains, and the
 * game's card gallery. Each game's is in its web folder (`ui/games/<game>/how-to-play.ts`), loaded
 * on demand through its registry entry (`learn`); Rules.tsx draws it. A test checks that every
 * rule number of ../shared/rules/<game>.md is cited somewhere.
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
  /** The game's card gallery is shown after the item of that key. */
  readonly cards?: { readonly after: string };
}

/** The heading levels the rules are drawn at: a page's (2) or inside another section (3). */
export type RuleLevel = 2 | 3;

export interface HowToPlay {
  /** Its texts' folder under `learn.` (the page's ids too: `learn-<short>-<section>`). */
  readonly short: string;
  readonly sections: readonly RuleSection[];
  /** Rule numbers the options section cites besides each option's own (options that combine, the response window). */
  readonly optionRules: Readonly<Record<string, readonly string[]>>;
  /** Rule numbers the card gallery's texts cite. */
  readonly cardRules: readonly string[];
  /** Each of the game's cards, pictured as its table draws them, with its text; shown after the item `cards.after` names. */
  readonly Gallery: ComponentType<{ level: RuleLevel }>;
}

/** Every rule number a page cites (sections, the card gallery's texts, the options). */
export function citedRules(g: HowToPlay, optionFieldRules: readonly string[]): Set<string> {
  const out = new Set<string>(optionFieldRules);
  for (const s of g.sections) for (const i of s.items) for (const r of i.rules) out.add(r);
  for (const rs of Object.values(g.optionRules)) for (const r of rs) out.add(r);
  for (const r of g.cardRules) out.add(r);
  return out;
}
