import { describe, expect, it } from 'vitest';
import {
  flip7, f7CardCode, f7ScoreLine, f7View, type F7Event, type F7State,
} from '../src/index.js';
import { act, expectAllCards, fromSetup, giveTo, hit, stay } from './flip-7-support.js';

const score = (names: string[], busted = false, flip7Made = false) =>
  f7ScoreLine(names.map(f7CardCode), busted, flip7Made);
const types = (events: F7Event[]) => events.map((e) => e.type);

describe('F7-13 scoring', () => {
  it('sums the numbers and adds the + modifiers', () => {
    // the seed's example: 3 + 4 + 12 + 10 = 29
    expect(score(['3', '4', '12', '+10']).total).toBe(29);
  });
  it('doubles only the numbers with x2', () => {
    // the seed's example: (3 + 4 + 12) × 2 + 10 = 48
    expect(score(['3', '4', '12', 'x2', '+10'])).toEqual({ numbers: 19, x2: true, modifiers: 10, flip7Bonus: 0, total: 48 });
  });
  it('adds 15 for a Flip 7, not doubled', () => {
    // 0+1+2+3+4+5+6 = 21, × 2 = 42, + 2, + 15
    expect(score(['0', '1', '2', '3', '4', '5', '6', 'x2', '+2'], false, true).total).toBe(59);
  });
  it('scores a line of modifiers only by its + cards; x2 alone is 0', () => {
    expect(score(['+4', '+6', 'x2']).total).toBe(10);
    expect(score(['x2']).total).toBe(0);
  });
  it('ignores action cards and scores a busted line 0', () => {
    expect(score(['5', 'second-chance', 'freeze']).total).toBe(5);
    expect(score(['5', '+10', 'x2', '5'], true).total).toBe(0);
  });
  it('reports the breakdown in the round-end event', () => {
    let s = fromSetup(2, { dealer: 1, drawPile: ['5', '6', 'x2', '+10', '3'] });
    s = act(s, 0, hit).state;
    s = act(s, 1, stay).state;
    s = act(s, 0, hit).state;
    s = act(s, 0, hit).state;
    const r = act(s, 0, stay);
    const end = r.events.find((e) => e.type === 'round-end');
    expect(end).toMatchObject({
      round: 1, reason: 'no-one-active', flip7: null, scores: [26, 6],
      breakdown: [
        { numbers: 8, x2: true, modifiers: 10, flip7Bonus: 0, total: 26 },
        { numbers: 6, x2: false, modifiers: 0, flip7Bonus: 0, total: 6 },
      ],
    });
    // the next round is dealt at once, after the round's end
    const t = types(r.events);
    expect(t.indexOf('round-start')).toBeGreaterThan(t.indexOf('round-end'));
    expect(t.slice(t.indexOf('round-start') + 1, t.indexOf('round-start') + 3)).toEqual(['deal', 'deal']);
  });
});

describe('options and players (F7-2)', () => {
  it('defaults the target to 200 and offers 100 and 300', () => {
    expect(flip7.options.parse(undefined)).toEqual({ ok: true, value: { target: 200 } });
    expect(flip7.options.parse({})).toEqual({ ok: true, value: { target: 200 } });
    expect(flip7.options.parse({ target: 100 })).toEqual({ ok: true, value: { target: 100 } });
    expect(flip7.options.parse({ target: 300 })).toEqual({ ok: true, value: { target: 300 } });
  });
  it('refuses a wrong target naming the key and the allowed values', () => {
    const r = flip7.options.parse({ target: 150 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BAD_OPTIONS');
      expect(r.error.message).toContain('target');
      expect(r.error.message).toContain('100, 200, 300');
    }
  });
  it('refuses an unknown key by name', () => {
    const r = flip7.options.parse({ target: 200, closingTime: true });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BAD_OPTIONS');
      expect(r.error.message).toContain('closingTime');
    }
  });
  it('allows 2 to 12 players', () => {
    for (const players of [1, 13, 2.5, 0]) {
      const r = flip7.setup({ players, seed: 's' });
      expect(r.ok ? null : r.error.code).toBe('BAD_PLAYERS');
    }
    for (const players of [2, 12]) expect(flip7.setup({ players, seed: 's' }).ok).toBe(true);
  });
  it('deals first from the seat after the given first dealer (F7-3, F7-4)', () => {
    const r = flip7.setup({ players: 5, seed: 'deal', first: 3 });
    if (!r.ok) throw new Error(r.error.message);
    const v = f7View(r.value, 'spectator');
    expect(v.dealer).toBe(3);
    expect(v.round).toBe(1);
    expectAllCards(r.value);
  });
});

