import type { GameSnapshot } from '@parlor/protocol';
import {
  type SfAction, type SfCard, type SfEvent, type SfState, type SfView, SF_CARDS, sfApply, sfCardValue, sfLegalActions, sfStart, sfToAct,
} from '@parlor/rules';
import i18next, { type i18n } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enSf from '../src/i18n/locales/en/sf.json' with { type: 'json' };
import jaSf from '../src/i18n/locales/ja/sf.json' with { type: 'json' };
import plSf from '../src/i18n/locales/pl/sf.json' with { type: 'json' };
import { HandCard } from '../src/ui/games/stir-fry-eighteen/Card.js';
import { sfBonuses, widestWordEm } from '../src/ui/games/stir-fry-eighteen/card-face.js';
import { formatSfEvent, type LogContext, sfSaidEvents } from '../src/ui/games/stir-fry-eighteen/format.js';
import { MAX_WAITING, paceAdvance, paceArrive, paceDue, sfMomentOf } from '../src/ui/games/stir-fry-eighteen/pace.js';
import { sfScoreHistory, sfStartScores } from '../src/ui/games/stir-fry-eighteen/score-history.js';
import { TableCenter } from '../src/ui/games/stir-fry-eighteen/TableCenter.js';

// Issue 11 for the Stir Fry Eighteen table: what its pure parts and its components promise.

let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false },
    resources: { en: { translation: { sf: enSf } }, ja: { translation: { sf: jaSf } }, pl: { translation: { sf: plSf } } },
  });
});

const render = (el: ReactElement) => renderToStaticMarkup(createElement(I18nextProvider, { i18n }, el));
const ctx = (): LogContext => ({
  t: (k, p) => String(i18n.t(k, p as never)),
  name: (s) => ['Ann', 'Bob', 'Cy'][s] ?? `#${s}`,
  cards: (cs) => cs.map((c) => i18n.t(`sf.cards.${c}.name`)).join(', '),
  claim: (c) => i18n.t(`sf.claims.${c}`),
});

