import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { F7_FULL_PILE, F7_NUMBERS_PILE, f7QuickSolve, f7SolveRound } from '../src/index.js';

/** A pile by card name (everything else 0), as the solver's 22 counts by code. */
const NAMES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '+2', '+4', '+6', '+8', '+10', 'x2', 'freeze', 'flip-three', 'second-chance'];
function pile(cards: Record<string, number>): number[] {
  return NAMES.map((n) => cards[n] ?? 0);
}

describe('Flip 7 round solver (one line alone)', () => {
  it('reproduces the published numbers-only figures: 18.57 points, 31.3% busts (F7-1 numbers, F7-6, F7-7)', () => {
    const r = f7SolveRound({ numbers: [] }, F7_NUMBERS_PILE);
    expect(r.stay).toBeNull(); // F7-5: nothing in front, no stay
    expect(r.value).toBeGreaterThan(18.56);
    expect(r.value).toBeLessThan(18.58);
    expect(r.bust).toBeGreaterThan(0.312);
    expect(r.bust).toBeLessThan(0.314);
    // The fast numbers-only solver the bots use agrees exactly.
    const q = f7QuickSolve({ numbers: [] }, F7_FULL_PILE);
    expect(q.hit).toBeCloseTo(r.value, 10);
    expect(q.bust).toBeCloseTo(r.bust, 10);
  });

  it('a duplicate busts, a new number adds (F7-6): [5] with {5, 7} → hit worth 6', () => {
    const r = f7SolveRound({ numbers: [5] }, pile({ 5: 1, 7: 1 }));
    // Hit: ½ bust (0), ½ → [5,7] = 12 and then stay (the last card busts). Stay: 5.
    expect(r.stay).toBe(5);
    expect(r.hit).toBeCloseTo(6, 12);
    expect(r.action).toBe('hit');
    expect(r.bust).toBeCloseTo(0.5, 12);
  });

  it('a Second Chance discards the duplicate and itself (F7-11)', () => {
    // [5]+SC with {5, 7}: either order ends on [5,7] = 12 without a bust.
    const r = f7SolveRound({ numbers: [5], secondChance: true }, pile({ 5: 1, 7: 1 }));
    expect(r.hit).toBeCloseTo(12, 12);
    expect(r.bust).toBe(0);
    const q = f7QuickSolve({ numbers: [5], secondChance: true }, pile({ 5: 1, 7: 1 }));
    expect(q.hit).toBeCloseTo(12, 12);
    // A Second Chance drawn while one is held is discarded (F7-11): [5]+SC with {SC, 5}: 
    // SC first (discarded), then 5 uses the held one → 5; 5 first (uses it), then SC kept → 5.
    const s = f7SolveRound({ numbers: [5], secondChance: true }, pile({ 'second-chance': 1, 5: 1 }));
    expect(s.hit).toBeCloseTo(5, 12);
  });

  it('a Freeze banks the line (F7-9)', () => {
    // [10] with {freeze, 3}: ½ freeze → 10; ½ → 13, then the Freeze banks 13. Hit = 11.5.
    const r = f7SolveRound({ numbers: [10] }, pile({ freeze: 1, 3: 1 }));
    expect(r.hit).toBeCloseTo(11.5, 12);
  });

  it('a Flip Three forces three flips, a bust stops it (F7-10)', () => {
    // [3] with {flip-three, 3, 4}: F3 (⅓) flips 3 or 4 then 3 → bust either way; a 3 (⅓) busts;
    // a 4 (⅓) → [3,4] = 7, then staying is best (both cards left bust). Hit = 7/3 < stay 3.
    const r = f7SolveRound({ numbers: [3] }, pile({ 'flip-three': 1, 3: 1, 4: 1 }));
    expect(r.hit).toBeCloseTo(7 / 3, 12);
    expect(r.stay).toBe(3);
    expect(r.action).toBe('stay');
    expect(r.value).toBe(3);
    expect(r.bust).toBe(0);
  });

  it('a Freeze set aside in a Flip Three takes effect after the flips (F7-10)', () => {
    // [2] with {flip-three, freeze, 5, 6}, hitting: the F3 flips freeze (set aside) + two of {5,6}
    // or numbers only; every path ends banked. Compare with a hand enumeration of orders.
    const r = f7SolveRound({ numbers: [2] }, pile({ 'flip-three': 1, freeze: 1, 5: 1, 6: 1 }));
    // Draw F3 (¼): the 3 remaining cards are all flipped (F7-10) → [2,5,6] = 13, then the Freeze → 13.
    // Draw freeze (¼) → 2. Draw 5 (¼) → [2,5]: hitting {F3, fr, 6} — F3: flips fr, 6 → 13 (pile out);
    //   fr → 7; 6 → 13 then {F3, fr}: any → 13. Hit = (13 + 7 + 13)/3 = 11 > 7.
    // Draw 6 (¼) → [2,6]: hit = (13 + 8 + 13)/3 = 34/3 > 8.
    expect(r.hit).toBeCloseTo((13 + 2 + 11 + 34 / 3) / 4, 12);
  });

  it('scores modifiers and ×2 by F7-13 (×2 doubles numbers only)', () => {
    // [4] with {x2, +4}: both come either way → 4 × 2 + 4 = 12.
    const r = f7SolveRound({ numbers: [4] }, pile({ x2: 1, '+4': 1 }));
    expect(r.hit).toBeCloseTo(12, 12);
    expect(f7SolveRound({ numbers: [4], x2: true, plus: 6 }, pile({})).value).toBe(14);
  });

  it('7 different numbers end the round with +15 (F7-7)', () => {
    // [1..6] = 21 with {7, 1}: ½ → 28 + 15 = 43, ½ bust → hit 21.5 > 21.
    const r = f7SolveRound({ numbers: [1, 2, 3, 4, 5, 6] }, pile({ 7: 1, 1: 1 }));
    expect(r.hit).toBeCloseTo(21.5, 12);
    expect(r.flip7).toBeCloseTo(0.5, 12);
    expect(r.action).toBe('hit');
  });

  it('a utility changes the policy: needing 20 more points makes a 12-point line push', () => {
    const deck = F7_NUMBERS_PILE.map((n, c) => (c === 12 || c === 0 ? 0 : n)); // the 0 and the 12s out
    const points = f7QuickSolve({ numbers: [12, 0] }, deck);
    const need20 = f7QuickSolve({ numbers: [12, 0] }, deck, { utility: (s) => (s >= 20 ? 1 : 0) });
    expect(points.stay).toBe(12);
    expect(need20.stay).toBe(0);
    expect(need20.action).toBe('hit');
  });

  it('refuses impossible lines', () => {
    expect(() => f7SolveRound({ numbers: [3, 3] }, F7_FULL_PILE)).toThrow(RangeError);
    expect(() => f7SolveRound({ numbers: [0, 1, 2, 3, 4, 5, 6] }, F7_FULL_PILE)).toThrow(RangeError);
  });
});

