import { describe, expect, it } from 'vitest';
import { type F7Event, eventsFor, flip7, stirFryEighteen } from '../src/index.js';

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
    const events = b.value.events;
    expect(events[0]).toEqual({ type: 'round-start', round: 1, dealer: 2 });
    // F7-4: one card to each player, from the dealer's left round to the dealer; every card is
    // public. With this seed nothing stops the deal: four deals, then the dealer (dealt a Second
    // Chance, F7-11) is the first to decide.
    const deals = events.slice(1) as Extract<F7Event, { type: 'deal' }>[];
    expect(deals.map((e) => e.type)).toEqual(['deal', 'deal', 'deal', 'deal']);
    expect(deals.map((e) => e.seat)).toEqual([3, 0, 1, 2]);
    expect(eventsFor(events, 'spectator')).toEqual(events);
    expect(flip7.toAct(b.value.state)).toEqual([2]);
    // The events are the deal that happened: each card dealt is in front of its player, or in
    // transit while its receiver is chosen.
    const v = flip7.view(b.value.state, 'spectator');
    for (const d of deals) expect([...v.lines[d.seat]!, ...v.inTransit]).toContain(d.card);
    expect(v.lines.flat().length + v.inTransit.length).toBe(4);
  });

  it('refuses what setup refuses', () => {
    const r = stirFryEighteen.start({ players: 9, seed: 'x' });
    expect(!r.ok && r.error.code).toBe('BAD_PLAYERS');
  });
});
