/**
 * Flip 7's cards as the table draws them (ui/games/flip-7/art.tsx, Card.tsx): every number in a
 * colour of its own that its numeral reads on, printed large; pictures for the modifiers and action
 * cards; and the marks the table's motion runs on (f7.css): a card flipped at the moment shown turns
 * over as it lands, a Flip 7 (F7-7) is celebrated across its line — at the table screen only.
 */
import { F7_DECK_COUNTS, type F7CardName, f7CardCode, f7CardKind } from '@parlor/rules';
import i18next, { type i18n } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en/f7.json' with { type: 'json' };
import { F7_NUMBER_COLOURS } from '../src/ui/games/flip-7/art.js';
import { Card, CardLine, type F7TableCards, F7TableCardsContext } from '../src/ui/games/flip-7/Card.js';
import { cardSpoken } from '../src/ui/games/flip-7/text.js';

let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', interpolation: { escapeValue: false }, resources: { en: { translation: { f7: en } } } });
});

const html = (el: ReturnType<typeof createElement>, table: F7TableCards | null = null) =>
  renderToStaticMarkup(createElement(I18nextProvider, { i18n }, table === null ? el : createElement(F7TableCardsContext.Provider, { value: table }, el)));

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (h: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const ALL_CARDS = Object.keys(F7_DECK_COUNTS).map((code) => code as F7CardName);

describe('the number cards', () => {
  it('thirteen colours, one per number, each reading at 4.5:1 or more on the card\'s cream', () => {
    expect(F7_NUMBER_COLOURS).toHaveLength(13);
    expect(new Set(F7_NUMBER_COLOURS).size).toBe(13);
    for (const c of F7_NUMBER_COLOURS) expect(contrast(c, '#fffaf0'), c).toBeGreaterThanOrEqual(4.5);
  });
  it('each card is drawn in its number\'s colour, its numeral printed large (colour is never the only sign)', () => {
    for (let n = 0; n <= 12; n++) {
      const markup = html(createElement(Card, { card: String(n) as F7CardName }));
      expect(markup, `${n}`).toContain(`fill="${F7_NUMBER_COLOURS[n]}"`);
      const sizes = [...markup.matchAll(new RegExp(`<text [^>]*font-size="(\\d+)"[^>]*>${n}</text>`, 'g'))].map((m) => Number(m[1]));
      // On a card 84 units tall: a numeral at least 30 high, and the corners' small indices.
      expect(Math.max(...sizes), `${n}`).toBeGreaterThanOrEqual(30);
      expect(sizes.filter((s) => s < 12), `${n}: two corner indices`).toHaveLength(2);
    }
  });
});

describe('every card', () => {
  it('has a picture of its own and keeps its spoken name', () => {
    const pictures = new Set<string>();
    for (const card of ALL_CARDS) {
      const markup = html(createElement(Card, { card }));
      const svg = /<svg class="f7-art[^"]*"[^>]*>.*<\/svg>/.exec(markup)?.[0] ?? '';
      expect(svg, card).toContain('aria-hidden="true"');
      pictures.add(svg);
      expect(markup, card).toContain(`<span class="visually-hidden">${cardSpoken(card, i18n.t).replace(/&/g, '&amp;')}</span>`);
      expect(markup, card).toContain(`f7-${f7CardKind(f7CardCode(card))}`);
    }
    expect(pictures.size).toBe(ALL_CARDS.length);
  });
});

describe('the marks the motion runs on', () => {
  const table = (over: Partial<F7TableCards> = {}): F7TableCards => ({ arrivals: [], flip7: null, focusKey: null, setFocusKey: () => {}, ...over });
  const line = (t: F7TableCards | null, cards: F7CardName[] = ['3', '7', '+4']) => html(createElement(CardLine, { cards, busted: false, label: 'Ann', round: 2, seat: 0 }), t);
  const turning = (markup: string) => [...markup.matchAll(/<li class="f7-card [^"]*is-turning[^"]*"[^>]*style="--f7-delay:(\d+)ms/g)].map((m) => Number(m[1]));

  it('the cards flipped at the moment shown turn as they land, one after another; the others do not', () => {
    const markup = line(table({ arrivals: [{ seat: 0, card: '7', order: 0 }, { seat: 0, card: '+4', order: 1 }, { seat: 1, card: '3', order: 2 }] }));
    // 7 and +4 arrived in this line (the 3 went to another seat's line): the second sets off 70 ms later.
    expect(turning(markup)).toEqual([0, 70]);
    expect(markup.match(/is-turning/g)).toHaveLength(2);
    expect(turning(line(table()))).toEqual([]);
  });
  it('a Flip 7 marks its line and scatters confetti over it, for the eyes only', () => {
    const markup = line(table({ flip7: 0 }));
    expect(markup).toMatch(/<ul class="f7-line is-flip7"/);
    expect(markup).toMatch(/<li class="f7-confetti" aria-hidden="true">(<span [^>]*><\/span>)+<\/li>/);
    expect(line(table({ flip7: 1 }))).not.toContain('is-flip7');
    expect(line(table({ flip7: 1 }))).not.toContain('f7-confetti');
  });
  it('nothing moves away from the table screen (the rules page, a replay)', () => {
    const markup = line(null);
    expect(markup).not.toContain('is-turning');
    expect(markup).not.toContain('--f7-');
  });
});
