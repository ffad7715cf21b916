/**
 * The Flip 7 table's moments (ui/games/flip-7/frames.ts), against real games played by the rules
 * package: what a round's end shows before the next deal (F7-12..F7-14), how long each moment is
 * held at each pace (issue 11, item 4), how a lagging table catches up, which cards travel; and the
 * card tooltips' words (F7-6, F7-8..F7-13).
 */
import type { GameSnapshot } from '@parlor/protocol';
import {
  type F7Action, type F7Event, type F7State, type F7View, flip7, f7Apply, f7CardCode, f7LegalActions, f7ScoreLine, f7Start, f7ToAct, f7View,
} from '@parlor/rules';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en/f7.json' with { type: 'json' };
import type { Pace } from '../src/state/settings.js';
import {
  MAX_BEHIND, arrivals, enqueue, eventsSince, f7HoldMs as holdMs, foldEvents, framesOf, heldFor, holdFor, notable, stepMs,
} from '../src/ui/games/flip-7/frames.js';
import { scoreFormula } from '../src/ui/games/flip-7/RoundSummary.js';
import { cardTip, type Translate } from '../src/ui/games/flip-7/text.js';

/** A small deterministic generator for the players' choices. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return (x >>> 0) / 2 ** 32; };
}

interface Step { before: F7View; after: F7View; events: F7Event[]; seq: number }

/** One whole game of `players`, every move random; each move with the spectator's view before and after. */
function playGame(seed: string, players: number): Step[] {
  const r = rng(seed.length * 7919 + players);
  const started = f7Start({ players, seed, options: { target: 100 } });
  if (!started.ok) throw new Error('setup');
  let s: F7State = started.value.state;
  const steps: Step[] = [];
  for (let seq = 1; seq < 5000; seq++) {
    const seat = f7ToAct(s)[0];
    if (seat === undefined) return steps;
    const legal = f7LegalActions(s, seat) as F7Action[];
    const action = legal[Math.floor(r() * legal.length)]!;
    const before = f7View(s, 'spectator');
    const applied = f7Apply(s, seat, action);
    if (!applied.ok) throw new Error('refused');
    s = applied.state;
    steps.push({ before, after: f7View(s, 'spectator'), events: flip7.eventsFor(applied.events, 'spectator'), seq });
  }
  throw new Error('the game did not end');
}

const snapshotOf = (st: Step): GameSnapshot => ({ gameNo: 1, seq: st.seq, view: st.after, events: st.events } as unknown as GameSnapshot);
const GAMES = Array.from({ length: 12 }, (_, i) => playGame(`frames-${i}`, 2 + (i % 7)));

