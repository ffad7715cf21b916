import type { SeatInfo } from '@parlor/protocol';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../src/i18n/locales/en/common.json' with { type: 'json' };
import TableThumb from '../src/ui/lobby/TableThumb.js';
import { seatSpot, seatWords } from '../src/ui/lobby/seats.js';

// The lobby shows each table as a table top with its seats around it: who sits where, by avatar,
// bot mark or empty ring, with the same seats in words.

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: enCommon } }, interpolation: { escapeValue: false } });
});
const t = (k: string) => i18n.t(k);

const player = (seat: number, id: string, name: string, avatar?: string): SeatInfo => ({
  seat, kind: 'player', player: { id, name, ...(avatar === undefined ? {} : { avatar }) }, connected: true, away: false, awayReason: null,
  disconnectedSince: null, standInAt: null,
});
const seats: SeatInfo[] = [player(0, 'p-ann', 'Ann', 'fox'), player(1, 'p-bob', 'Bob'), { seat: 2, kind: 'bot', level: 'expert', name: 'expert bot' }, { seat: 3, kind: 'empty' }];

describe('a table in the lobby', () => {
  it('seats sit around the table top, the first nearest the viewer, none on another, all inside the picture', () => {
    for (let n = 2; n <= 12; n++) {
      const spots = Array.from({ length: n }, (_, i) => seatSpot(i, n));
      expect(spots[0]).toEqual({ left: 50, top: 88 });
      expect(new Set(spots.map((s) => `${s.left},${s.top}`)).size).toBe(n);
      for (const s of spots) {
        expect(s.left).toBeGreaterThanOrEqual(9);
        expect(s.left).toBeLessThanOrEqual(91);
        expect(s.top).toBeGreaterThanOrEqual(12);
        expect(s.top).toBeLessThanOrEqual(88);
      }
    }
  });

  it('says each seat in words: the player, the bot by level, or empty', () => {
    expect(seats.map((s) => seatWords(s, t))).toEqual(['Ann', 'Bob', enCommon.table.botLevel.expert, enCommon.lobby.emptySeat]);
  });

  it('draws each seat: the chosen avatar, the pattern of a player without one, the bot mark, an empty ring; hidden from screen readers', () => {
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(TableThumb, { seats })));
    expect(html.startsWith('<div class="table-thumb" aria-hidden="true">')).toBe(true);
    expect(html.match(/class="table-thumb-seat/g)).toHaveLength(4);
    expect(html).toContain('data-avatar="fox"');
    expect(html).toContain('data-avatar="pattern"');
    expect(html).toContain('avatar-bot');
    expect(html).toContain('avatar-empty');
    for (const words of ['Ann', 'Bob', enCommon.table.botLevel.expert, enCommon.lobby.emptySeat]) expect(html).toContain(`title="${words}"`);
  });
});
