import { describe, expect, it } from 'vitest';
import { sfParseOptions, stirFryEighteen, SF_DEFAULT_OPTIONS } from '../src/index.js';

describe('Stir Fry Eighteen options', () => {
  it('fills defaults (SF-6 target 50, variants off)', () => {
    const r = sfParseOptions({});
    expect(r.ok && r.value).toEqual({ target: 50, closingTime: false, meticulousChef: false, emptyPantry: 'off', tofu: false, firstPlayer: 'random' });
    expect(sfParseOptions(undefined)).toEqual({ ok: true, value: SF_DEFAULT_OPTIONS });
  });

  it('lets the creator choose the first player (SF-5), a seat of the table, else draws one', () => {
    expect(sfParseOptions({ firstPlayer: 4 }, 3)).toMatchObject({ ok: false, error: { code: 'BAD_OPTIONS', rule: 'SF-5' } });
    expect(sfParseOptions({ firstPlayer: -1 }).ok).toBe(false);
    expect(sfParseOptions({ firstPlayer: '2' }).ok).toBe(false);
    for (const seat of [0, 1, 2]) {
      const g = stirFryEighteen.setup({ players: 3, seed: `first ${seat}`, options: { firstPlayer: seat } });
      expect(g.ok && g.value.turn.player).toBe(seat);
    }
    const refused = stirFryEighteen.setup({ players: 2, seed: 'x', options: { firstPlayer: 3 } });
    expect(!refused.ok && refused.error.code).toBe('BAD_OPTIONS');
    // At random, every seat starts some game.
    const firsts = new Set(Array.from({ length: 40 }, (_, i) => {
      const g = stirFryEighteen.setup({ players: 3, seed: `random ${i}` });
      return g.ok ? g.value.turn.player : -1;
    }));
    expect([...firsts].sort()).toEqual([0, 1, 2]);
  });

  it('accepts every listed value', () => {
    for (const target of [50, 100, 150, 300]) expect(sfParseOptions({ target }).ok).toBe(true);
    for (const emptyPantry of ['off', 'no-cook-draw', 'no-turn-draw']) expect(sfParseOptions({ emptyPantry }).ok).toBe(true);
    const all = sfParseOptions({ target: 300, closingTime: true, meticulousChef: true, emptyPantry: 'no-turn-draw', tofu: true });
    expect(all.ok).toBe(true);
  });

  it.each([
    [{ colour: 'red' }, 'colour'],
    [{ target: 75 }, 'target'],
    [{ target: '50' }, 'target'],
    [{ closingTime: 'yes' }, 'closingTime'],
    [{ meticulousChef: 1 }, 'meticulousChef'],
    [{ emptyPantry: 'on' }, 'emptyPantry'],
    [{ tofu: null }, 'tofu'],
  ])('refuses %j naming %s', (options, key) => {
    const r = sfParseOptions(options);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('BAD_OPTIONS');
    expect(!r.ok && r.error.message).toContain(key);
  });

  it('refuses options that are not an object', () => {
    for (const bad of [[], 'target=50', 7]) {
      const r = sfParseOptions(bad);
      expect(!r.ok && r.error.code).toBe('BAD_OPTIONS');
    }
  });

  it('refuses player counts outside 2–5 (SF-4), naming the count', () => {
    for (const players of [0, 1, 6, 2.5]) {
      const r = stirFryEighteen.setup({ players, seed: 'x' });
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.code).toBe('BAD_PLAYERS');
      expect(!r.ok && r.error.message).toContain(String(players));
    }
    for (const players of [2, 3, 4, 5]) expect(stirFryEighteen.setup({ players, seed: 'x' }).ok).toBe(true);
  });

  it('refuses bad options at setup', () => {
    const r = stirFryEighteen.setup({ players: 3, seed: 'x', options: { target: 51 } });
    expect(!r.ok && r.error.code).toBe('BAD_OPTIONS');
  });
});

describe('Stir Fry Eighteen action shapes', () => {
  it('refuses inherited property names as action types (MALFORMED_ACTION, no throw)', () => {
    const start = stirFryEighteen.setup({ players: 2, seed: 'proto', first: 0 });
    if (!start.ok) throw new Error(start.error.message);
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const r = stirFryEighteen.apply(start.value, 0, { type });
      expect(!r.ok && r.error.code).toBe('MALFORMED_ACTION');
    }
  });
});
