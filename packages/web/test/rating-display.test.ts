import type { PlayedGame, RatingHistoryPoint, ServerMessage, TableSummary } from '@parlor/protocol';
import i18next, { type i18n } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enAccount from '../src/i18n/locales/en/account.json' with { type: 'json' };
import enCommon from '../src/i18n/locales/en/common.json' with { type: 'json' };
import itAccount from '../src/i18n/locales/it/account.json' with { type: 'json' };
import jaAccount from '../src/i18n/locales/ja/account.json' with { type: 'json' };
import jaCommon from '../src/i18n/locales/ja/common.json' with { type: 'json' };
import koAccount from '../src/i18n/locales/ko/account.json' with { type: 'json' };
import plAccount from '../src/i18n/locales/pl/account.json' with { type: 'json' };
import plCommon from '../src/i18n/locales/pl/common.json' with { type: 'json' };
import { type AppState, Store, type TableState, reduce } from '../src/state/store.js';
import { RatedResult } from '../src/ui/account/RatedResult.js';
import { changeText, changeWay, gamesToSettle, ratingText } from '../src/ui/account/rating-text.js';
import { type Services, ServicesContext } from '../src/ui/context.js';
import { GamesList } from '../src/ui/profile/GamesList.js';
import { RatingChart, chartPoints, startOf } from '../src/ui/profile/RatingChart.js';

// The display rating in the web client (docs/api.md, "Display rating"): "1434?" while provisional,
// a game's change signed ("+14", "−6"), on the end screen of a rated game (pushed by `game.rated`),
// in the history and on the profile's chart, in every language.

const ACCOUNT = { en: enAccount, it: itAccount, ja: jaAccount, ko: koAccount, pl: plAccount };
const COMMON: Record<string, unknown> = { en: enCommon, ja: jaCommon, pl: plCommon };
let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false },
    resources: Object.fromEntries(Object.entries(ACCOUNT).map(([lang, account]) => [lang, { translation: { ...(COMMON[lang] as object ?? {}), account } }])),
  });
});

function render(el: ReactElement, state: Partial<AppState> = {}): string {
  const store = new Store();
  store.update((s) => ({ ...s, ...state }));
  const services = { client: { token: null }, store, navigate: () => {} } as unknown as Services;
  return renderToStaticMarkup(createElement(ServicesContext.Provider, { value: services }, createElement(I18nextProvider, { i18n }, el)));
}
/** The text a reader sees, without the words kept for screen readers. */
const seen = (html: string) => html.replace(/<span class="visually-hidden">[^<]*<\/span>/g, '').replace(/<[^>]+>/g, '');

describe('how a display rating reads', () => {
  it('whole points, "?" while provisional, changes signed with a true minus', () => {
    expect(ratingText(1434, true)).toBe('1434?');
    expect(ratingText(1512, false)).toBe('1512');
    expect(ratingText(0, false)).toBe('0');
    expect(changeText(14)).toBe('+14');
    expect(changeText(-6)).toBe('\u22126');
    expect(changeText(0)).toBe('±0');
    expect([changeWay(3), changeWay(-1), changeWay(0)]).toEqual(['up', 'down', 'same']);
    expect([gamesToSettle(0), gamesToSettle(9), gamesToSettle(10), gamesToSettle(40)]).toEqual([10, 1, 0, 0]);
  });
});

const summary = (over: Partial<TableSummary> = {}): TableSummary => ({
  id: 't1', game: 'flip-7', options: {}, seats: [], status: 'finished', private: false, moveTimer: 0, responseWindow: null,
  rated: true, creator: { id: 'p-rita', name: 'Rita' }, gameNo: 1, spectators: 0, createdAt: '2026-01-01T00:00:00.000Z', ...over,
} as TableSummary);
const rated: Extract<ServerMessage, { type: 'game.rated' }> = {
  type: 'game.rated', tableId: 't1', gameNo: 1, game: 'flip-7',
  changes: [{ seat: 1, before: 1500, after: 1598, change: 98, provisional: true }, { seat: 0, before: 1500, after: 1434, change: -66, provisional: true }],
};

describe('game.rated in the store', () => {
  const start = reduce(new Store().get(), { type: 'table', table: summary({ status: 'running' }), invite: null, yourSeats: [0] });
  it('keeps the changes with the table, through the game\'s last snapshot and its table messages', () => {
    let s = reduce(start, rated);
    expect(s.tables.t1!.rated).toEqual({ gameNo: 1, changes: rated.changes });
    s = reduce(s, { type: 'game', tableId: 't1', gameNo: 1, seq: 9, seat: 0, events: [], outcome: { places: [2, 1], scores: [80, 200], winners: [1] } } as unknown as ServerMessage);
    s = reduce(s, { type: 'table', table: summary(), invite: null, yourSeats: [0] });
    expect(s.tables.t1!.rated?.changes).toEqual(rated.changes);
    // The next game (play again) starts without them.
    s = reduce(s, { type: 'table', table: summary({ gameNo: 2, status: 'running' }), invite: null, yourSeats: [0] });
    expect(s.tables.t1!.rated).toBeUndefined();
  });
  it('is ignored for a table not known', () => {
    expect(reduce(start, { ...rated, tableId: 'other' })).toBe(start);
  });
});

