import { type GameSnapshot, TURN_BANK_SECONDS, TURN_MOVE_SECONDS, TURN_WINDOW_SECONDS, type TableSummary, parseClientMessage } from '@parlor/protocol';
import i18next from 'i18next';
import { type ReactElement, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import deCommon from '../src/i18n/locales/de/common.json' with { type: 'json' };
import enCommon from '../src/i18n/locales/en/common.json' with { type: 'json' };
import {
  type CreateChoices, TURN_BANK_CHOICES, TURN_BANK_DEFAULT, TURN_MOVE_CHOICES, TURN_MOVE_DEFAULT, TURN_WINDOW_CHOICES, TURN_WINDOW_DEFAULT,
  createMessage,
} from '../src/ui/lobby/create-message.js';
import { LOBBY_MODES, lobbyWatch } from '../src/ui/lobby/lobby-filter.js';
import { durationParts, formatDuration, paceFacts, turnPace } from '../src/ui/table/durations.js';
import { SeatBank, TurnPaceLine } from '../src/ui/table/TurnClock.js';

// Turn-based tables in the web client (docs/protocol.md, "Turn-based tables"): durations in each
// language, the create form's message, the lobby's mode filter, and a table's pace and banks.

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en', resources: { en: { translation: enCommon }, de: { translation: deCommon } }, interpolation: { escapeValue: false },
  });
});
const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const DAY = 86_400;
/** Intl puts no-break spaces between a number and its unit in some languages. */
const plain = (s: string) => s.replace(/\s/gu, ' ');

describe('durations', () => {
  it('say the largest unit and the next one down when it is not zero', () => {
    expect(durationParts(DAY)).toEqual([{ unit: 'day', value: 1 }]);
    expect(durationParts(2 * DAY + 4 * 3600 + 59)).toEqual([{ unit: 'day', value: 2 }, { unit: 'hour', value: 4 }]);
    expect(durationParts(3 * 3600 + 12 * 60 + 5)).toEqual([{ unit: 'hour', value: 3 }, { unit: 'minute', value: 12 }]);
    expect(durationParts(65)).toEqual([{ unit: 'minute', value: 1 }, { unit: 'second', value: 5 }]);
    expect(durationParts(0)).toEqual([{ unit: 'second', value: 0 }]);
    expect(durationParts(-3)).toEqual([{ unit: 'second', value: 0 }]);
  });

  it('are words of the player\'s language, in full or compact', () => {
    expect(formatDuration(DAY, 'en')).toBe('1 day');
    expect(formatDuration(7 * DAY, 'en')).toBe('7 days');
    expect(formatDuration(4 * 3600, 'en')).toBe('4 hours');
    expect(formatDuration(900, 'en')).toBe('15 minutes');
    expect(formatDuration(2 * DAY + 4 * 3600, 'en', 'short')).toBe('2 days 4 hr');
    expect(plain(formatDuration(2 * DAY, 'de'))).toBe('2 Tage');
    expect(plain(formatDuration(12 * 3600, 'fr'))).toBe('12 heures');
    expect(plain(formatDuration(DAY, 'ja'))).toBe('1 日');
    expect(plain(formatDuration(3 * 3600, 'zh-Hans'))).toBe('3小时');
    expect(plain(formatDuration(2 * DAY, 'pl'))).toBe('2 dni');
  });
});

describe('the create form\'s message', () => {
  const base: CreateChoices = {
    game: 'stir-fry-eighteen', seats: 3, options: { target: 100 }, private: false, rated: false, mode: 'live',
    moveTimer: 30, responseWindow: 8, grace: 60, moveSeconds: TURN_MOVE_DEFAULT, bankSeconds: TURN_BANK_DEFAULT, windowSeconds: TURN_WINDOW_DEFAULT,
  };

  it('offers every time per move, banks and windows the protocol allows, a day, 3 days and an hour by default', () => {
    expect(TURN_MOVE_CHOICES).toEqual(TURN_MOVE_SECONDS);
    expect(TURN_MOVE_DEFAULT).toBe(DAY);
    expect(TURN_BANK_CHOICES).toEqual([0, 12 * 3600, DAY, 3 * DAY, 7 * DAY]);
    expect(TURN_BANK_DEFAULT).toBe(3 * DAY);
    expect(TURN_WINDOW_CHOICES).toEqual([900, 1800, 3600, 7200, 14_400]);
    expect(TURN_WINDOW_DEFAULT).toBe(3600);
    for (const s of TURN_BANK_CHOICES) expect(s >= TURN_BANK_SECONDS.min && s <= TURN_BANK_SECONDS.max).toBe(true);
    for (const s of TURN_WINDOW_CHOICES) expect(s >= TURN_WINDOW_SECONDS.min && s <= TURN_WINDOW_SECONDS.max).toBe(true);
  });

  it('a real-time table has its move timer, window and grace, and no turnBased', () => {
    const m = createMessage(base);
    expect(m).toEqual({ type: 'table.create', game: 'stir-fry-eighteen', seats: 3, options: { target: 100 }, private: false, moveTimer: 30, responseWindow: 8, grace: 60 });
    expect(parseClientMessage({ ...m, id: 1 }).success).toBe(true);
    expect(createMessage({ ...base, rated: true })).toMatchObject({ rated: true });
  });

  it('a turn-based table has turnBased alone: no moveTimer, responseWindow or grace', () => {
    const m = createMessage({ ...base, mode: 'turn-based', moveSeconds: 2 * DAY, bankSeconds: 0, windowSeconds: 1800 });
    expect(m).toEqual({
      type: 'table.create', game: 'stir-fry-eighteen', seats: 3, options: { target: 100 }, private: false,
      turnBased: { moveSeconds: 2 * DAY, bankSeconds: 0, windowSeconds: 1800 },
    });
    expect(parseClientMessage({ ...m, id: 1 }).success).toBe(true);
    // Flip 7 has no response window: none is sent.
    const flip = createMessage({ ...base, game: 'flip-7', options: {}, mode: 'turn-based', responseWindow: null, windowSeconds: null });
    expect(flip).toEqual({ type: 'table.create', game: 'flip-7', seats: 3, options: {}, private: false, turnBased: { moveSeconds: DAY, bankSeconds: 3 * DAY } });
    expect(parseClientMessage({ ...flip, id: 2 }).success).toBe(true);
  });
});