describe('refusals carry their code and rule', () => {
  const s0 = fromSetup(3, { dealer: 2, drawPile: ['3', '4', '5', 'freeze'] });
  it.each([
    [1, hit, 'NOT_YOUR_TURN', 'F7-5'],
    [0, { type: 'hit', extra: true }, 'MALFORMED_ACTION', undefined],
    [0, { type: 'jump' }, 'MALFORMED_ACTION', undefined],
    [0, 'stay', 'MALFORMED_ACTION', undefined],
    [0, { type: 'give', to: 7 }, 'MALFORMED_ACTION', undefined],
    [0, giveTo(1), 'ILLEGAL_ACTION', 'F7-8'],
  ] as const)('player %i %j → %s', (seat, action, code, rule) => {
    const before = JSON.stringify(s0);
    const r = flip7.apply(s0, seat, action);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.rule).toBe(rule);
    }
    expect(JSON.stringify(s0)).toBe(before);
  });
  it('refuses giving a Second Chance to a holder with F7-11', () => {
    let s = fromSetup(3, { dealer: 2, drawPile: ['second-chance', '4', '5', '6', 'second-chance'] });
    s = act(s, 0, giveTo(1)).state;
    s = act(s, 1, hit).state;
    const r = flip7.apply(s, 1, giveTo(1));
    expect(r.ok ? null : [r.error.code, r.error.rule]).toEqual(['ILLEGAL_ACTION', 'F7-11']);
  });
  it('refuses acting after the game is over with GAME_OVER', () => {
    let s = fromSetup(2, { dealer: 1, scores: [195, 0], drawPile: ['9', '1'] });
    s = act(s, 0, stay).state;
    s = act(s, 1, stay).state;
    expect(flip7.outcome(s)).toEqual({ scores: [204, 1], winners: [0], places: [1, 2] });
    const r = flip7.apply(s, 0, hit);
    expect(r.ok ? null : r.error.code).toBe('GAME_OVER');
    expect(flip7.legalActions(s, 0)).toEqual([]);
  });
});

describe('Flip Three (F7-10)', () => {
  it('gives set-aside cards in the order flipped; nested set-aside cards take effect before older ones', () => {
    let s = fromSetup(3, { dealer: 2, drawPile: ['3', '4', '5', 'flip-three', 'flip-three', 'freeze', '6', 'freeze', '7', '8'] });
    s = act(s, 0, hit).state;
    s = act(s, 0, giveTo(0)).state;
    let v = f7View(s, 1);
    expect(v.pending).toEqual({ kind: 'give', seat: 0, card: 'flip-three', receivers: [0, 1, 2], setAside: true });
    expect(v.flipThrees).toEqual([{ receiver: 0, flipping: false, flipsLeft: 0, setAside: ['flip-three', 'freeze'], givenTo: [] }]);
    expect(v.inTransit.slice().sort()).toEqual(['flip-three', 'freeze']);
    s = act(s, 0, giveTo(1)).state;
    expect(f7View(s, 'spectator').pending).toMatchObject({ card: 'freeze', setAside: true });
    const r = act(s, 0, giveTo(2));
    s = r.state;
    // the Flip Three goes first: seat 1 flips freeze (aside), 7, 8; then asked for the new freeze
    expect(types(r.events)).toEqual(['give', 'flip-three-start', 'flip', 'set-aside', 'flip', 'flip', 'flip-three-end']);
    v = f7View(s, 'spectator');
    expect(v.flipThrees.map((f) => [f.receiver, f.setAside, f.givenTo])).toEqual([[0, ['freeze'], [2]], [1, ['freeze'], []]]);
    const last = act(s, 1, giveTo(0));
    const freezes = last.events.filter((e) => e.type === 'freeze');
    expect(freezes).toEqual([{ type: 'freeze', seat: 0 }, { type: 'freeze', seat: 2 }]);
    expectAllCards(last.state);
  });

  it('goes on after a Flip Three with the player after the one whose turn it was', () => {
    let s = fromSetup(4, { dealer: 3, drawPile: ['1', '2', '3', '4', '5', 'flip-three', '7', '8', '9'] });
    s = act(s, 0, hit).state;       // 0: 1, 5
    s = act(s, 1, hit).state;       // flip-three
    s = act(s, 1, giveTo(3)).state; // seat 3 flips 7, 8, 9
    expect(flip7.toAct(s)).toEqual([2]);
  });
});

