import { describe, expect, it } from 'vitest';
import { eventsFor, flip7, stirFryEighteen } from '../src/index.js';

describe('start: setup with the opening events', () => {
  it('Stir Fry Eighteen: the same game as setup, and the first turn\'s start and draw (SF-7)', () => {
    const input = { players: 3, seed: 'opening', first: 1 };
    const a = stirFryEighteen.setup(input);
    const b = stirFryEighteen.start(input);
    if (!a.ok || !b.ok) throw new Error('setup refused');
    expect(b.value.state).toEqual(a.value);
    expect(b.value.events.map((e) => e.type)).toEqual(['turn-start', 'draw', 'drawn']);
    expect(b.value.events[0]).toMatchObject({ type: 'turn-start', player: 1, turn: 1 });
    // The drawn card goes to its drawer alone.
    expect(eventsFor(b.value.events, 0).map((e) => e.type)).toEqual(['turn-start', 'draw']);
    expect(eventsFor(b.value.events, 1).map((e) => e.type)).toEqual(['turn-start', 'draw', 'drawn']);
  });

  it('Flip 7: the same game as setup, and the first deal (F7-4)', () => {
    const input = { players: 4, seed: 'opening', first: 2 };
    const a = flip7.setup(input);
    const b = flip7.start(input);
    if (!a.ok || !b.ok) throw new Error('setup refused');
    expect(b.value.state).toEqual(a.value);
    expect(b.value.events[0]).toEqual({ type: 'round-start', round: 1, dealer: 2 });
    const deals = b.value.events.filter((e) => e.type === 'deal').map((e) => (e as { seat: number }).seat);
    expect(deals.slice(0, 4)).toEqual([3, 0, 1, 2].slice(0, deals.length));
  });

  it('refuses what setup refuses', () => {
    const r = stirFryEighteen.start({ players: 9, seed: 'x' });
    expect(!r.ok && r.error.code).toBe('BAD_PLAYERS');
  });
});