describe('the lobby\'s mode filter', () => {
  it('asks the server for all tables, real-time ones or turn-based ones, and keeps the filter for the next page', () => {
    expect(LOBBY_MODES).toEqual(['all', 'live', 'turn-based']);
    expect(lobbyWatch('all')).toEqual({ type: 'lobby.watch' });
    expect(lobbyWatch('live')).toEqual({ type: 'lobby.watch', mode: 'live' });
    expect(lobbyWatch('turn-based', '0.123.abc')).toEqual({ type: 'lobby.watch', mode: 'turn-based', cursor: '0.123.abc' });
    for (const m of LOBBY_MODES) expect(parseClientMessage({ ...lobbyWatch(m, 'c'), id: 1 }).success).toBe(true);
  });
});

const summary = (over: Partial<TableSummary>): TableSummary => ({
  id: 'T1', game: 'stir-fry-eighteen', options: {}, seats: [], status: 'running', private: false, moveTimer: 0, responseWindow: 8,
  replaceAfter: 60, grace: 30, rated: false, creator: { id: 'p1', name: 'Ann' }, gameNo: 1, spectators: 0, createdAt: '2026-12-01T00:00:00.000Z', ...over,
});

describe('a turn-based table\'s pace and banks', () => {
  it('a real-time table has no pace; a turn-based one says its time per move, bank and window', () => {
    expect(turnPace(summary({ moveTimer: 30 }))).toBeNull();
    const pace = turnPace(summary({ moveTimer: DAY, responseWindow: 3600, turnBased: { bankSeconds: 3 * DAY, vacation: false } }));
    expect(pace).toEqual({ moveSeconds: DAY, bankSeconds: 3 * DAY, windowSeconds: 3600 });
    expect(paceFacts(pace!, 'Taste test time', 'en', t)).toEqual(['Turn-based · 1 day a move', 'time bank 3 days', 'Taste test time: 1 hour']);
    expect(paceFacts({ moveSeconds: 4 * 3600, bankSeconds: 0, windowSeconds: null }, null, 'en', t)).toEqual(['Turn-based · 4 hours a move', 'no time bank']);
  });

  const render = <P extends object>(node: (props: P) => ReactElement | null, props: P, lng = 'en') => {
    void i18n.changeLanguage(lng);
    return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(node, props)));
  };
  const snapshot = (banks?: number[]) => ({ banks } as unknown as GameSnapshot);

  it('each seat shows its bank left, compact on screen and in full for a screen reader; nothing at a real-time table', () => {
    const html = render(SeatBank, { snapshot: snapshot([(2 * DAY + 4 * 3600) * 1000 + 999, 0]), seat: 0 });
    expect(html).toContain('<span aria-hidden="true">bank 2 days 4 hr</span>');
    expect(html).toContain('<span class="visually-hidden">Time bank left: 2 days 4 hours</span>');
    expect(render(SeatBank, { snapshot: snapshot([(2 * DAY + 4 * 3600) * 1000, 0]), seat: 1 })).toContain('bank 0 sec');
    expect(render(SeatBank, { snapshot: snapshot(), seat: 0 })).toBe('');
    expect(render(SeatBank, { snapshot: undefined, seat: 0 })).toBe('');
    expect(render(SeatBank, { snapshot: snapshot([3 * 3600 * 1000]), seat: 0 }, 'de')).toMatch(/Konto 3\sStd\./u);
  });

  it('the table page shows the mode and pace of a turn-based table only', () => {
    expect(render(TurnPaceLine, { summary: summary({ moveTimer: 30 }) })).toBe('');
    const html = render(TurnPaceLine, { summary: summary({ game: 'flip-7', moveTimer: 12 * 3600, responseWindow: null, turnBased: { bankSeconds: DAY, vacation: false } }) });
    expect(html).toContain('Turn-based · 12 hours a move · time bank 1 day');
  });
});