describe('draw pile and discard pile (F7-14)', () => {
  it('reshuffles the discard pile when the draw pile is empty and reports it', () => {
    const everythingElse = (exclude: string[]): string[] => {
      const counts: Record<string, number> = { '0': 1, '1': 1, '+2': 1, '+4': 1, '+6': 1, '+8': 1, '+10': 1, x2: 1, freeze: 3, 'flip-three': 3, 'second-chance': 3 };
      for (let n = 2; n <= 12; n++) counts[String(n)] = n;
      for (const c of exclude) counts[c]! -= 1;
      return Object.entries(counts).flatMap(([c, k]) => Array<string>(k).fill(c));
    };
    let s = fromSetup(2, { dealer: 1, drawPile: ['3', '4', '5'], discardPile: everythingElse(['3', '4', '5']) });
    s = act(s, 0, hit).state;
    const r = act(s, 1, hit);
    expect(r.events[0]).toEqual({ type: 'reshuffle', cards: 91 });
    expect(f7View(r.state, 0).discardPile).toEqual([]);
    expect(f7View(r.state, 0).lines[0]).toEqual(['3', '5']);
    expectAllCards(r.state);
  });

  it('ends and scores the round at once when both piles are empty (constructed position)', () => {
    // A position play would reach only with every card in front of players: here the two piles are emptied by hand.
    const s: F7State = fromSetup(3, { dealer: 2, drawPile: ['5', 'x2', '7', '9'] });
    s.draw = [];
    s.discard = [];
    const r = act(s, 0, hit); // seat 0 (5) must flip: nothing to flip
    const end = r.events.find((e) => e.type === 'round-end');
    expect(end).toMatchObject({ reason: 'no-cards', scores: [5, 0, 7] });
    expect(f7View(r.state, 'spectator').round).toBe(2);
  });
});

describe('Flip 7 (F7-7) and the end of the game (F7-15)', () => {
  it('announces the Flip 7 and its bonus', () => {
    let s = fromSetup(2, { dealer: 1, drawPile: ['0', '12', '1', '2', '3', '4', '5', '6'] });
    s = act(s, 0, hit).state;
    s = act(s, 1, stay).state;
    for (let i = 0; i < 4; i++) s = act(s, 0, hit).state;
    const r = act(s, 0, hit);
    expect(types(r.events)).toContain('flip-7');
    expect(r.events.find((e) => e.type === 'round-end')).toMatchObject({ reason: 'flip-7', flip7: 0, scores: [36, 12] });
  });

  it('plays on while the leaders are tied past the target', () => {
    let s = fromSetup(3, { dealer: 2, scores: [200, 200, 0], drawPile: ['4', '4', '12'] }, { target: 200 });
    s = act(s, 0, stay).state;
    s = act(s, 1, stay).state;
    const r = act(s, 2, stay);
    expect(flip7.outcome(r.state)).toBeNull();
    expect(f7View(r.state, 'spectator').scores).toEqual([204, 204, 12]);
    expect(types(r.events)).not.toContain('game-over');
  });
});
