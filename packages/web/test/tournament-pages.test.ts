import type { TournamentDetail, TournamentGame, TournamentPlayer } from '@parlor/protocol';
import i18next, { type i18n } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enAccount from '../src/i18n/locales/en/account.json' with { type: 'json' };
import enCommon from '../src/i18n/locales/en/common.json' with { type: 'json' };
import enTournament from '../src/i18n/locales/en/tournament.json' with { type: 'json' };
import jaCommon from '../src/i18n/locales/ja/common.json' with { type: 'json' };
import jaTournament from '../src/i18n/locales/ja/tournament.json' with { type: 'json' };
import plCommon from '../src/i18n/locales/pl/common.json' with { type: 'json' };
import plTournament from '../src/i18n/locales/pl/tournament.json' with { type: 'json' };
import { Store } from '../src/state/store.js';
import { type Services, ServicesContext } from '../src/ui/context.js';
import { formatText } from '../src/ui/tournament/Facts.js';
import { COUNTDOWN_FROM_MS, clockText, momentText, tickMs, tournamentMoment } from '../src/ui/tournament/moment.js';
import { type TournamentForm, formRequest, localInputValue } from '../src/ui/tournament/request.js';
import { entryOf, gameRows, myTable, podium, pointsText, standingRows } from '../src/ui/tournament/standings.js';
import { Detail } from '../src/ui/tournament/TournamentPage.js';

// The tournament pages' own logic (ui/tournament): where a tournament stands in words (a countdown
// to its start or its end, a Swiss round), its standings' rows, where you stand in it, its games,
// and the create form's request and checks; and the page's standings as they render.

let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en', fallbackLng: false, interpolation: { escapeValue: false },
    resources: {
      en: { translation: { ...enCommon, account: enAccount, tournament: enTournament } },
      ja: { translation: { ...jaCommon, tournament: jaTournament } },
      pl: { translation: { ...plCommon, tournament: plTournament } },
    },
  });
});
const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts) as string;

const T0 = Date.parse('2026-12-24T18:00:00.000Z');
const base: TournamentDetail = {
  id: 'tn1', name: 'Winter Arena', game: 'flip-7', format: 'arena', status: 'upcoming', startsAt: new Date(T0).toISOString(),
  endsAt: new Date(T0 + 30 * 60_000).toISOString(), minutes: 30, rounds: null, roundMinutes: null, round: 0, seats: 2, options: {},
  moveTimer: 60, responseWindow: null, rated: false, private: false, minPlayers: 2, fillWithBots: false, playerCount: 0,
  createdBy: 'Rita', finishedAt: null, players: [], games: [], invite: null,
};
/** A game as the server sends it (its finish time, where the protocol has one, left empty). */
const game = (g: Omit<TournamentGame, 'finishedAt'>): TournamentGame => ({ finishedAt: null, ...g }) as TournamentGame;
const player = (over: Partial<TournamentPlayer> & { id: string }): TournamentPlayer => ({
  name: over.id, points: 0, rank: 1, games: 0, wins: 0, streak: 0, buchholz: null, active: true, bot: false, tableId: null, ...over,
});

