import { describe, expect, it } from 'vitest';
import {
  type Agent, type F7Action, type F7CardName, type F7View, F7_CARD_NAMES, F7_DECK_COUNTS, F7_HIT, F7_STAY, F7_GIVE_TO, flip7 as game, playGame,
} from '@parlor/rules';
import { type Bot, F7_BASIC, f7BasicBot, f7BasicDecide, f7ExpertBot, f7ExpertDecide, randomBot } from '../src/index.js';

type F7Bot = Bot<F7View, F7Action>;
const KINDS = [
  'hit-or-stay', 'deal-choice', 'give freeze', 'give flip-three', 'give second-chance',
  'set-aside freeze', 'set-aside flip-three',
] as const;
type Kind = (typeof KINDS)[number];

function kindOf(v: F7View): Kind {
  const p = v.pending!;
  if (p.kind === 'hit-or-stay') return p.atDeal ? 'deal-choice' : 'hit-or-stay';
  return `${p.setAside ? 'set-aside' : 'give'} ${p.card}` as Kind;
}

describe('Flip 7 bots', () => {
  it('answer every decision the game asks with one of the legal actions, 2–12 players', async () => {
    const seen: Record<'basic' | 'expert', Set<Kind>> = { basic: new Set(), expert: new Set() };
    for (let g = 0; g < 66; g++) {
      const players = 2 + (g % 11);
      // A mix: experts and basics (and a random bot now and then, for odd positions).
      const bots: F7Bot[] = Array.from({ length: players }, (_, i) =>
        ((g + i) % 5 === 4 ? randomBot<F7View, F7Action>() : (g + i) % 2 === 0 ? f7ExpertBot() : f7BasicBot()));
      const agents: Agent<F7View, F7Action>[] = bots.map((bot) => ({
        observe: bot.observe === undefined ? undefined : (events) => bot.observe!(events),
        decide: (view, legal, rng) => {
          const a = bot.decide(view, legal, rng) as F7Action;
          expect(legal).toContain(a); // one of the given (shared, frozen) objects, as is
          if (bot.level === 'basic' || bot.level === 'expert') seen[bot.level].add(kindOf(view));
          return a;
        },
      }));
      const r = await playGame({
        game, start: { players, seed: `f7 bots ${g}`, options: { target: g % 3 === 0 ? 100 : 200 } }, agents, seed: `f7 bots ${g}`, maxActions: 50_000,
      });
      expect(r.outcome).not.toBeNull();
    }
    for (const level of ['basic', 'expert'] as const) expect([...seen[level]].sort()).toEqual([...KINDS].sort());
  });
});

/** A hand-made view: seat 0 to act, the given lines, the rest of the deck in the draw pile. */
function view(lines: F7CardName[][], opts: { scores?: number[]; status?: F7View['status']; pending?: F7View['pending'] } = {}): F7View {
  const n = lines.length;
  const used = lines.reduce((a, l) => a + l.length, 0);
  return {
    game: 'flip-7', viewer: 0, players: n, options: { target: 200 }, round: 1, dealer: n - 1, phase: 'turns', turn: 0, toAct: [0],
    pending: opts.pending ?? { kind: 'hit-or-stay', seat: 0, atDeal: false },
    lines, status: opts.status ?? lines.map(() => 'active'), scores: opts.scores ?? lines.map(() => 0),
    flipThrees: [], inTransit: [], drawPileSize: 94 - used, discardPile: [], outcome: null,
  };
}
const HS = [F7_HIT, F7_STAY];

