import { describe, expect, it } from 'vitest';
import {
  type Agent, flip7, f7Stats, type F7Action, type F7Event, type F7ScoreBreakdown, type F7State, type F7View, playGame,
} from '../src/index.js';

// Hand-made event lists: only the events f7Stats reads matter (round-start, bust, round-end),
// the others are there to show they are ignored.

const b = (numbers: number, opts: Partial<F7ScoreBreakdown> = {}): F7ScoreBreakdown => {
  const x2 = opts.x2 ?? false, modifiers = opts.modifiers ?? 0, flip7Bonus = opts.flip7Bonus ?? 0;
  return { numbers, x2, modifiers, flip7Bonus, total: (x2 ? numbers * 2 : numbers) + modifiers + flip7Bonus };
};
const BUSTED = b(0);

describe('f7Stats', () => {
  it('counts nothing for a game without events', () => {
    expect(f7Stats([], 3)).toEqual([0, 1, 2].map((seat) => ({ seat, roundsBanked: 0, busts: 0, flip7s: 0, bestRound: 0 })));
  });

  it('banks, busts, Flip 7s and best round over three rounds', () => {
    const events: F7Event[] = [
      // Round 1: 0 stays on 12 (F7-5), 1 busts on a 7 (F7-6), 2 is frozen on a +4 only (F7-9, F7-13).
      { type: 'round-start', round: 1, dealer: 2 },
      { type: 'deal', seat: 0, card: '12' },
      { type: 'deal', seat: 1, card: '7' },
      { type: 'deal', seat: 2, card: '+4' },
      { type: 'stay', seat: 0, atDeal: false },
      { type: 'flip', seat: 1, card: '7', flipThree: false },
      { type: 'bust', seat: 1, card: '7' },
      { type: 'give', from: 2, to: 2, card: 'freeze', setAside: false },
      { type: 'freeze', seat: 2 },
      { type: 'round-end', round: 1, reason: 'no-one-active', flip7: null, breakdown: [b(12), BUSTED, b(0, { modifiers: 4 })], scores: [12, 0, 4] },
      // Round 2: 1 makes a Flip 7 with ×2 (F7-7, F7-13); 0 busts; 2 is still active with 5 (banks it).
      { type: 'round-start', round: 2, dealer: 0 },
      { type: 'bust', seat: 0, card: '3' },
      { type: 'flip-7', seat: 1 },
      { type: 'round-end', round: 2, reason: 'flip-7', flip7: 1, breakdown: [BUSTED, b(28, { x2: true, flip7Bonus: 15 }), b(5)], scores: [12, 71, 9] },
      // Round 3: 0 busts again; 2 stays with nothing but a 0 (scores 0: not banked).
      { type: 'round-start', round: 3, dealer: 1 },
      { type: 'bust', seat: 0, card: '9' },
      { type: 'stay', seat: 2, atDeal: false },
      { type: 'stay', seat: 1, atDeal: false },
      { type: 'round-end', round: 3, reason: 'no-one-active', flip7: null, breakdown: [BUSTED, b(20), b(0)], scores: [12, 91, 9] },
      { type: 'game-over', winners: [1], scores: [12, 91, 9] },
    ];
    expect(f7Stats(events, 3)).toEqual([
      { seat: 0, roundsBanked: 1, busts: 2, flip7s: 0, bestRound: 12 },
      { seat: 1, roundsBanked: 2, busts: 1, flip7s: 1, bestRound: 71 },
      { seat: 2, roundsBanked: 2, busts: 0, flip7s: 0, bestRound: 5 },
    ]);
  });

  it('a Second Chance used is not a bust (F7-11)', () => {
    const events: F7Event[] = [
      { type: 'round-start', round: 1, dealer: 1 },
      { type: 'second-chance-used', seat: 0, card: '8' },
      { type: 'stay', seat: 0, atDeal: false },
      { type: 'round-end', round: 1, reason: 'no-one-active', flip7: null, breakdown: [b(8), b(3)], scores: [8, 3] },
    ];
    expect(f7Stats(events, 2)).toEqual([
      { seat: 0, roundsBanked: 1, busts: 0, flip7s: 0, bestRound: 8 },
      { seat: 1, roundsBanked: 1, busts: 0, flip7s: 0, bestRound: 3 },
    ]);
  });

  it('a round not yet ended counts its busts but banks nothing', () => {
    const events: F7Event[] = [
      { type: 'round-start', round: 1, dealer: 0 },
      { type: 'bust', seat: 1, card: '4' },
      { type: 'stay', seat: 0, atDeal: false },
    ];
    expect(f7Stats(events, 2)).toEqual([
      { seat: 0, roundsBanked: 0, busts: 0, flip7s: 0, bestRound: 0 },
      { seat: 1, roundsBanked: 0, busts: 1, flip7s: 0, bestRound: 0 },
    ]);
  });

  it('ignores seats outside the table', () => {
    const events: F7Event[] = [
      { type: 'bust', seat: 5, card: '4' },
      { type: 'round-end', round: 1, reason: 'flip-7', flip7: 7, breakdown: [b(1), b(2)], scores: [1, 2] },
    ];
    expect(f7Stats(events, 2).map((s) => s.flip7s + s.busts)).toEqual([0, 0]);
  });

  it('agrees with a whole game played by the engine', async () => {
    const r = flip7.start({ players: 4, seed: 'stats-game', first: 0 });
    if (!r.ok) throw new Error(r.error.message);
    // Every event of the game, the opening deal's too (stats read the whole game).
    const events: F7Event[] = [...r.value.events];
    // Hit while the line is short, else stay; give to the first allowed receiver.
    const agent: Agent<F7View, F7Action, F7Event> = {
      decide: (view, legal) => legal.find((a) => a.type === 'give') ?? (view.lines[view.viewer as number]!.length < 4 ? legal[0]! : legal[1]!),
    };
    const { state: s } = await playGame<F7State, F7Action, F7Event>({
      game: flip7, start: { state: r.value.state, events: r.value.events }, agents: [agent, agent, agent, agent], seed: 'stats-game', maxActions: 5000,
      onAction: (played) => { events.push(...played.events); },
    });
    const outcome = flip7.outcome(s);
    expect(outcome).not.toBeNull();
    const stats = f7Stats(events, 4);
    const ends = events.filter((e) => e.type === 'round-end');
    const busts = events.filter((e) => e.type === 'bust');
    expect(stats.reduce((n, x) => n + x.busts, 0)).toBe(busts.length);
    expect(stats.reduce((n, x) => n + x.flip7s, 0)).toBe(events.filter((e) => e.type === 'flip-7').length);
    for (const x of stats) {
      expect(x.roundsBanked).toBeLessThanOrEqual(ends.length);
      expect(x.bestRound).toBeLessThanOrEqual(outcome!.scores[x.seat]!);
      expect(x.roundsBanked > 0).toBe(outcome!.scores[x.seat]! > 0);
    }
  });
});
