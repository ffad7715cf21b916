import type { FinishedGame } from '@parlor/table';
import { describe, expect, it } from 'vitest';
import { gameResults } from '../src/ratings/records.js';
import type { Store } from '../src/store/store.js';

// What a finished game records for reputation: whether a stand-in had each person's seat at the end
// (left, or replaced while away and never back), and how many seats people played.

const finished = (over: Partial<FinishedGame>): FinishedGame => ({
  tableId: 'T', gameNo: 1, game: 'flip-7', result: { scores: [1, 2, 3, 4], places: [4, 3, 2, 1], winners: [3] }, stats: [], finishedAt: '2026-11-29T12:00:00.000Z',
  seats: [{ kind: 'player', playerId: 'ann' }, { kind: 'player', playerId: 'bob' }, { kind: 'bot', level: 'basic' }, { kind: 'player', playerId: 'cat' }],
  left: [], rated: false, private: false, ...over,
});
const noStore = {} as Store; // an unrated game reads nothing

describe('a finished game\'s records for reputation', () => {
  it('mark the seats left and abandoned (replaced, not back), and count the people', async () => {
    const { records } = await gameResults(noStore, finished({ left: [0], abandoned: [3] }));
    expect(records.players.map((p) => [p.playerId, p.left, p.humans])).toEqual([['ann', true, 3], ['bob', false, 3], ['cat', true, 3]]);
  });

  it('a person alone with bots: one human, and nobody left', async () => {
    const { records } = await gameResults(noStore, finished({ seats: [{ kind: 'player', playerId: 'ann' }, { kind: 'bot', level: 'basic' }] }));
    expect(records.players).toMatchObject([{ playerId: 'ann', left: false, humans: 1 }]);
  });
});
