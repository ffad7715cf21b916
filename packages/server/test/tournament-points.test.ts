import { describe, expect, it } from 'vitest';
import { type ArenaRecord, NEW_ARENA_RECORD, addArenaGame, arenaWins, placePoints, scoreArenaGame } from '../src/tournament/points.js';
import { BYE_POINTS, swissPoints } from '../src/tournament/swiss-points.js';

// Arena and Swiss points for one game, on the worked example of docs/tournaments.md.

const seats = (places: number[], left: number[] = []) => places.map((place, i) => ({ place, left: left.includes(i) }));

describe('arena place points', () => {
  it('gives one point per player finished strictly ahead of: n − 1 to the winner, 0 to the last', () => {
    expect(placePoints(seats([1, 2, 3, 4]))).toEqual([3, 2, 1, 0]);
    expect(placePoints(seats([2, 1, 3]))).toEqual([1, 2, 0]);
  });

  it('gives tied players what the worst of their shared places earns', () => {
    expect(placePoints(seats([1, 2, 2, 4]))).toEqual([3, 1, 1, 0]);
    expect(placePoints(seats([1, 1, 3]))).toEqual([1, 1, 0]);
    expect(placePoints(seats([1, 1, 1]))).toEqual([0, 0, 0]);
  });

  it('puts a player who left last, whatever the place the stand-in reached', () => {
    expect(placePoints(seats([1, 2, 3, 4], [1]))).toEqual([3, 0, 2, 1]);
    expect(placePoints(seats([1, 2, 3, 4], [0, 1]))).toEqual([0, 0, 3, 2]);
    // The stand-in at seat 0 finished first, but its player left: seat 1, best of those who stayed, won.
    expect(arenaWins(seats([1, 2, 3], [0]))).toEqual([false, true, false]);
    expect(arenaWins(seats([1, 2, 2], [0]))).toEqual([false, true, true]);
    expect(arenaWins(seats([1, 2, 3], [0, 1, 2]))).toEqual([false, false, false]);
    expect(arenaWins(seats([1, 1, 3]))).toEqual([true, true, false]);
  });
});

describe('arena streaks', () => {
  const play = (results: [number, boolean][]) => results.reduce<ArenaRecord>((r, [base, won]) => addArenaGame(r, base, won), NEW_ARENA_RECORD);

  it('doubles the third win in a row and every win after it', () => {
    expect(play([[3, true], [3, true], [3, true], [3, true]])).toEqual({ points: 3 + 3 + 6 + 6, games: 4, wins: 4, streak: 4 });
  });

  it('ends the streak with any game that is not a win', () => {
    expect(play([[3, true], [3, true], [2, false], [3, true], [3, true]])).toEqual({ points: 14, games: 5, wins: 4, streak: 2 });
    expect(play([[3, true], [3, true], [2, false], [3, true], [3, true], [3, true]]).points).toBe(20);
  });

  it('scores the worked example of the docs', () => {
    const names = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve'];
    const rec = new Map(names.map((n) => [n, NEW_ARENA_RECORD]));
    const game = (players: string[], places: number[], left: number[] = []) => {
      const after = scoreArenaGame(seats(places, left), players.map((p) => rec.get(p)!));
      players.forEach((p, i) => rec.set(p, after[i]!));
    };
    game(['Ann', 'Bob', 'Cy', 'Dee'], [1, 2, 2, 4]);
    game(['Ann', 'Eve', 'Bob'], [1, 2, 3]);
    game(['Ann', 'Dee', 'Cy', 'Eve'], [1, 2, 3, 4], [1]);
    game(['Bob', 'Ann', 'Cy'], [1, 2, 3]);
    expect(Object.fromEntries([...rec].map(([n, r]) => [n, [r.points, r.wins, r.streak]]))).toEqual({
      Ann: [12, 3, 0], Bob: [3, 1, 1], Cy: [3, 0, 0], Dee: [0, 0, 0], Eve: [2, 0, 0],
    });
  });
});

describe('Swiss points', () => {
  it('shares one point by place: whole for each opponent beaten, half for each tied', () => {
    expect(swissPoints(seats([1, 2, 3, 4]))).toEqual([1, 2 / 3, 1 / 3, 0]);
    expect(swissPoints(seats([1, 2, 2]))).toEqual([1, 0.25, 0.25]);
    expect(swissPoints(seats([1, 1]))).toEqual([0.5, 0.5]);
  });

  it('scores a player who left 0, behind everyone who stayed', () => {
    expect(swissPoints(seats([1, 2, 3], [0]))).toEqual([0, 1, 0.5]);
  });

  it('gives a bye a whole point', () => {
    expect(BYE_POINTS).toBe(1);
  });
});
