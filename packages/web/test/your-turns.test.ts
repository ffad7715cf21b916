import type { GameEvent, YourTurnTable, YourTurns } from '@parlor/protocol';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../src/i18n/locales/en/common.json' with { type: 'json' };
import enF7 from '../src/i18n/locales/en/f7.json' with { type: 'json' };
import enTurns from '../src/i18n/locales/en/turns.json' with { type: 'json' };
import plTurns from '../src/i18n/locales/pl/turns.json' with { type: 'json' };
import type { LogEntry } from '../src/state/store.js';
import { describeF7Move } from '../src/ui/games/flip-7/describe.js';
import { secondsLeft, secondsSince, splitTurns, titleWithCount, waitingCount, whoseMove } from '../src/ui/turns/rows.js';
import { sinceYourMove } from '../src/ui/turns/since.js';

// "Your turns" in the web client: whose move and time left on each row, the count in the header and
// the tab's title, the last move in the game log's words, and where "since your last move" begins.

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en', interpolation: { escapeValue: false },
    resources: { en: { translation: { ...enCommon, turns: enTurns, f7: enF7 } }, pl: { translation: { turns: plTurns } } },
  });
});
const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

const table = (over: Partial<YourTurnTable>): YourTurnTable => ({
  tableId: 'T', game: 'flip-7', gameNo: 1, seq: 3, private: false,
  seats: [{ seat: 0, kind: 'player', name: 'Ann' }, { seat: 1, kind: 'player', name: 'Bob' }, { seat: 2, kind: 'bot', level: 'expert' }],
  yourSeats: [0], toMove: [1], yourMove: false, window: false, deadline: 10_000_000, moveSeconds: 86_400, bankSeconds: 0, banks: [0, 0, 0], yourBank: 0,
  lastMove: null, ...over,
});

describe('a row of "Your turns"', () => {
  it('says whose move: yours emphasized (an answer in a response window), else the names of those asked', () => {
    expect(whoseMove(table({ yourMove: true, toMove: [0] }), t)).toEqual({ yours: true, text: 'Your move' });
    expect(whoseMove(table({ yourMove: true, toMove: [0, 1], window: true }), t)).toEqual({ yours: true, text: 'Your answer' });
    expect(whoseMove(table({ toMove: [1] }), t)).toEqual({ yours: false, text: 'Bob to move' });
    expect(whoseMove(table({ toMove: [1, 2] }), t).text).toBe('Bob, Expert bot 3 to move');
  });

  it("counts time left on the server's clock, by the time passed in this browser, never below zero", () => {
    const x = table({ deadline: 1_000_000 + 3 * 3_600_000 });
    // The server said it was 1,000,000 when this browser's clock read 50; 60 s have passed here since.
    expect(secondsLeft(x, 1_000_000, 50, 50 + 60_000)).toBe(3 * 3600 - 60);
    expect(secondsLeft(x, 1_000_000, 50, 50 + 4 * 3_600_000)).toBe(0);
    expect(secondsLeft(table({ deadline: null }), 1_000_000, 50, 50)).toBeNull();
    expect(secondsSince(400_000, 1_000_000, 50, 50 + 10_000)).toBe(610);
  });

  it('splits the tables waiting for you from the others, in the order given, and counts them', () => {
    const answer: YourTurns = { now: 0, tables: [table({ tableId: 'a', yourMove: true }), table({ tableId: 'b' }), table({ tableId: 'c', yourMove: true })] };
    const { yours, others } = splitTurns(answer);
    expect(yours.map((x) => x.tableId)).toEqual(['a', 'c']);
    expect(others.map((x) => x.tableId)).toEqual(['b']);
    expect(waitingCount(answer)).toBe(2);
    expect(waitingCount(null)).toBe(0);
  });

  it('puts the count in front of the tab title, replacing one there, and none at zero', () => {
    expect(titleWithCount('Parlor', 2)).toBe('(2) Parlor');
    expect(titleWithCount('(2) Parlor', 3)).toBe('(3) Parlor');
    expect(titleWithCount('(3) Your turn-based games — Parlor', 0)).toBe('Your turn-based games — Parlor');
    expect(titleWithCount('(not a count) Parlor', 1)).toBe('(1) (not a count) Parlor');
  });

  it("gives the header link's name with its count, in each language's plural", () => {
    expect(t('turns.navWaiting', { count: 2 })).toBe('Your turns, 2 waiting for you');
    expect(i18n.getFixedT('pl')('turns.navWaiting', { count: 3 })).toBe('Twoje ruchy, 3 czekają na ciebie');
    expect(i18n.getFixedT('pl')('turns.since.moves', { count: 5 })).toBe('Od twojego ruchu: 5 ruchów');
  });

  it("says the last move in the game log's own sentences", () => {
    const events = [{ type: 'flip', seat: 1, card: '7', flipThree: false }, { type: 'stay', seat: 1, atDeal: false }] as unknown as GameEvent[];
    const lines = describeF7Move(events, ['Ann', 'Bob'], t, 'en');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Bob');
    expect(lines[0]).toContain('7');
  });
});

describe('since your last move', () => {
  const e = (seq: number, seat: number | null, by: LogEntry['by']): LogEntry => ({ seq, seat, by, event: { type: 'x' } as unknown as GameEvent });
  // The opening (seq 0), Ann's move (seat 0, two events), Bob's, a stand-in's for Ann, Bob's again.
  const log = [e(0, null, null), e(1, 0, 'player'), e(1, 0, 'player'), e(2, 1, 'player'), e(3, 0, 'stand-in'), e(4, 1, 'player')];

  it("begins after the player's own last move (not a stand-in's for them) and counts the moves since", () => {
    expect(sinceYourMove(log, [0])).toEqual({ from: 3, moves: 3 });
    expect(sinceYourMove(log, [1])).toBeNull(); // Bob moved last: nothing since
    expect(sinceYourMove(log.slice(0, 5), [1])).toEqual({ from: 4, moves: 1 });
  });

  it('is nothing before the player has moved, or for a spectator', () => {
    expect(sinceYourMove(log, [2])).toBeNull();
    expect(sinceYourMove(log, [])).toBeNull();
    expect(sinceYourMove([], [0])).toBeNull();
  });
});