/**
 * A numbers-only round played alone, solved by brute force on the actual cards left in each pile
 * (no canonical states, no memo): the draw pile, then the discard pile once it is empty (F7-14).
 */
function bruteForce(line: number[], sc: boolean, plus: number, x2: boolean, first: number[], then: number[]): { stay: number; hit: number | null } {
  const score = (l: number[]) => l.reduce((a, b) => a + b, 0) * (x2 ? 2 : 1) + plus;
  const value = (l: number[], held: boolean, p1: number[], p2: number[]): number => {
    const h = hit(l, held, p1, p2);
    return h === null ? score(l) : Math.max(score(l), h);
  };
  const hit = (l: number[], held: boolean, p1: number[], p2: number[]): number | null => {
    const fromFirst = p1.length > 0;
    const pile = fromFirst ? p1 : p2;
    if (pile.length === 0) return null; // F7-14: both piles empty, the round ends
    let ev = 0;
    pile.forEach((card, i) => {
      const rest = [...pile.slice(0, i), ...pile.slice(i + 1)];
      const [q1, q2] = fromFirst ? [rest, p2] : [p1, rest];
      let v: number;
      if (l.includes(card)) {
        // F7-11: the Second Chance and the duplicate go to the discard pile; F7-6: else a bust.
        v = held ? value(l, false, q1, fromFirst ? [...q2, card] : q2) : 0;
      } else if (l.length === 6) v = score([...l, card]) + 15; // F7-7
      else v = value([...l, card], held, q1, q2);
      ev += v / pile.length;
    });
    return ev;
  };
  return { stay: score(line), hit: hit(line, sc, first, then) };
}

