/**
 * Colour is never all that tells two cards apart: in every language, each card kind of both games
 * is named in words of its own (what a screen reader reads, and what the card prints), so that two
 * kinds whose colours look alike — to anyone, or under protanopia or deuteranopia — still differ;
 * and the check the browser test runs on the cards' faces (e2e/support/faces.ts) finds a shared name
 * or label when there is one.
 */
import { F7_DECK_COUNTS, type F7CardName, SF_CARDS, sfCardValue } from '@parlor/rules';
import i18next, { type TFunction } from 'i18next';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardLabel, cardSpoken } from '../src/ui/games/flip-7/text.js';
import { faceProblems } from './e2e/support/faces.js';
import { LANGS } from './locale-files.js';

const dir = resolve(import.meta.dirname, '../src/i18n/locales');
const F7_CARDS = Object.keys(F7_DECK_COUNTS) as F7CardName[];
/** The languages present now, with both games' files. */
const present = LANGS.filter((l) => existsSync(join(dir, l, 'f7.json')) && existsSync(join(dir, l, 'sf.json')));
const read = (lang: string, file: string): unknown => JSON.parse(readFileSync(join(dir, lang, file), 'utf8'));

const ts = new Map<string, TFunction>();
beforeAll(async () => {
  for (const lang of present) {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, fallbackLng: 'en', interpolation: { escapeValue: false }, resources: {
      [lang]: { translation: { f7: read(lang, 'f7.json'), sf: read(lang, 'sf.json') } },
      en: { translation: { f7: read('en', 'f7.json'), sf: read('en', 'sf.json') } },
    } });
    ts.set(lang, i18n.t);
  }
});

/** The entries of `words` that another entry shares (empty: all differ). */
function shared(words: Record<string, string>): string[] {
  const seen = new Map<string, string>();
  const out: string[] = [];
  for (const [kind, w] of Object.entries(words)) {
    const other = seen.get(w.trim().toLowerCase());
    if (other !== undefined) out.push(`${other} and ${kind}: "${w}"`);
    else seen.set(w.trim().toLowerCase(), kind);
  }
  return out;
}

describe.each(present)('the cards\' words in %s', (lang) => {
  it('Flip 7: each of the 22 kinds has a spoken name and a printed label of its own', () => {
    const t = ts.get(lang)!;
    expect(F7_CARDS).toHaveLength(22);
    expect(shared(Object.fromEntries(F7_CARDS.map((c) => [c, cardSpoken(c, t)])))).toEqual([]);
    expect(shared(Object.fromEntries(F7_CARDS.map((c) => [c, cardLabel(c, t)])))).toEqual([]);
  });

  it('Stir Fry Eighteen: each ingredient has a name of its own, and its label names it', () => {
    const t = ts.get(lang)!;
    const names = Object.fromEntries(SF_CARDS.map((c) => [c, t(`sf.cards.${c}.name`)]));
    expect(shared(names)).toEqual([]);
    const labels = Object.fromEntries(SF_CARDS.map((c) => [c, t('sf.cardLabel', { name: names[c], count: sfCardValue(c, [c]) })]));
    expect(shared(labels)).toEqual([]);
    for (const c of SF_CARDS) expect(labels[c]).toContain(names[c]);
  });
});

describe('faceProblems', () => {
  const face = (kind: string, name: string, label: string) => ({ kind, name, label });
  it('finds nothing when every kind has its own name and label, the same for each card of a kind', () => {
    expect(faceProblems([face('7', 'listitem: number 7', '7 7'), face('8', 'listitem: number 8', '8 8'), face('7', 'listitem: number 7', '7 7')])).toEqual([]);
  });
  it('finds two kinds told apart by colour alone: one name, or one visible label', () => {
    expect(faceProblems([face('shrimp', 'img "Prawn, 4 points"', 'Prawn 4'), face('pork', 'img "Prawn, 4 points"', 'Pork 4')]))
      .toEqual(['shrimp and pork have one accessible name: "img "Prawn, 4 points""']);
    expect(faceProblems([face('7', 'listitem: number 7', '7'), face('p7', 'listitem: plus 7', '7')]))
      .toEqual(['7 and p7 have one visible label: "7"']);
  });
  it('finds a card with no words, and one kind shown two ways', () => {
    expect(faceProblems([face('x2', '', '×2')])).toEqual(['x2: no accessible name']);
    expect(faceProblems([face('x2', 'listitem: times two', '')])).toEqual(['x2: no visible label']);
    expect(faceProblems([face('5', 'listitem: number 5', '5'), face('5', 'listitem: number 5', '5 5')]))
      .toEqual(['5 shown two ways: "listitem: number 5" / "listitem: number 5", "5" / "5 5"']);
  });
});