describe('where a tournament stands, in words', () => {
  it('reads a time left as a clock, rounded up to the second', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(1)).toBe('0:01');
    expect(clockText(9_000)).toBe('0:09');
    expect(clockText(5 * 60_000 + 9_400)).toBe('5:10');
    expect(clockText(3_600_000 + 5 * 60_000 + 9_000)).toBe('1:05:09');
    expect(clockText(-5)).toBe('0:00');
  });

  it('counts down to the start, then to an arena\'s end; after it, the last games finish', () => {
    expect(tournamentMoment(base, T0 - 272_000)).toEqual({ kind: 'starts', ms: 272_000 });
    expect(tournamentMoment(base, T0 + 5_000)).toEqual({ kind: 'starts', ms: 0 });
    const running = { ...base, status: 'running' as const };
    expect(tournamentMoment(running, T0 + 60_000)).toEqual({ kind: 'ends', ms: 29 * 60_000 });
    expect(tournamentMoment(running, T0 + 30 * 60_000)).toEqual({ kind: 'closing' });
    expect(tournamentMoment({ ...base, status: 'finished' }, T0)).toEqual({ kind: 'finished' });
    expect(tournamentMoment({ ...base, status: 'cancelled' }, T0)).toEqual({ kind: 'cancelled' });
  });

  it('a Swiss event says its round: the first before it is paired, never beyond the last', () => {
    const swiss = { ...base, format: 'swiss' as const, status: 'running' as const, endsAt: null, minutes: null, rounds: 5, roundMinutes: 20 };
    expect(tournamentMoment({ ...swiss, round: 0 }, T0)).toEqual({ kind: 'round', round: 1, rounds: 5 });
    expect(tournamentMoment({ ...swiss, round: 3 }, T0)).toEqual({ kind: 'round', round: 3, rounds: 5 });
    expect(momentText(tournamentMoment({ ...swiss, round: 3 }, T0), swiss.startsAt, t, 'en')).toBe('Round 3 of 5');
  });

  it('in English, and in other languages with their own words', () => {
    const at = (ms: number, status: TournamentDetail['status'] = 'upcoming') => momentText(tournamentMoment({ ...base, status }, ms), base.startsAt, t, 'en');
    expect(at(T0 - 272_000)).toBe('Starts in 4:32');
    expect(at(T0)).toBe('Starting now');
    expect(at(T0 + 18 * 60_000, 'running')).toBe('Running — ends in 12:00');
    expect(at(T0 + 31 * 60_000, 'running')).toBe('Time is up — the last games are finishing');
    expect(at(T0, 'finished')).toBe('Finished');
    // More than a day ahead: the date and time, not a countdown (which then changes once a minute).
    const far = tournamentMoment(base, T0 - COUNTDOWN_FROM_MS - 60_000);
    expect(momentText(far, base.startsAt, t, 'en')).toMatch(/^Starts \S/);
    expect(momentText(far, base.startsAt, t, 'en')).not.toContain(':00:');
    expect(tickMs(far)).toBe(60_000);
    expect(tickMs(tournamentMoment(base, T0 - 1000))).toBe(1000);
    expect(tickMs({ kind: 'finished' })).toBeNull();
    void i18n.changeLanguage('ja');
    expect(momentText(tournamentMoment(base, T0 - 272_000), base.startsAt, t, 'ja')).toBe('開始まで4:32');
    expect(formatText(base, t)).toBe('アリーナ・30分');
    void i18n.changeLanguage('pl');
    expect(formatText({ format: 'swiss', minutes: null, rounds: 5 }, t)).toBe('System szwajcarski · 5 rund');
    expect(formatText({ format: 'swiss', minutes: null, rounds: 3 }, t)).toBe('System szwajcarski · 3 rundy');
    expect(t('tournament.players', { count: 22 })).toBe('22 gracze');
    void i18n.changeLanguage('en');
    expect(formatText(base, t)).toBe('Arena · 30 min');
  });
});

