import { describe, expect, it } from 'vitest';
import { f7NextFlipOdds, f7UnseenDrawPile, f7View } from '../src/index.js';
import { act, fromSetup, giveTo, hit } from './flip-7-support.js';

// Expected values below are counted by hand from F7-1's deck (one 0, n copies of n, one of each
// modifier, three of each action card: 79 numbers, 6 modifiers, 9 actions = 94).

describe('odds of the next flip from a view', () => {
  it('after a plain deal: 92 unseen cards', () => {
    const s = fromSetup(2, { dealer: 1, drawPile: ['5', '6'] }); // 0: 5, 1: 6
    const v = f7View(s, 0);
    const unseen = f7UnseenDrawPile(v);
    expect(unseen['5']).toBe(4);
    expect(unseen['6']).toBe(5);
    expect(unseen['12']).toBe(12);
    const o = f7NextFlipOdds(v, 0);
    expect(o.source).toBe('draw-pile');
    expect(o.size).toBe(92);
    expect(o.duplicate).toBeCloseTo(4 / 92, 12);   // four 5s left
    expect(o.bust).toBeCloseTo(4 / 92, 12);
    expect(o.kinds.number).toBeCloseTo(77 / 92, 12);
    expect(o.kinds.modifier).toBeCloseTo(6 / 92, 12);
    expect(o.kinds.action).toBeCloseTo(9 / 92, 12);
    expect(f7NextFlipOdds(v, 1).duplicate).toBeCloseTo(5 / 92, 12); // five 6s left
  });

  it('counts the discard pile as seen, and a Second Chance saves the duplicate', () => {
    let s = fromSetup(2, { dealer: 1, drawPile: ['second-chance', '6', '5', '7', '12'], discardPile: ['5', '12', '12'] });
    s = act(s, 0, giveTo(0)).state; // 0 keeps the Second Chance; 1 is dealt 6
    s = act(s, 0, hit).state;       // 0: second-chance, 5
    s = act(s, 1, hit).state;       // 1: 6, 7
    const v = f7View(s, 1);
    // seen: second-chance, 5, 6, 7 in lines; 5, 12, 12 discarded → 94 − 7 = 87 unseen
    const o0 = f7NextFlipOdds(v, 0);
    expect(o0.size).toBe(87);
    expect(o0.duplicateCards).toBe(3);            // 5 copies − one in line − one discarded
    expect(o0.duplicate).toBeCloseTo(3 / 87, 12);
    expect(o0.bust).toBe(0);                      // holds a Second Chance
    const o1 = f7NextFlipOdds(v, 1);
    expect(o1.duplicate).toBeCloseTo((5 + 6) / 87, 12); // five 6s, six 7s left
    expect(o1.bust).toBeCloseTo(11 / 87, 12);
    expect(o1.counts['12']).toBe(10);
    expect(o1.kinds.action).toBeCloseTo(8 / 87, 12); // one Second Chance seen
  });

  it('after the draw pile ran out: the next card comes from the reshuffled discard pile', () => {
    const discard: string[] = [];
    const counts: Record<string, number> = { '0': 1, '1': 1, '+2': 1, '+4': 1, '+6': 1, '+8': 1, '+10': 1, x2: 1, freeze: 3, 'flip-three': 3, 'second-chance': 3 };
    for (let n = 2; n <= 12; n++) counts[String(n)] = n;
    counts['3']! -= 1; counts['4']! -= 1; counts['5']! -= 1;
    for (const [c, k] of Object.entries(counts)) for (let i = 0; i < k; i++) discard.push(c);
    let s = fromSetup(2, { dealer: 1, drawPile: ['3', '4', '5'], discardPile: discard });
    s = act(s, 0, hit).state; // 0: 3, 5; draw pile empty, 91 cards discarded
    const v = f7View(s, 1);
    expect(v.drawPileSize).toBe(0);
    const o1 = f7NextFlipOdds(v, 1); // 1: 4
    expect(o1.source).toBe('reshuffled-discard');
    expect(o1.size).toBe(91);
    expect(o1.duplicate).toBeCloseTo(3 / 91, 12);   // three 4s discarded
    const o0 = f7NextFlipOdds(v, 0);
    expect(o0.duplicate).toBeCloseTo((2 + 4) / 91, 12); // two 3s, four 5s
    expect(o0.kinds.number).toBeCloseTo(76 / 91, 12);
    expect(o0.kinds.modifier).toBeCloseTo(6 / 91, 12);
  });

  it('with both piles empty there is no next card', () => {
    const s = fromSetup(2, { dealer: 1, drawPile: ['3', '4'] });
    s.draw = [];
    s.discard = [];
    const o = f7NextFlipOdds(f7View(s, 0), 0);
    expect(o).toMatchObject({ source: 'none', size: 0, duplicate: 0, bust: 0 });
  });
});
