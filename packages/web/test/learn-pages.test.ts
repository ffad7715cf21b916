/**
 * Issue 11, item 1: the "How to play" pages cite every numbered rule of each game (so anyone can
 * check each point against the reference), have a text for every paragraph, card and option in
 * English (the i18n test holds the other languages to the same keys), and explain every option
 * field the rules declare.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GAME_IDS, GAMES, type GameId, SF_CARDS } from '@parlor/rules';
import { describe, expect, it } from 'vitest';
import { F7_ACTION_CARDS } from '../src/ui/games/flip-7/card-groups.js';
import { WEB_GAMES } from '../src/ui/games/registry.js';
import { type HowToPlay, citedRules } from '../src/ui/learn/rules-content.js';
import en from '../src/i18n/locales/en/learn.json' with { type: 'json' };
import sfEn from '../src/i18n/locales/en/sf.json' with { type: 'json' };

const root = resolve(import.meta.dirname, '../../..');
/** Each game's "How to play", as its registry entry loads it for the pages. */
const GAME_RULES = Object.fromEntries(await Promise.all(GAME_IDS.map(async (id) => [id, (await WEB_GAMES[id].learn()).howToPlay] as const))) as
  Record<GameId, HowToPlay>;
type Tree = { [k: string]: string | Tree };
const has = (tree: unknown, key: string): boolean => {
  let at: unknown = tree;
  for (const part of key.split('.')) at = typeof at === 'object' && at !== null ? (at as Tree)[part] : undefined;
  return typeof at === 'string' && at.trim() !== '';
};

/** The rule numbers of a game, from the reference copy's anchors (docs/rules/reference/<game>.md). */
function ruleNumbers(game: string): string[] {
  const ref = readFileSync(resolve(root, `docs/rules/reference/${game}.md`), 'utf8');
  return [...ref.matchAll(/<a id="([a-z0-9]+-[0-9]+[a-z]?)"><\/a>/g)].map((m) => m[1]!.toUpperCase().replace(/A$/, 'a'));
}

describe('how to play pages', () => {
  for (const game of GAME_IDS) {
    const g = GAME_RULES[game];
    const fields = GAMES[game].options.fields;

    it(`${game}: every numbered rule is cited on the page`, () => {
      const all = ruleNumbers(game);
      expect(all.length).toBeGreaterThan(10);
      const cited = citedRules(g, fields.flatMap((f) => (f.rule === undefined ? [] : [f.rule])));
      expect(all.filter((r) => !cited.has(r))).toEqual([]);
      // …and nothing that is not a rule.
      expect([...cited].filter((r) => !all.includes(r))).toEqual([]);
    });

    it(`${game}: every section, paragraph and option has its text`, () => {
      for (const s of g.sections) {
        expect(has(en, `${g.short}.rules.${s.key}.title`), `${s.key}.title`).toBe(true);
        for (const i of s.items) expect(has(en, `${g.short}.rules.${s.key}.${i.key}`), `${s.key}.${i.key}`).toBe(true);
      }
      expect(has(en, `${g.short}.lead`)).toBe(true);
      for (const f of fields) expect(has(en, `${g.short}.options.${f.key}`), `options.${f.key}`).toBe(true);
      if (GAMES[game].responseWindow !== null) expect(has(en, `${g.short}.options.responseWindow`)).toBe(true);
      for (const key of Object.keys(g.optionRules).filter((k) => k !== 'responseWindow')) expect(has(en, `${g.short}.options.${key}`)).toBe(true);
    });

    it(`${game}: flags are off unless the table's creator turns them on (the page says so)`, () => {
      const defaults = GAMES[game].options.defaults as Record<string, unknown>;
      for (const f of fields.filter((x) => x.kind === 'flag')) expect(defaults[f.key], f.key).toBe(false);
    });
  }

  it('Stir Fry Eighteen: every card, Tofu included, has its text (from the table\'s own card texts)', () => {
    for (const c of SF_CARDS) expect(has(sfEn, `cards.${c}.text`), c).toBe(true);
  });

  it('Flip 7: the modifiers and every action card have their text', () => {
    // A modifier's text counts its points: plural forms.
    for (const key of ['plus_one', 'plus_other', 'x2', ...F7_ACTION_CARDS.map((a) => a.card)]) expect(has(en, `f7.cards.${key}`), key).toBe(true);
  });
});
