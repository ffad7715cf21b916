/**
 * The Flip 7 table's Flip Threes (F7-10): the cards set aside while one resolves, in views of real
 * games played by the rules package. At the table screen each card still to give is a card with its
 * text (a Tab stop described by its tooltip); those given already are said in words with who got them.
 */
import { type F7Action, type F7State, type F7View, f7Apply, f7LegalActions, f7Start, f7ToAct, f7View } from '@parlor/rules';
import i18next, { type i18n } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en/f7.json' with { type: 'json' };
import { F7TableCardsContext } from '../src/ui/games/flip-7/Card.js';
import { FlipThrees } from '../src/ui/games/flip-7/FlipThrees.js';
import { cardLabel, cardSpoken } from '../src/ui/games/flip-7/text.js';

let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', interpolation: { escapeValue: false }, resources: { en: { translation: { f7: en } } } });
});

/** A small deterministic generator for the players' choices. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return (x >>> 0) / 2 ** 32; };
}

/** Every spectator's view of random games (always hitting, to meet Flip Threes often) in which a Flip Three has set-aside cards. */
function flipThreeViews(games: number): F7View[] {
  const found: F7View[] = [];
  for (let g = 0; g < games; g++) {
    const r = rng(g + 1);
    const started = f7Start({ players: 3 + (g % 4), seed: `flip-three-${g}`, options: { target: 200 } });
    if (!started.ok) throw new Error('setup');
    let s: F7State = started.value.state;
    for (let n = 0; n < 5000; n++) {
      const seat = f7ToAct(s)[0];
      if (seat === undefined) break;
      const legal = f7LegalActions(s, seat) as F7Action[];
      const hit = legal.find((a) => a.type === 'hit');
      const action = hit !== undefined && r() < 0.85 ? hit : legal[Math.floor(r() * legal.length)]!;
      const applied = f7Apply(s, seat, action);
      if (!applied.ok) throw new Error('refused');
      s = applied.state;
      const v = f7View(s, 'spectator');
      if (v.flipThrees.some((f) => f.setAside.length > 0)) found.push(v);
    }
  }
  return found;
}

const NAMES = ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Flo'];
const tableCards = { arrivals: [], flip7: null, focusKey: null, setFocusKey: () => {} };

function render(view: F7View, atTable: boolean): string {
  const inner = createElement(FlipThrees, { view, names: NAMES });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, atTable ? createElement(F7TableCardsContext.Provider, { value: tableCards }, inner) : inner));
}

const unescape = (x: string) => x.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** The cards in the markup, in order: their opening tag's attributes and their spoken name. */
function cardsIn(html: string): { attrs: string; spoken: string | undefined }[] {
  return html.split(/(?=<li [^>]*class="f7-card )/).slice(1).map((chunk) => {
    const spoken = /<span class="visually-hidden">([^<]*)<\/span>/.exec(chunk)?.[1];
    return { attrs: chunk.slice(0, chunk.indexOf('>')), spoken: spoken === undefined ? undefined : unescape(spoken) };
  });
}
/** The words of the cards given already. */
function givenIn(html: string): string[] {
  return [...html.matchAll(/<ul class="f7-given">(.*?)<\/ul>/g)].flatMap((m) => [...m[1]!.matchAll(/<li>(.*?)<\/li>/g)].map((x) => unescape(x[1]!)));
}

describe('cards set aside during a Flip Three (F7-10)', () => {
  const views = flipThreeViews(60);
  const mixed = views.filter((v) => v.flipThrees.some((f) => f.givenTo.length > 0 && f.givenTo.length < f.setAside.length));

  it('the games met them, some partly given', () => {
    expect(views.length).toBeGreaterThan(10);
    expect(mixed.length).toBeGreaterThan(0);
  });

  it('at the table each card still to give is a Tab stop described by its text; each one given is said with its receiver', () => {
    const t = i18n.getFixedT('en');
    for (const v of views) {
      const html = render(v, true);
      const waiting = v.flipThrees.flatMap((f) => f.setAside.filter((_, j) => f.givenTo[j] === undefined));
      const given = v.flipThrees.flatMap((f) => f.givenTo.map((to, j) => `${cardLabel(f.setAside[j]!, t)} → ${NAMES[to]}`));
      const cards = cardsIn(html);
      expect(cards.map((c) => c.spoken)).toEqual(waiting.map((c) => cardSpoken(c, t)));
      for (const c of cards) {
        expect(c.attrs, 'a set-aside card takes the keyboard').toMatch(/ tabindex="0"/);
        expect(c.attrs, 'described by its tooltip').toMatch(/ aria-describedby="[^"]+"/);
      }
      expect(givenIn(html)).toEqual(given);
    }
  });

  it('elsewhere (a replay, the rules) the same cards take no keyboard', () => {
    for (const v of mixed) {
      const cards = cardsIn(render(v, false));
      expect(cards.length).toBeGreaterThan(0);
      for (const c of cards) expect(c.attrs).not.toMatch(/tabindex/);
    }
  });
});