const counts = (cards: number[]) => pile(Object.fromEntries(cards.reduce((m, c) => m.set(String(c), (m.get(String(c)) ?? 0) + 1), new Map<string, number>())));

describe('Flip 7 quick solver: the discard pile reshuffled once the draw pile runs out (F7-14)', () => {
  it('plays on into the reshuffled discards: [5] with {7}, then {8}', () => {
    // Hit: 7 → [5,7] = 12; hit again: the discards {8} become the pile → [5,7,8] = 20, no risk.
    const r = f7QuickSolve({ numbers: [5] }, pile({ 7: 1 }), { reshuffle: pile({ 8: 1 }) });
    expect(r.hit).toBeCloseTo(20, 12);
    // Without the reshuffle the round would end at 12.
    expect(f7QuickSolve({ numbers: [5] }, pile({ 7: 1 })).hit).toBeCloseTo(12, 12);
    // A reshuffled pile of duplicates only: staying at 12 after the 7 (hitting would bust).
    const d = f7QuickSolve({ numbers: [5] }, pile({ 7: 1 }), { reshuffle: pile({ 5: 1 }) });
    expect(d.hit).toBeCloseTo(12, 12);
    expect(d.bust).toBe(0);
  });

  it('a duplicate a Second Chance discards comes back in the reshuffle (F7-11, F7-14)', () => {
    // [5]+SC with {5} then {9, 9}: the 5 uses the SC and joins the discards → {9, 9, 5}.
    // Hitting there: ⅓ bust (the 5), ⅔ → [5,9] = 14, then {9, 5} can only bust: 14 × ⅔ = 28/3 > 5.
    const r = f7QuickSolve({ numbers: [5], secondChance: true }, pile({ 5: 1 }), { reshuffle: pile({ 9: 2 }) });
    expect(r.hit).toBeCloseTo(28 / 3, 12);
    expect(r.bust).toBeCloseTo(1 / 3, 12);
  });

  it('agrees with a brute-force solve on the actual cards, for random small piles', () => {
    const number = fc.integer({ min: 0, max: 12 });
    fc.assert(fc.property(
      fc.uniqueArray(number, { maxLength: 5 }), fc.array(number, { maxLength: 5 }), fc.array(number, { maxLength: 4 }),
      fc.boolean(), fc.integer({ min: 0, max: 10 }), fc.boolean(),
      (line, first, then, sc, plus, x2) => {
        // F7-1: no pile holds more of a number than the deck has (the 0: one card).
        const all = [...line, ...first, ...then];
        fc.pre(all.every((n) => all.filter((m) => m === n).length <= Math.max(1, n)));
        const q = f7QuickSolve({ numbers: line, secondChance: sc, plus, x2, hasCards: true }, counts(first), { reshuffle: counts(then) });
        const b = bruteForce(line, sc, plus, x2, first, then);
        expect(q.stay).toBe(b.stay);
        if (b.hit === null) expect(q.hit).toBeNull();
        else expect(q.hit).toBeCloseTo(b.hit, 9);
      },
    ), { numRuns: 300 });
  });
});