describe('Flip 7 basic bot thresholds', () => {
  it('stays when the next flip busts with chance ≥ 26% (F7-6)', () => {
    // [12, 11, 10]: 11 + 10 + 9 = 30 duplicates among 91 unseen cards = 33% → stay.
    expect(f7BasicDecide(view([['12', '11', '10'], ['1']]), HS)).toBe(F7_STAY);
    // [12, 1, 2] = 15 points: (11 + 0 + 1) / 90 = 13% → hit.
    expect(f7BasicDecide(view([['12', '1', '2'], ['3']]), HS)).toBe(F7_HIT);
    // [9, 8, 7] = 24 points: (8 + 7 + 6) / 90 = 23% → hit (< 26%, < 25 points).
    expect(f7BasicDecide(view([['9', '8', '7'], ['3']]), HS)).toBe(F7_HIT);
    expect(F7_BASIC.bustLimit).toBe(0.26);
  });

  it('stays at 25 points (F7-13), pushes to 40 with a Second Chance (F7-11)', () => {
    // [9, 6, +10] = 25, 13% duplicates → stay on points.
    expect(f7BasicDecide(view([['9', '6', '+10'], ['3']]), HS)).toBe(F7_STAY);
    // [12, 11, 10] + Second Chance = 33 < 40: no bust risk → hit.
    expect(f7BasicDecide(view([['12', '11', '10', 'second-chance'], ['3']]), HS)).toBe(F7_HIT);
    // The deal-time choice (F7-4) follows the same rule.
    const deal = view([['12', '11', '10'], ['1']], { pending: { kind: 'hit-or-stay', seat: 0, atDeal: true } });
    expect(f7BasicDecide({ ...deal, phase: 'deal' }, HS)).toBe(F7_STAY);
  });

  it('aims Freeze at the biggest line, Flip Three at the likeliest bust, keeps a Second Chance (F7-8..F7-11)', () => {
    const lines: F7CardName[][] = [['2'], ['12', '11'], ['3', '4', '5', '6'], ['1']];
    const give = (card: F7CardName, receivers: number[]) => view(lines, {
      pending: { kind: 'give', seat: 0, card, receivers, setAside: false },
    });
    const legal = (rs: number[]) => rs.map((r) => F7_GIVE_TO[r]!);
    expect(f7BasicDecide(give('freeze', [0, 1, 2, 3]), legal([0, 1, 2, 3]))).toBe(F7_GIVE_TO[1]); // 23 > 18
    expect(f7BasicDecide(give('flip-three', [0, 1, 2, 3]), legal([0, 1, 2, 3]))).toBe(F7_GIVE_TO[1]); // 21 dups vs 14
    expect(f7BasicDecide(give('second-chance', [0, 1, 2, 3]), legal([0, 1, 2, 3]))).toBe(F7_GIVE_TO[0]);
    expect(f7BasicDecide(give('second-chance', [1, 2, 3]), legal([1, 2, 3]))).toBe(F7_GIVE_TO[3]); // weakest
  });
});

describe('Flip 7 expert bot, situations', () => {
  it('stays when staying wins the game now (F7-15) and pushes when an opponent has already won otherwise', () => {
    // 190 + [12, 1] = 203 ≥ 200 and the opponent has stayed on 150: staying wins.
    const win = view([['12', '1'], ['5']], { scores: [190, 150], status: ['active', 'stayed'] });
    expect(f7ExpertDecide(win, HS)).toBe(F7_STAY);
    // The opponent banked 205 (stayed): staying on 150 + 13 loses for sure, so push, even with a big risk.
    const lose = view([['12', '11', '10'], ['9', '8', '6', '5']], { scores: [150, 177], status: ['active', 'stayed'] });
    expect(f7ExpertDecide(lose, HS)).toBe(F7_HIT);
  });

  it('freezes a leader about to cross the target whose line is still small', () => {
    const v = view([['5', '6'], ['2'], ['7']], {
      scores: [120, 195, 100],
      pending: { kind: 'give', seat: 0, card: 'freeze', receivers: [0, 1, 2], setAside: false },
    });
    expect(f7ExpertDecide(v, [F7_GIVE_TO[0]!, F7_GIVE_TO[1]!, F7_GIVE_TO[2]!])).toBe(F7_GIVE_TO[1]);
  });

  it('on an empty draw pile, judges the next flip by the discard pile that will be shuffled into a new one (F7-14)', () => {
    const lines: F7CardName[][] = [['3'], ['5']];
    const out = lines.flat();
    // Every other card of the deck is in the discard pile: hitting on a lone 3 is nearly safe.
    const rest: F7CardName[] = F7_CARD_NAMES.flatMap((n, code) =>
      Array.from<F7CardName>({ length: F7_DECK_COUNTS[code]! - out.filter((c) => c === n).length }).fill(n));
    expect(f7ExpertDecide({ ...view(lines), drawPileSize: 0, discardPile: rest }, HS)).toBe(F7_HIT);
    // Only the other two 3s are left to shuffle: the next flip busts for sure.
    expect(f7ExpertDecide({ ...view(lines), drawPileSize: 0, discardPile: ['3', '3'] }, HS)).toBe(F7_STAY);
  });

  it('plays on past a draw pile about to run out: the discard pile is shuffled into the next one (F7-14)', () => {
    const lines: F7CardName[][] = [['3'], ['5']];
    const out = [...lines.flat(), '+2'];
    // The draw pile's last card is the +2 (no number); every other card is in the discard pile.
    // Solving the draw pile alone, the round would end after the +2; with the reshuffle, hitting on a
    // lone 3 is nearly safe.
    const rest: F7CardName[] = F7_CARD_NAMES.flatMap((n, code) =>
      Array.from<F7CardName>({ length: F7_DECK_COUNTS[code]! - out.filter((c) => c === n).length }).fill(n));
    expect(f7ExpertDecide({ ...view(lines), drawPileSize: 1, discardPile: rest }, HS)).toBe(F7_HIT);
  });
});