/** A whole game played by a simple policy from a seed: every seat's answers, cooks when it can, else declares or ends. */
function playGame(seed: string, players = 3): { events: SfEvent[]; turnEnds: number[][]; final: SfState } {
  const started = sfStart({ players, seed, options: { target: 50 } });
  if (!started.ok) throw new Error('setup refused');
  let s = started.value.state;
  const events: SfEvent[] = [...started.value.events];
  const turnEnds: number[][] = [];
  let n = 0;
  for (let guard = 0; guard < 5000 && s.phase !== 'over'; guard++) {
    const seat = sfToAct(s)[0]!;
    const legal = sfLegalActions(s, seat) as SfAction[];
    n++;
    // Varied but deterministic: cook the first dish offered, else alternate the rest.
    const cook = legal.find((a) => a.type === 'cook');
    const pick = cook ?? legal[(n * 7 + seed.length) % legal.length]!;
    const r = sfApply(s, seat, pick);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(pick)}`);
    s = r.state;
    for (const e of r.events) {
      events.push(e);
      if (e.type === 'turn-end') turnEnds.push(s.scores.slice());
    }
  }
  return { events, turnEnds, final: s };
}

describe('the log says "the cards go back into the pile" once per return of cards (issue 11: logged twice after every cook)', () => {
  it('after a cook with nothing put down later, the turn-end reshuffle (SF-25) is not said again; a reshuffle after cards were put down is', () => {
    const e = (x: object) => x as SfEvent;
    const turn: SfEvent[] = [
      e({ type: 'turn-start', player: 0, turn: 1 }),
      e({ type: 'declare', player: 0, kind: 'pair', claim: null }),
      e({ type: 'cook', player: 0, cards: ['noodles', 'shrimp', 'ginger'], values: [1, 9, 2], points: 12, score: 12, bounced: false }),
      e({ type: 'shuffle', drawPileSize: 10 }), // SF-22: the dish and the pair go back
      e({ type: 'shuffle', drawPileSize: 10 }), // SF-25: nothing new
      e({ type: 'turn-end', player: 0 }),
      e({ type: 'turn-start', player: 1, turn: 2 }),
      e({ type: 'cook', player: 1, cards: ['noodles', 'pork', 'mushroom'], values: [1, 8, 2], points: 11, score: 11, bounced: false }),
      e({ type: 'shuffle', drawPileSize: 11 }),
      e({ type: 'discard-down', player: 1, count: 1 }),
      e({ type: 'shuffle', drawPileSize: 12 }), // the discard-down's card goes back: said
      e({ type: 'turn-end', player: 1 }),
      e({ type: 'turn-start', player: 2, turn: 3 }),
      e({ type: 'shuffle', drawPileSize: 12 }), // a turn that put nothing down
      e({ type: 'turn-end', player: 2 }),
    ];
    const said = sfSaidEvents(turn);
    const shuffles = turn.map((x, i) => (x.type === 'shuffle' ? said[i] : null)).filter((x) => x !== null);
    expect(shuffles).toEqual([true, false, true, true, false]);
    // Every other event keeps its line.
    turn.forEach((x, i) => { if (x.type !== 'shuffle') expect(said[i]).toBe(true); });
  });

  it('in whole games: never two reshuffle lines without a card put down between them, and one after every cook', () => {
    for (const seed of ['a', 'bb', 'ccc', 'dddd']) {
      const { events } = playGame(seed);
      const said = sfSaidEvents(events);
      let since = 0;
      let lastSaid = false;
      events.forEach((x, i) => {
        if (x.type === 'declare' || x.type === 'cook' || x.type === 'discard-down' || x.type === 'tester-discards-hand') since++;
        if (x.type !== 'shuffle') return;
        if (said[i]) {
          expect(since > 0 || !lastSaid, `seed ${seed}: event ${i} said twice`).toBe(true);
          lastSaid = true;
          since = 0;
        }
        if (i > 0 && events[i - 1]!.type === 'cook') expect(said[i], `seed ${seed}: the reshuffle after the dish at ${i}`).toBe(true);
      });
      expect(events.some((x) => x.type === 'cook'), `seed ${seed} cooks`).toBe(true);
    }
  });
});

describe('plurals: "1 point", never "1 points" (issue 11)', () => {
  it('log lines, the hand card\'s name and the dish line follow the count', () => {
    const c = ctx();
    const cook = (points: number) => ({ type: 'cook', player: 0, cards: ['noodles', 'soy-sauce', 'mushroom'], values: [], points, score: points, bounced: false }) as unknown as SfEvent;
    expect(formatSfEvent(cook(1), c)).toBe('Ann cooks Noodles, Soy Sauce, Mushroom for 1 point (now 1).');
    expect(formatSfEvent(cook(4), c)).toBe('Ann cooks Noodles, Soy Sauce, Mushroom for 4 points (now 4).');
    const lose = { type: 'tester-loses-points', player: 1, points: 5, score: -5 } as unknown as SfEvent;
    expect(formatSfEvent(lose, c)).toBe('Bob has no cards and loses 5 points (now -5).');
    const noodles = render(createElement(HandCard, { card: 'noodles', selected: false, disabled: true, fresh: false, travelId: 'n', onToggle: () => undefined }));
    expect(noodles).toContain('aria-label="Noodles, 1 point"');
    expect(i18n.t('sf.table.dishBy', { name: 'Ann', count: 1 })).toBe('Ann: 1 point');
    expect(i18n.t('sf.actions.cook', { count: 1 })).toBe('Cook (1 point)');
  });

  it('Polish has its forms (punkt, punkty, punktów)', async () => {
    await i18n.changeLanguage('pl');
    try {
      expect(i18n.t('sf.cardLabel', { name: 'Tofu', count: 1 })).toBe('Tofu, 1 punkt');
      expect(i18n.t('sf.cardLabel', { name: 'Tofu', count: 3 })).toBe('Tofu, 3 punkty');
      expect(i18n.t('sf.cardLabel', { name: 'Tofu', count: 7 })).toBe('Tofu, 7 punktów');
    } finally { await i18n.changeLanguage('en'); }
  });
});

describe('hand cards: the accessible name starts with the text shown (axe label-content-name-mismatch)', () => {
  it('every card, in English, Japanese and Polish', async () => {
    for (const lng of ['en', 'ja', 'pl']) {
      await i18n.changeLanguage(lng);
      for (const card of SF_CARDS) {
        const html = render(createElement(HandCard, { card, selected: false, disabled: false, fresh: false, travelId: card, onToggle: () => undefined }));
        const button = /<button[^>]*aria-label="([^"]*)"[^>]*>([\s\S]*?)<\/button>/.exec(html)!;
        const visible = button[2]!.replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<[^>]+>/g, '').trim();
        expect(visible, `${lng} ${card}`).toBe(i18n.t(`sf.cards.${card}.name`));
        expect(button[1]!.startsWith(visible), `${lng} ${card}: "${button[1]}" vs "${visible}"`).toBe(true);
      }
    }
    await i18n.changeLanguage('en');
  });
});

describe('a cooked card shows one value on the table and in "Last dish" (issue 11: Chicken 3 vs Chicken 5)', () => {
  it('a dish left on the table (the game ended on it, SF-27) and the Last dish say the same values, the dish values of SF-2', () => {
    const cards: SfCard[] = ['chicken', 'green-onion', 'noodles'];
    const values = cards.map((c) => sfCardValue(c, cards));
    expect(values).toEqual([5, 3, 1]); // SF-2: Chicken with Green Onion is 5
    const view = {
      players: 2, viewer: 1, declaration: null, drawPileSize: 9,
      putDown: [{ by: 0, why: 'dish', count: 3, open: true, cards }],
    } as unknown as SfView;
    const cook = { seq: 5, event: { type: 'cook', player: 0, cards, values, points: 9, score: 50, bounced: false } } as const;
    const html = render(createElement(TableCenter, {
      view, names: ['Ann', 'Bob'], me: 1, claims: [], lastReveal: null, lastDish: cook as never, moment: null,
    }));
    const labels = [...html.matchAll(/aria-label="(Chicken|Green Onion|Noodles), (\d+) points?"/g)].map((m) => `${m[1]} ${m[2]}`);
    // Three on the table, three in Last dish: the same.
    expect(labels).toEqual(['Chicken 5', 'Green Onion 3', 'Noodles 1', 'Chicken 5', 'Green Onion 3', 'Noodles 1']);
    expect(html).toContain('Ann: 9 points');
  });
});

describe('the score chart\'s history (sfScoreHistory): every chef\'s score after every turn', () => {
  it('equals the game\'s scores at each turn\'s end, and the final scores at the end', () => {
    for (const seed of ['x', 'yy']) {
      const { events, turnEnds, final } = playGame(seed);
      const history = sfScoreHistory(events, 3, 50);
      expect(history[0]).toEqual({ turn: 0, player: null, scores: [0, 0, 0] });
      // One point per ended turn, plus the turn the game ended in (SF-27 ends it without a turn-end).
      const marks = events.filter((e) => e.type === 'turn-end' || e.type === 'turn-start');
      const endedMidTurn = marks[marks.length - 1]!.type === 'turn-start';
      expect(history.length).toBe(1 + turnEnds.length + (endedMidTurn ? 1 : 0));
      turnEnds.forEach((scores, i) => expect(history[i + 1]!.scores).toEqual(scores));
      expect(history[history.length - 1]!.scores).toEqual(final.scores);
      expect(history.map((p) => p.turn)).toEqual(history.map((_, i) => i));
    }
  });
});

describe('the score chart\'s start (sfStartScores): the scores the events begin at', () => {
  it('reads each chef\'s score before their first scoring event: a dish (SF-21), a bounce off the target (SF-29), a tester\'s loss (SF-17)', () => {
    const events = [
      { type: 'turn-start', player: 0, turn: 7 },
      // 44 + 9 = 53 is past 50: bounced to 47 (SF-29).
      { type: 'cook', player: 0, cards: [], values: [], points: 9, score: 47, bounced: true },
      { type: 'turn-end', player: 0 },
      { type: 'turn-start', player: 1, turn: 8 },
      { type: 'tester-loses-points', player: 2, points: 5, score: 15 },
      { type: 'cook', player: 1, cards: [], values: [], points: 12, score: 50, bounced: false },
      { type: 'game-over', reason: 'target', winners: [1], scores: [47, 50, 15, 33], hands: [[], [], [], []], removed: null },
    ] as unknown as SfEvent[];
    expect(sfStartScores(events, 4, 50)).toEqual([44, 38, 20, 33]);
    const history = sfScoreHistory(events, 4, 50);
    expect(history.map((p) => p.scores)).toEqual([[44, 38, 20, 33], [47, 38, 20, 33], [47, 50, 15, 33]]);
    expect(history.map((p) => p.turn)).toEqual([0, 7, 8]);
  });
});

describe('card faces (SF-2, read from the rules\' scoring)', () => {
  it('each card\'s bonuses are SF-2\'s, smallest partner sets only', () => {
    const show = (c: SfCard) => sfBonuses(c).map((b) => `${b.anyOf.map((s) => s.join('+')).join('/')}=${b.value}`);
    expect(show('shrimp')).toEqual(['ginger=9', 'ginger+soy-sauce=11']);
    expect(show('pork')).toEqual(['mushroom=8']);
    expect(show('chicken')).toEqual(['green-onion=5', 'ginger+green-onion=7']);
    expect(show('ginger')).toEqual(['pork=4']);
    expect(show('green-onion')).toEqual(['shrimp=5']);
    expect(show('mushroom')).toEqual(['chicken=3']);
    expect(show('soy-sauce')).toEqual(['green-onion=2', 'ginger=3']);
    expect(show('noodles')).toEqual([]);
    // Tofu: any meat is −5 (wins over the bonus), Soy Sauce with Ginger 10.
    expect(show('tofu')).toEqual(['shrimp/pork/chicken=-5', 'ginger+soy-sauce=10']);
  });

  it('names are measured by their widest word (names wrap only between words)', () => {
    // No canvas here: the estimate. A long single word is wider than a short one; a two-word name counts its widest word.
    expect(widestWordEm('Wieprzowina')).toBeGreaterThan(widestWordEm('Tofu'));
    expect(widestWordEm('Green Onion')).toBe(widestWordEm('Onion'));
    expect(widestWordEm('醤油')).toBeCloseTo(2, 5);
  });
});

describe('pace: a declaration, a reveal or a dish is held before the next move shows (issue 11 item 4)', () => {
  const snap = (seq: number, events: object[] = [], over: Partial<GameSnapshot> = {}): GameSnapshot =>
    ({ gameNo: 1, seq, events, legal: [], outcome: null, moveSeat: 1, by: 'bot', ...over }) as unknown as GameSnapshot;
  it('a bot\'s moves after a declaration wait for its hold; what asks me, or my own move, shows at once', () => {
    let s = paceArrive(null, snap(1, [{ type: 'declare' }]), 0, 1000);
    expect(sfMomentOf(s.shown.events)).toBe('declare');
    s = paceArrive(s, snap(2, [{ type: 'trust' }]), 0, 1100);
    s = paceArrive(s, snap(3, [{ type: 'cook' }]), 0, 1200);
    expect(s.shown.seq).toBe(1);
    expect(s.queue.map((x) => x.seq)).toEqual([2, 3]);
    expect(paceDue(s, 'normal')).toBe(1000 + 1200);
    expect(paceDue(s, 'relaxed')).toBeGreaterThan(paceDue(s, 'normal')!);
    expect(paceDue(s, 'fast')).toBeLessThan(paceDue(s, 'normal')!);
    s = paceAdvance(s, 2200);
    expect(s.shown.seq).toBe(2);
    // The trust holds nothing: the dish is due at once.
    expect(paceDue(s, 'normal')).toBe(2200);
    // A snapshot that asks me something shows at once, the queue dropped.
    const asks = paceArrive(s, snap(4, [], { legal: [{ type: 'trust' }] as never }), 0, 2300);
    expect(asks.shown.seq).toBe(4);
    expect(asks.queue).toEqual([]);
    // My own move shows at once.
    const mine = paceArrive(paceArrive(null, snap(1, [{ type: 'declare' }]), 0, 0), snap(2, [], { moveSeat: 0, by: 'player' }), 0, 10);
    expect(mine.shown.seq).toBe(2);
    // Too many waiting: jump to the latest.
    let many = paceArrive(null, snap(1, [{ type: 'cook' }]), 0, 0);
    for (let q = 2; q <= MAX_WAITING + 2; q++) many = paceArrive(many, snap(q, [{ type: 'declare' }]), 0, q);
    expect(many.shown.seq).toBe(MAX_WAITING + 2);
    // A hidden page never waits.
    expect(paceArrive(paceArrive(null, snap(1, [{ type: 'cook' }]), 0, 0), snap(2), 0, 1, true).shown.seq).toBe(2);
  });
});
