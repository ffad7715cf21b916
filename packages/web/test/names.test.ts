import type { GameExport } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import coachEn from '../src/i18n/locales/en/coach.json' with { type: 'json' };
import commonEn from '../src/i18n/locales/en/common.json' with { type: 'json' };
import jaCommon from '../src/i18n/locales/ja/common.json' with { type: 'json' };
import { exportSeatNames } from '../src/ui/table/names.js';

/** A t() over locale files: dotted keys, {{n}} filled in. */
const tOf = (...files: object[]) => (key: string, values: Record<string, unknown> = {}): string => {
  for (const file of files) {
    const hit = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], file);
    if (typeof hit === 'string') return hit.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
  }
  return key;
};

describe('seat names of a game export (the coach, as the table names them)', () => {
  const seats: GameExport['seats'] = [
    { kind: 'player', name: 'Kai', playerId: 'p1' },
    { kind: 'bot', name: 'basic bot', level: 'basic' },
    { kind: 'bot', name: 'basic bot', level: 'basic' },
    { kind: 'player', name: '' },
  ];

  it('names each bot by its level and seat, in the page\'s language, never the export\'s "basic bot"', () => {
    expect(exportSeatNames(seats, tOf(commonEn, { coach: coachEn }))).toEqual(['Kai', 'Basic bot 2', 'Basic bot 3', 'Seat 4']);
    const ja = exportSeatNames(seats, tOf(jaCommon));
    expect(ja[1]).toBe(`${jaCommon.table.botLevel.basic} 2`);
    expect(ja.join()).not.toContain('basic bot');
  });
});
