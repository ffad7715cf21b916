import { describe, expect, it } from 'vitest';
import { type SfEvent, sfCardIndex, eventsFor, stirFryEighteen as game } from '@parlor/rules';
import { SfBelief } from '../src/index.js';
import { RHO_BLUFF, RHO_HONEST } from '../src/stir-fry-eighteen/belief.js';
import { position } from './sf-support.js';

const PORK = sfCardIndex('pork'), SHRIMP = sfCardIndex('shrimp'), NOODLES = sfCardIndex('noodles');
const C = (n: number, k: number): number => (k < 0 || k > n ? 0 : k === 0 ? 1 : (C(n - 1, k - 1) * n) / k);

/** Feeds `events` one by one until (and including) the first that matches `until`. */
function feedUntil(b: SfBelief, events: SfEvent[], until: (e: SfEvent) => boolean): SfEvent[] {
  let i = 0;
  for (; i < events.length; i++) {
    b.observe([events[i]!]);
    if (until(events[i]!)) break;
  }
  return events.slice(i + 1);
}

describe('expert belief: exact on hand-worked positions', () => {
  it('heads-up: draws, a dish and the cook draw (SF-7, SF-21, SF-22)', () => {
    // Seat 0 (us) holds Shrimp, Ginger, Ginger; seat 1 holds Noodles, Soy Sauce, Mushroom and draws
    // Noodles at its turn start. The 15 cards we cannot place: Pork, Chicken, Green Onion ×2,
    // Soy ×3, Mushroom ×3, Noodles ×5.
    const s = position({
      hands: [['shrimp', 'ginger', 'ginger'], ['noodles', 'soy-sauce', 'mushroom']], top: ['noodles'], first: 1,
    });
    const b = new SfBelief();
    b.init(game.view(s, 0));
    // 4 unknown cards out of 15: P(Pork among them) = 1 − C(14,4)/C(15,4) = 4/15.
    expect(b.pHolds(1, PORK)).toBeCloseTo(1 - C(14, 4) / C(15, 4), 12);
    expect(b.pHolds(1, PORK)).toBeCloseTo(4 / 15, 12);

    const r = game.apply(s, 1, { type: 'cook', cards: ['noodles', 'soy-sauce', 'mushroom'] });
    if (!r.ok) throw new Error(r.error.message);
    const mine = eventsFor(r.events, 0);
    // After the dish: the hand was a uniform 4-card subset of the 15 physical cards holding a Noodles,
    // a Soy and a Mushroom. Counting subsets by the 4th card x: Pork 5·3·3 = 45, Chicken 45, Soy 45
    // (5·C(3,2)·3), Mushroom 45, Green Onion 5·3·3·2 = 90, Noodles C(5,2)·3·3 = 90; of 360.
    let rest = feedUntil(b, mine, (e) => e.type === 'cook');
    expect(b.pHolds(1, PORK)).toBeCloseTo(45 / 360, 12);
    expect(b.pHolds(1, NOODLES)).toBeCloseTo(90 / 360, 12);
    // The dish is shuffled back (SF-22), then seat 1 draws 1 of the 14 cards not in its hand:
    // P(Pork) = 1/8 + 7/8 · 1/14 = 3/16.
    rest = feedUntil(b, rest, (e) => e.type === 'draw' && e.reason === 'cook');
    expect(b.pHolds(1, PORK)).toBeCloseTo(3 / 16, 12);
    // Our own draw of a card rules it out of seat 1's hand only in proportion: drawing Pork ourselves
    // makes it certain seat 1 has none.
    b.observe([{ type: 'drawn', player: 0, cards: ['pork'], only: 0 }]);
    expect(b.pHolds(1, PORK)).toBe(0);
  });

  it('Tofu: the removed card is one of the unplaced base cards (SF-30)', () => {
    // We hold Tofu, Noodles ×2 and draw Noodles. The 15 unplaced cards are all base cards; one of
    // them is the removed card and the opponent's 3 cards are 3 of the other 14: P(Shrimp) = 3/15.
    const s = position({
      hands: [['tofu', 'noodles', 'noodles'], ['ginger', 'soy-sauce', 'chicken']], top: ['noodles'], first: 0,
      options: { tofu: true }, removed: 'mushroom',
    });
    const b = new SfBelief();
    b.init(game.view(s, 0));
    expect(b.pHolds(1, SHRIMP)).toBeCloseTo(3 / 15, 12);
    // Noodles: 2 of the 15 unplaced; P(none in the 3 held) = C(13,3)/C(15,3) whichever base card was removed
    // (by symmetry the hand is 3 uniform cards of the 15): 1 − 286/455.
    expect(b.pHolds(1, NOODLES)).toBeCloseTo(1 - C(13, 3) / C(15, 3), 12);
  });

  it('the probability that a protein claim is a lie (model A3/A4)', () => {
    // We hold Noodles ×3; seat 1 draws at its turn start and holds 4 of the 15 others.
    const s = position({
      hands: [['noodles', 'noodles', 'noodles'], ['ginger', 'soy-sauce', 'chicken']], top: ['mushroom'], first: 1,
    });
    const b = new SfBelief();
    b.init(game.view(s, 0));
    const r = game.apply(s, 1, { type: 'discard-protein', card: 'mushroom', claim: 'shrimp' });
    if (!r.ok) throw new Error(r.error.message);
    b.observe(eventsFor(r.events, 0));
    // h = 1/2. Honest: declares Shrimp only holding it: weight h·ρH·P(Shrimp ∈ hand) = h·ρH·4/15.
    // Bluffer: claims Shrimp with prob. 1/3 and puts down a uniform card: (1−h)·ρB/3, a lie unless
    // that card is the Shrimp: E[1 − n_shrimp/4] = 1 − (4/15)/4 = 14/15.
    const h = 0.5;
    const honest = h * RHO_HONEST * (4 / 15);
    const bluff = (1 - h) * (RHO_BLUFF / 3);
    expect(b.pending?.pLie).toBeCloseTo((bluff * (14 / 15)) / (honest + bluff), 12);
    expect(b.honest(1)).toBeCloseTo(honest / (honest + bluff), 12);
    // Holding the claimed card makes the lie certain.
    const s2 = position({
      hands: [['shrimp', 'noodles', 'noodles'], ['ginger', 'soy-sauce', 'chicken']], top: ['mushroom'], first: 1,
    });
    const b2 = new SfBelief();
    b2.init(game.view(s2, 0));
    const r2 = game.apply(s2, 1, { type: 'discard-protein', card: 'mushroom', claim: 'shrimp' });
    if (!r2.ok) throw new Error(r2.error.message);
    b2.observe(eventsFor(r2.events, 0));
    expect(b2.pending?.pLie).toBeCloseTo(1, 12);
  });

  it('a revealed discard is removed from the declarer and seen by the others (SF-16)', () => {
    // 3 players; seat 2 tests seat 1's pair and it shows Ginger + Ginger.
    const s = position({
      hands: [['noodles', 'noodles', 'noodles'], ['ginger', 'ginger', 'chicken'], ['soy-sauce', 'soy-sauce', 'mushroom']],
      top: ['pork'], first: 1,
    });
    const b = new SfBelief();
    b.init(game.view(s, 0));
    const r = game.apply(s, 1, { type: 'discard-pair', cards: ['ginger', 'ginger'] });
    if (!r.ok) throw new Error(r.error.message);
    b.observe(eventsFor(r.events, 0));
    const t = game.apply(r.state, 2, { type: 'taste-test' });
    if (!t.ok) throw new Error(t.error.message);
    b.observe(eventsFor(t.events, 0).filter((e) => e.type !== 'draw' && e.type !== 'drawn'));
    // No Ginger is left unplaced: nobody can hold one.
    expect(b.pHolds(1, sfCardIndex('ginger'))).toBe(0);
    expect(b.pHolds(2, sfCardIndex('ginger'))).toBe(0);
    // Seat 2 put its whole hand down (SF-17): it holds nothing.
    expect(b.trackers[2]!.handSize()).toBe(0);
  });
});