describe('the standings', () => {
  const arena: TournamentDetail = {
    ...base, status: 'running', playerCount: 3,
    players: [
      player({ id: 'p-ann', name: 'Ann', points: 11, rank: 1, games: 3, wins: 3, streak: 3, tableId: 'tb2' }),
      player({ id: 'p-bob', name: 'Bob', points: 3, rank: 2, games: 3, wins: 1, streak: 2, bot: true }),
      player({ id: 'p-cy', name: 'Cy', points: 3, rank: 2, games: 2, wins: 0, streak: 0, active: false, tableId: 'tb1' }),
    ],
    games: [
      game({ tableId: 'tb2', players: ['Ann', 'basic bot'], finished: false, round: 0, startedAt: base.startsAt, places: null }),
      game({ tableId: 'tb1', players: ['Cy', 'Ann', 'Bob'], finished: true, round: 0, startedAt: base.startsAt, places: [3, 1, 2] }),
    ],
  };

  it('rows in the server\'s order, shared ranks kept; an arena marks a streak of two or more (the next win doubles)', () => {
    const rows = standingRows(arena, 'p-bob', 'en');
    expect(rows.map((r) => [r.rank, r.name, r.points, r.streak, r.hot, r.buchholz, r.me, r.bot, r.active])).toEqual([
      [1, 'Ann', '11', 3, true, null, false, false, true],
      [2, 'Bob', '3', 2, true, null, true, true, true],
      [2, 'Cy', '3', 0, false, null, false, false, false],
    ]);
  });

  it('a Swiss event\'s fractions to two places, with Buchholz and no streak', () => {
    const swiss = { ...arena, format: 'swiss' as const, players: [player({ id: 'p-d', points: 2 / 3, buchholz: 3.5, streak: 1 })] };
    expect(standingRows(swiss, null, 'en').map((r) => [r.points, r.buchholz, r.streak, r.hot])).toEqual([['0.67', '3.5', null, false]]);
    expect(pointsText(1.25, 'swiss', 'de')).toBe('1,25');
    expect(pointsText(3, 'arena', 'en')).toBe('3');
  });

  it('where you stand: in, withdrawn (Join again), or not entered', () => {
    expect(entryOf(arena, 'p-ann')).toBe('in');
    expect(entryOf(arena, 'p-cy')).toBe('withdrawn');
    expect(entryOf(arena, 'p-zed')).toBe('out');
    expect(entryOf(arena, null)).toBe('out');
  });

  it('your table while its game is under way; not once that game has finished', () => {
    expect(myTable(arena, 'p-ann')).toBe('tb2');
    expect(myTable(arena, 'p-cy')).toBeNull();
    expect(myTable(arena, 'p-bob')).toBeNull();
  });

  it('the games under way, and the finished ones by place', () => {
    const { live, finished } = gameRows(arena);
    expect(live.map((g) => [g.tableId, g.players.map((p) => p.name)])).toEqual([['tb2', ['Ann', 'basic bot']]]);
    expect(finished[0]!.players).toEqual([{ name: 'Ann', place: 1 }, { name: 'Bob', place: 2 }, { name: 'Cy', place: 3 }]);
  });

  it('the results once finished: the top three places (ties included)', () => {
    expect(podium(arena)).toEqual([]);
    expect(podium({ ...arena, status: 'finished' }).map((p) => p.name)).toEqual(['Ann', 'Bob', 'Cy']);
    const many = { ...arena, status: 'finished' as const, players: [...arena.players, player({ id: 'p-dee', rank: 4 })] };
    expect(podium(many).map((p) => p.name)).toEqual(['Ann', 'Bob', 'Cy']);
  });

  function render(d: TournamentDetail, me: string | null): string {
    const store = new Store();
    const services = { client: { token: 'tok', onMessage: () => () => {} }, store, navigate: () => {} } as unknown as Services;
    return renderToStaticMarkup(createElement(ServicesContext.Provider, { value: services },
      createElement(I18nextProvider, { i18n }, createElement(Detail, { detail: d, invite: null, me, refresh: () => {} }))));
  }
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('renders: names, a bot account\'s mark, the ×2 mark said in words, withdrawn, your table, Watch and Replay links', () => {
    const html = render(arena, 'p-ann');
    expect(text(html)).toContain('Winter Arena');
    expect(text(html)).toContain('Streak');
    expect(html).toContain('title="A bot account: a program playing through the protocol"');
    expect(text(html)).toContain('the next win scores double');
    expect(text(html)).toContain('withdrawn');
    expect(html).toContain('href="/t/tb2"');
    expect(html).toContain('href="/games/tb1/1"');
    // The bot filling a seat, in the page's language.
    expect(text(html)).toContain('Basic bot');
    expect(text(html)).toContain('Leave the tournament');
    expect(text(html)).not.toContain('Buchholz');
  });

  it('renders Join for a newcomer, Join again once withdrawn, the results and no entry once finished', () => {
    expect(render(arena, 'p-zed')).toContain('>Join</button>');
    expect(render(arena, 'p-cy')).toContain('>Join again</button>');
    const done = text(render({ ...arena, status: 'finished' }, 'p-zed'));
    expect(done).toContain('Results');
    expect(done).not.toContain('Join');
  });
});