describe('the end screen of a rated game', () => {
  const table = (over: Partial<TableState> = {}): TableState => ({
    summary: summary(), invite: null, yourSeats: [0], games: {}, log: [], chat: [], rated: { gameNo: 1, changes: rated.changes }, ...over,
  });
  const names = ['Rita', 'Bruno'];

  it.each(['en', 'pl', 'ja'] as const)('shows each account\'s figure and change, the viewer first, provisional explained (%s)', async (lang) => {
    await i18n.changeLanguage(lang);
    const a = ACCOUNT[lang];
    const you = (COMMON[lang] as { table: { you: string } }).table.you;
    const html = render(createElement(RatedResult, { table: table(), gameNo: 1, names, me: 0 }));
    expect(html).toContain(`>${a.rated.result}</h3>`);
    const text = seen(html);
    // Rita (the viewer, seat 0) first: 1434? and −66; then Bruno: 1598? and +98.
    expect(text.indexOf('Rita')).toBeLessThan(text.indexOf('Bruno'));
    expect(text).toMatch(/Rita.*1434\?.*\u221266.*Bruno.*1598\?.*\+98/);
    expect(text).toContain(`Rita (${you})`);
    expect(text).not.toContain(`Bruno (${you})`);
    expect(html).toContain(`>${a.rating.provisional}</span>`);
    expect(html).toContain(a.rating.provisionalHelp);
    // A screen reader hears the figure and the change in words.
    expect(html).toContain(a.rating.labelProvisional.replace('{{rating}}', '1434'));
  });

  it('says the change in words with the right plural (Polish)', async () => {
    await i18n.changeLanguage('pl');
    const one = render(createElement(RatedResult, { table: table({ rated: { gameNo: 1, changes: [{ seat: 0, before: 1500, after: 1501, change: 1, provisional: false }] } }), gameNo: 1, names, me: 0 }));
    expect(one).toContain('w górę o 1 punkt<');
    const few = render(createElement(RatedResult, { table: table({ rated: { gameNo: 1, changes: [{ seat: 0, before: 1500, after: 1497, change: -3, provisional: false }] } }), gameNo: 1, names, me: 0 }));
    expect(few).toContain('w dół o 3 punkty<');
    const many = render(createElement(RatedResult, { table: table({ rated: { gameNo: 1, changes: [{ seat: 0, before: 1500, after: 1566, change: 66, provisional: false }] } }), gameNo: 1, names, me: 0 }));
    expect(many).toContain('w górę o 66 punktów<');
    // Settled: no "?" and no provisional word.
    expect(seen(many)).toContain('1566');
    expect(seen(many)).not.toContain('1566?');
    expect(many).not.toContain(plAccount.rating.provisionalHelp);
  });

  it('shows nothing at an unrated table, for another game, or before the figures are known', async () => {
    await i18n.changeLanguage('en');
    expect(render(createElement(RatedResult, { table: table({ summary: summary({ rated: false }) }), gameNo: 1, names, me: 0 }))).toBe('');
    expect(render(createElement(RatedResult, { table: table(), gameNo: 2, names, me: 0 }))).toBe('');
    expect(render(createElement(RatedResult, { table: table({ rated: undefined }), gameNo: 1, names, me: 0 }))).toBe('');
  });
});

describe('the history and the chart', () => {
  const games: PlayedGame[] = [
    { tableId: 't2', gameNo: 1, game: 'flip-7', finishedAt: '2026-01-02T10:00:00.000Z', seat: 0, players: 2, place: 1, score: 200, won: true, rated: true,
      ratingChange: { before: 1434, after: 1487, change: 53, provisional: true } },
    { tableId: 't3', gameNo: 1, game: 'flip-7', finishedAt: '2026-01-01T10:00:00.000Z', seat: 0, players: 2, place: 2, score: 50, won: false, rated: false },
  ];
  it('a rated game in the history shows the figure after it and its change; an unrated one neither', async () => {
    await i18n.changeLanguage('ja');
    const html = render(createElement(GamesList, { games, labelledBy: 'h' }));
    const [first, second] = html.split('</li>');
    expect(seen(first!)).toContain('1487?');
    expect(seen(first!)).toContain('+53');
    expect(first).toContain(jaAccount.rating.up_other.replace('{{count}}', '53'));
    expect(second).not.toContain('rating-change');
  });

  const history: RatingHistoryPoint[] = [
    { at: '2026-01-01T10:00:00.000Z', rating: -2.19, display: 1434, change: -66, provisional: true, tableId: 't1', gameNo: 1 },
    { at: '2026-01-02T10:00:00.000Z', rating: -0.43, display: 1487, change: 53, provisional: true, tableId: 't2', gameNo: 1 },
  ];
  it('starts the chart at the figure before the first game (1500), one point a game', () => {
    expect(startOf(history)).toBe(1500);
    expect(startOf([])).toBe(1500);
    expect(chartPoints(history.map((h) => h.display), startOf(history)).map((p) => p.rating)).toEqual([1500, 1434, 1487]);
  });
  it('shows the last change beside its point and each game\'s figure and change in its tooltip (Polish)', async () => {
    await i18n.changeLanguage('pl');
    const html = render(createElement(RatingChart, { history, game: 'Flip 7' }));
    expect(html).toContain('>+53</text>');
    expect(html).toContain(': 1434? (\u221266)</title>');
    expect(html).toContain(': 1487? (+53)</title>');
    const label = /aria-label="([^"]*)"/.exec(html)![1]!;
    expect(label).toContain('od 1500 do 1487');
    expect(label).toContain(plAccount.profile.chartLastChange.replace('{{change}}', '+53'));
  });
});