describe('a round\'s end held before the next deal (F7-12, F7-13, F7-14)', () => {
  it('a move that ends a round and deals the next is two moments: the round\'s end with its lines, then the deal', () => {
    let seen = 0;
    for (const game of GAMES) {
      for (const st of game) {
        const end = st.events.findIndex((e) => e.type === 'round-end');
        const frames = framesOf(st.before, snapshotOf(st), 1000, 'normal');
        if (end < 0 || end === st.events.length - 1) { expect(frames).toHaveLength(1); continue; }
        seen++;
        expect(frames).toHaveLength(2);
        const [first, second] = frames as [typeof frames[0], typeof frames[0]];
        const roundEnd = st.events[end] as Extract<F7Event, { type: 'round-end' }>;
        expect(first.roundEnd).toBe(true);
        expect(first.key).toBe(`1:${st.seq}:end`);
        expect(first.events).toEqual(st.events.slice(0, end + 1));
        expect(first.logCount).toBe(1000 - (st.events.length - end - 1));
        expect(first.hold).toBe(Math.max(holdMs('round', 'normal'), ...first.events.map((e) => (e.type === 'flip-7' ? holdMs('flip7', 'normal') : 0))));
        // The lines shown are the lines the round was scored from (F7-13): each seat's points and busts.
        const busted = new Set(first.events.flatMap((e) => (e.type === 'bust' ? [e.seat] : [])));
        for (let seat = 0; seat < first.view.players; seat++) {
          const line = first.view.lines[seat]!.map(f7CardCode);
          const b = f7ScoreLine(line, first.view.status[seat] === 'busted', roundEnd.flip7 === seat);
          expect(b.total, `seat ${seat}'s line ${first.view.lines[seat]!.join(',')}`).toBe(roundEnd.breakdown[seat]!.total);
          if (busted.has(seat) || st.before.status[seat] === 'busted') expect(first.view.status[seat]).toBe('busted');
        }
        expect(first.view.scores).toEqual(roundEnd.scores);
        // Nothing is asked while the round's end is shown.
        expect(first.view.pending).toBeNull();
        expect(first.view.toAct).toEqual([]);
        expect(second.roundEnd).toBe(false);
        expect(second.view).toBe(st.after);
        expect(second.events).toEqual(st.events.slice(end + 1));
        expect(second.logCount).toBe(1000);
      }
    }
    expect(seen, 'rounds that ended and dealt the next in one move').toBeGreaterThan(20);
  });

  it('folding a move\'s events onto the view before gives the lines of the view after (cards in front of players are public, F7-16)', () => {
    let checked = 0;
    for (const game of GAMES) {
      for (const st of game) {
        if (st.events.some((e) => e.type === 'round-end' || e.type === 'round-start')) continue;
        const folded = foldEvents(st.before, st.events);
        expect(folded.lines.map((l) => [...l].sort()), `move ${st.seq}: ${st.events.map((e) => e.type).join(' ')}`)
          .toEqual(st.after.lines.map((l) => [...l].sort()));
        expect(folded.status).toEqual(st.after.status);
        expect(folded.drawPileSize).toBe(st.after.drawPileSize);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('snapshots that came faster than the screen took them in', () => {
  it('the events of every snapshot since the last one seen come from the log, so no bust or round\'s end is missed', () => {
    const dealsNext = (st: Step) => st.events.some((e, i) => e.type === 'round-end' && i < st.events.length - 1);
    const game = GAMES.find((g) => g.findIndex(dealsNext) >= 3)!;
    const log = game.flatMap((st) => st.events.map((event) => ({ seq: st.seq, event })));
    const end = game.findIndex(dealsNext);
    // The three snapshots up to the round's end arrive at once: the screen sees only the last.
    const last = game[end]!;
    const since = eventsSince(last.seq - 3, snapshotOf(last), log.filter((x) => x.seq <= last.seq));
    expect(since).toEqual(game.slice(end - 2, end + 1).flatMap((st) => st.events));
    expect(since.filter((e) => e.type === 'round-end')).toHaveLength(1);
    // The next snapshot in turn: its own events.
    expect(eventsSince(last.seq - 1, snapshotOf(last), log)).toBe(last.events);
    // Folded from the view three snapshots back, the round's end shows the lines it was scored from.
    const frames = framesOf(game[end - 3]!.after, snapshotOf(last), 1000, 'normal', since);
    expect(frames).toHaveLength(2);
    const roundEnd = since.find((e) => e.type === 'round-end') as Extract<F7Event, { type: 'round-end' }>;
    frames[0]!.view.lines.forEach((line, seat) => {
      expect(f7ScoreLine(line.map(f7CardCode), frames[0]!.view.status[seat] === 'busted', roundEnd.flip7 === seat).total).toBe(roundEnd.breakdown[seat]!.total);
    });
  });
});

describe('how long a moment is held, at each pace (issue 11, item 4)', () => {
  const paces: Pace[] = ['fast', 'normal', 'relaxed'];
  const bust: F7Event[] = [{ type: 'flip', seat: 0, card: '5', flipThree: false }, { type: 'bust', seat: 0, card: '5' }];
  const hit: F7Event[] = [{ type: 'flip', seat: 0, card: '5', flipThree: false }];
  const flip7: F7Event[] = [{ type: 'flip', seat: 0, card: '5', flipThree: false }, { type: 'flip-7', seat: 0 }];

  it('a bust, a Flip 7, an action card are held longer than a plain hit, and longer at a slower pace', () => {
    for (const pace of paces) {
      expect(holdFor(hit, pace)).toBe(stepMs(pace));
      expect(holdFor(bust, pace)).toBe(holdMs('bust', pace));
      expect(holdFor(flip7, pace)).toBe(holdMs('flip7', pace));
      expect(holdFor([{ type: 'freeze', seat: 1 }], pace)).toBe(holdMs('declare', pace));
      expect(holdFor(bust, pace)).toBeGreaterThan(holdFor(hit, pace));
    }
    expect(holdFor(bust, 'relaxed')).toBeGreaterThan(holdFor(bust, 'normal'));
    expect(holdFor(bust, 'normal')).toBeGreaterThan(holdFor(bust, 'fast'));
    expect(stepMs('relaxed')).toBeGreaterThan(stepMs('normal'));
    expect(stepMs('normal')).toBeGreaterThan(stepMs('fast'));
  });

  it('a lagging table drops plain moments (never a notable one, nor the newest) and holds the rest a third as long', () => {
    const frame = (i: number, events: F7Event[]) => ({
      key: `1:${i}`, seq: i, view: GAMES[0]![0]!.after, events, logCount: i, hold: holdFor(events, 'normal'), roundEnd: false,
    });
    const few = [frame(1, hit), frame(2, bust), frame(3, hit)];
    expect(enqueue([], few, 'normal')).toEqual(few);
    const many = [frame(1, hit), frame(2, bust), frame(3, hit), frame(4, hit), frame(5, flip7), frame(6, hit), frame(7, hit), frame(8, hit)];
    const kept = enqueue(many.slice(0, 6), many.slice(6), 'normal');
    expect(kept.map((f) => f.seq)).toEqual([2, 5, 8]);
    expect(kept.slice(0, -1).every((f) => notable(f, 'normal'))).toBe(true);
    const b = frame(2, bust);
    expect(heldFor(b, 0, false)).toBe(b.hold);
    expect(heldFor(b, MAX_BEHIND, false)).toBe(b.hold);
    expect(heldFor(b, MAX_BEHIND + 1, false)).toBe(Math.round(b.hold / 3));
    // My move against a timer: the table hurries rather than spend my time.
    expect(heldFor(b, 0, true)).toBe(Math.round(b.hold / 3));
  });
});

describe('which cards travel from the deck', () => {
  it('numbers and modifiers dealt or flipped, a Freeze or Second Chance given; not an action card flipped (it waits to be given, F7-8)', () => {
    const events: F7Event[] = [
      { type: 'deal', seat: 0, card: '7' },
      { type: 'flip', seat: 1, card: 'freeze', flipThree: false },
      { type: 'freeze', seat: 2 },
      { type: 'flip', seat: 1, card: '+4', flipThree: false },
      { type: 'second-chance-kept', seat: 1 },
      { type: 'stay', seat: 0, atDeal: false },
    ];
    expect(arrivals(events)).toEqual([
      { seat: 0, card: '7', order: 0 }, { seat: 2, card: 'freeze', order: 1 }, { seat: 1, card: '+4', order: 2 }, { seat: 1, card: 'second-chance', order: 3 },
    ]);
  });
});

describe('words of the table', () => {
  let t: Translate;
  beforeAll(async () => {
    const i = i18next.createInstance();
    await i.init({ lng: 'en', resources: { en: { translation: { f7: en } } }, interpolation: { escapeValue: false } });
    t = i.t.bind(i) as unknown as Translate;
  });

  it('a card\'s tooltip says what it does (F7-6, F7-10, F7-11, F7-13), with plurals', () => {
    expect(cardTip('1', t)).toBe('1 — a number card worth 1 point. A second 1 in the same line is a bust.');
    expect(cardTip('12', t)).toBe('12 — a number card worth 12 points. A second 12 in the same line is a bust.');
    expect(cardTip('+4', t)).toMatch(/^\+4 — adds 4 points/);
    expect(cardTip('x2', t)).toMatch(/^×2 — doubles the sum of the number cards/);
    expect(cardTip('freeze', t)).toBe(`Freeze — ${en.cardHelp.freeze}`);
    expect(cardTip('second-chance', t)).toBe(`Second Chance — ${en.cardHelp['second-chance']}`);
    expect(cardTip('9', t, true)).toBe('A second 9: this line busted and scores nothing this round.');
  });

  it('the round summary says how a score adds up (F7-13)', () => {
    expect(scoreFormula({ numbers: 12, x2: true, modifiers: 4, flip7Bonus: 15, total: 43 })).toBe('12 × 2 + 4 + 15');
    expect(scoreFormula({ numbers: 9, x2: false, modifiers: 0, flip7Bonus: 0, total: 9 })).toBe('9');
  });
});