describe('the create form\'s request', () => {
  const NOW = new Date(2026, 11, 24, 17, 30).getTime();
  const form: TournamentForm = {
    game: 'flip-7', format: 'arena', name: '  Winter   Arena ', minutes: 30, rounds: 5, roundMinutes: 20, startNow: true,
    startAt: localInputValue(NOW + 3_600_000), seats: 4, options: { target: 200 }, moveTimer: 60, responseWindow: null,
    rated: true, private: false, minPlayers: 2, fillWithBots: true,
  };

  it('an arena starting now: its minutes, not rounds; the name tidied', () => {
    const r = formRequest(form, NOW, null, 2);
    expect(r).toEqual({
      ok: true,
      request: {
        game: 'flip-7', format: 'arena', name: 'Winter Arena', minutes: 30, startsAt: new Date(NOW).toISOString(), seats: 4,
        options: { target: 200 }, moveTimer: 60, rated: true, private: false, minPlayers: 2, fillWithBots: true,
      },
    });
  });

  it('a Swiss event at a time: rounds and the round\'s limit, the local time as an ISO time; an empty name left out', () => {
    const r = formRequest({ ...form, format: 'swiss', name: '', startNow: false }, NOW, { min: 3, max: 30 }, 2);
    expect(r.ok && r.request).toMatchObject({ format: 'swiss', rounds: 5, roundMinutes: 20, startsAt: new Date(NOW + 3_600_000).toISOString() });
    expect(r.ok && 'minutes' in r.request).toBe(false);
    expect(r.ok && 'name' in r.request).toBe(false);
  });

  it('the response window only for a game that has one', () => {
    const r = formRequest({ ...form, game: 'stir-fry-eighteen', responseWindow: 10 }, NOW, { min: 3, max: 30 }, 2);
    expect(r.ok && r.request.responseWindow).toBe(10);
  });

  it('never fewer players to start than a table of the game holds', () => {
    const r = formRequest({ ...form, minPlayers: 2 }, NOW, null, 3);
    expect(r.ok && r.request.minPlayers).toBe(3);
  });

  it('no fewest players given: none sent (it starts with whoever has joined)', () => {
    const r = formRequest({ ...form, minPlayers: null }, NOW, null, 2);
    expect(r.ok && 'minPlayers' in r.request).toBe(false);
  });

  it('each problem names its field, and nothing is sent', () => {
    const bad = formRequest({
      ...form, minutes: 3, name: 'x'.repeat(61), startNow: false, startAt: localInputValue(NOW - 3_600_000), minPlayers: 1, responseWindow: 99,
    }, NOW, { min: 3, max: 30 }, 2);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => [p.field, p.key])).toEqual([
      ['name', 'nameLong'], ['minutes', 'minutes'], ['startAt', 'startPast'], ['minPlayers', 'minPlayers'], ['responseWindow', 'responseWindow'],
    ]);
    const swiss = formRequest({ ...form, format: 'swiss', rounds: 12, roundMinutes: Number.NaN, name: '!!', startNow: false, startAt: '' }, NOW, null, 3);
    expect(!swiss.ok && swiss.problems.map((p) => p.key)).toEqual(['nameLetters', 'rounds', 'roundMinutes', 'startMissing']);
    const far = formRequest({ ...form, startNow: false, startAt: localInputValue(NOW + 31 * 86_400_000) }, NOW, null, 2);
    expect(!far.ok && far.problems).toEqual([{ field: 'startAt', key: 'startFar', values: { days: 30 } }]);
    // Every problem has its sentence in English.
    for (const key of ['nameLong', 'nameLetters', 'minutes', 'rounds', 'roundMinutes', 'startMissing', 'startPast', 'startFar', 'minPlayers', 'responseWindow']) {
      expect(i18n.exists(`tournament.new.problems.${key}`), key).toBe(true);
    }
  });
});
