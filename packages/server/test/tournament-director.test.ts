import { describe, expect, it } from 'vitest';
import {
  ARENA_MAX_WAIT_MS, type TournamentEffect, type TournamentInput, type TournamentSettings, type TournamentState, newTournament, nextDue,
  standingsOf, stepTournament,
} from '../src/tournament/director.js';

// The director's whole life on a clock the test sets: every input is given its moment. The
// expected standings are worked out by hand from the rules in docs/tournaments.md, game by game
// (the comments show the working).

const T0 = Date.UTC(2026, 11, 24, 18, 0, 0);
const s = (sec: number) => T0 + sec * 1000;

function settings(over: Partial<TournamentSettings>): TournamentSettings {
  return {
    id: 'cup', name: 'Cup', game: 'flip-7', format: 'arena', startsAt: T0, minutes: 5, rounds: null, roundMinutes: null, seats: 2,
    options: {}, moveTimer: 30, responseWindow: null, rated: false, private: false, invite: 'inv', minPlayers: 2, fillWithBots: false,
    createdBy: null, createdByName: null, createdAt: T0 - 60_000, ...over,
  };
}

/** A tournament driven input by input; every refusal fails the test, every table made is kept. */
class Run {
  state: TournamentState;
  readonly made: { tableId: string; players: string[] }[] = [];
  readonly effects: TournamentEffect[] = [];
  constructor(st: TournamentSettings) { this.state = newTournament(st); }

  feed(input: TournamentInput, at: number): this {
    const r = stepTournament(this.state, input, at);
    if (r.refusal !== null) throw new Error(`${input.type} refused: ${r.refusal.code} ${r.refusal.message}`);
    this.state = r.state;
    this.effects.push(...r.effects);
    for (const e of r.effects) {
      if (e.type === 'table') this.made.push({ tableId: e.game.tableId, players: e.game.seats.map((x) => (x.kind === 'player' ? x.id : `bot:${x.level}`)) });
    }
    return this;
  }
  join(player: string, at: number, rating = 0): this { return this.feed({ type: 'join', player, name: player, bot: false, rating }, at); }
  /** Table `n`'s game ends with these places, seat by seat. */
  end(n: number, places: number[], at: number, left: number[] = []): this {
    return this.feed({ type: 'finished', tableId: `cup-${n}`, places, left, absent: [] }, at);
  }
  table(n: number): string[] { return this.made.find((m) => m.tableId === `cup-${n}`)!.players; }
  standings() {
    return standingsOf(this.state).map((r) => ({ rank: r.rank, id: r.entrant.id, points: r.entrant.points, wins: r.entrant.wins, games: r.entrant.games }));
  }
}

describe('an arena of four at tables of two, one player withdrawing and coming back', () => {
  it('pairs, holds back repeats, doubles a third win in a row, and ranks as worked out by hand', () => {
    const r = new Run(settings({}));
    for (const p of ['A', 'B', 'C', 'D']) r.join(p, s(-30));
    r.feed({ type: 'tick' }, s(0));
    expect(r.state.status).toBe('running');
    // All on 0 points: neighbours by id.
    expect([r.table(1), r.table(2)]).toEqual([['A', 'B'], ['C', 'D']]);

    r.end(1, [1, 2], s(60)); // A wins: A 1 (1 win in a row), B 0
    // A and B would only meet again: they wait for the other table.
    expect(r.made).toHaveLength(2);
    r.end(2, [2, 1], s(62)); // D wins: D 1, C 0
    // Ranked A 1, D 1, B 0, C 0: A with D, B with C; nobody meets their last opponent.
    expect([r.table(3), r.table(4)]).toEqual([['A', 'D'], ['B', 'C']]);

    r.end(3, [1, 2], s(120)); // A wins (2 in a row): A 2, D 1
    r.end(4, [2, 1], s(121)); // C wins: C 1, B 0
    // Ranked A 2, C 1, D 1, B 0.
    expect([r.table(5), r.table(6)]).toEqual([['A', 'C'], ['D', 'B']]);

    r.feed({ type: 'leave', player: 'B' }, s(130)); // withdrawn: B's game under way still counts
    r.end(5, [1, 2], s(180)); // A's third win in a row: 1 × 2 = 2 → A 4; C 1
    r.end(6, [2, 1], s(185)); // B wins: B 1, D 1; B is not paired again
    // A and C waited longest, but A met C last game: D, still waiting, takes C's seat.
    expect(r.table(7)).toEqual(['A', 'D']);
    expect(r.state.entrants.get('B')!.active).toBe(false);

    r.join('B', s(200)); // back: waits with C
    expect(r.table(8)).toEqual(['B', 'C']);

    r.end(7, [2, 1], s(240)); // D wins: D 2; A's streak ends (A 4)
    r.end(8, [2, 1], s(245)); // C wins: C 2, B 1
    // Ranked A 4, C 2, D 2, B 1.
    expect([r.table(9), r.table(10)]).toEqual([['A', 'C'], ['D', 'B']]);

    r.feed({ type: 'tick' }, s(300)); // the arena's five minutes are up: no more pairing
    r.end(9, [1, 2], s(320)); // A wins: A 5
    expect(r.state.status).toBe('running'); // a game still under way
    r.end(10, [1, 2], s(330)); // D wins (2 in a row, not doubled): D 3
    expect(r.state.status).toBe('finished');
    expect(r.made).toHaveLength(10);

    expect(r.standings()).toEqual([
      { rank: 1, id: 'A', points: 5, wins: 4, games: 5 },
      { rank: 2, id: 'D', points: 3, wins: 3, games: 5 },
      { rank: 3, id: 'C', points: 2, wins: 2, games: 5 },
      { rank: 4, id: 'B', points: 1, wins: 1, games: 5 },
    ]);
  });

  it('lets the same players meet again once they have waited long enough for others', () => {
    const r = new Run(settings({}));
    for (const p of ['A', 'B', 'C', 'D']) r.join(p, s(-30));
    r.feed({ type: 'tick' }, s(0));
    r.end(1, [1, 2], s(60));
    r.feed({ type: 'tick' }, s(69));
    expect(r.made).toHaveLength(2);
    expect(nextDue(r.state)).toBe(s(70));
    r.feed({ type: 'tick' }, s(70));
    expect(r.table(3)).toEqual(['A', 'B']);
  });

  it('scores a player who left the game last, whatever their stand-in made of it', () => {
    const r = new Run(settings({ seats: 3 }));
    for (const p of ['A', 'B', 'C']) r.join(p, s(-30));
    r.feed({ type: 'tick' }, s(0));
    expect(r.table(1)).toEqual(['A', 'B', 'C']);
    r.end(1, [1, 2, 3], s(60), [0]); // A's stand-in finished first, but A left
    expect(r.standings().map((x) => [x.id, x.points, x.wins])).toEqual([['B', 2, 1], ['C', 1, 0], ['A', 0, 0]]);
  });

  it('withdraws a player who has no open page when their game ends', () => {
    const r = new Run(settings({}));
    for (const p of ['A', 'B']) r.join(p, s(-30));
    r.feed({ type: 'tick' }, s(0));
    r.feed({ type: 'finished', tableId: 'cup-1', places: [1, 2], left: [], absent: ['B'] }, s(60));
    expect(r.state.entrants.get('B')!.active).toBe(false);
    expect(r.state.entrants.get('A')!.waitingSince).toBe(s(60));
  });

  it('fills a table with bots for a player who waited long enough, where the tournament allows it', () => {
    const r = new Run(settings({ seats: 3, fillWithBots: true }));
    for (const p of ['A', 'B', 'C']) r.join(p, s(-30));
    r.feed({ type: 'tick' }, s(0));
    r.join('D', s(5));
    r.feed({ type: 'tick' }, s(5) + ARENA_MAX_WAIT_MS - 1);
    expect(r.made).toHaveLength(1);
    r.feed({ type: 'tick' }, s(5) + ARENA_MAX_WAIT_MS);
    expect(r.table(2)).toEqual(['D', 'bot:basic', 'bot:basic']);
    expect(r.standings().map((x) => x.id)).toEqual(['A', 'B', 'C', 'D']); // bots are never in the standings
  });

  it('waits two minutes past its start for its minimum, then is cancelled', () => {
    const r = new Run(settings({ minPlayers: 3 }));
    r.join('A', s(-30)).join('B', s(-20));
    r.feed({ type: 'tick' }, s(0));
    expect(r.state.status).toBe('upcoming');
    r.feed({ type: 'tick' }, s(119));
    expect(r.state.status).toBe('upcoming');
    r.feed({ type: 'tick' }, s(120));
    expect(r.state.status).toBe('cancelled');
    expect(r.made).toHaveLength(0);
  });

  it('starts as soon as its minimum is there within the two minutes', () => {
    const r = new Run(settings({ minPlayers: 3, seats: 3 }));
    r.join('A', s(-30)).join('B', s(-20));
    r.feed({ type: 'tick' }, s(0));
    r.join('C', s(40));
    r.feed({ type: 'tick' }, s(41));
    expect(r.state.status).toBe('running');
    expect(r.table(1)).toEqual(['A', 'B', 'C']);
  });

  it('refuses a join once the arena is over, and a leave by someone not in it, changing nothing', () => {
    const r = new Run(settings({}));
    r.join('A', s(-30)).join('B', s(-20));
    const before = r.state;
    expect(stepTournament(before, { type: 'leave', player: 'Z' }, s(-10))).toMatchObject({ refusal: { code: 'NOT_ENTERED' }, state: before });
    r.feed({ type: 'tick' }, s(0));
    const late = stepTournament(r.state, { type: 'join', player: 'Z', name: 'Z', bot: false, rating: 0 }, s(301));
    expect(late.refusal?.code).toBe('TOURNAMENT_OVER');
    expect(late.state).toBe(r.state);
  });
});

describe('a Swiss event of five at tables of two, three rounds', () => {
  it('gives byes from the bottom, avoids repeats, and ranks by points then Buchholz as worked out by hand', () => {
    const r = new Run(settings({ format: 'swiss', minutes: null, rounds: 3, roundMinutes: 20 }));
    // Ratings seed the first round: A strongest.
    [['A', 5], ['B', 4], ['C', 3], ['D', 2], ['E', 1]].forEach(([p, rating]) => r.join(p as string, s(-30), rating as number));
    r.feed({ type: 'tick' }, s(0));
    // Round 1: E (lowest) has the bye (1 point).
    expect([r.table(1), r.table(2)]).toEqual([['A', 'B'], ['C', 'D']]);
    expect(r.state.entrants.get('E')!.points).toBe(1);
    r.end(1, [1, 2], s(600)); // A 1, B 0
    expect(r.state.round).toBe(1); // the round goes on until its last table ends
    r.end(2, [2, 1], s(610)); // D 1, C 0
    // Round 2: ranked A 1, D 1, E 1, B 0, C 0; the bye goes to C, lowest without one.
    expect(r.state.round).toBe(2);
    expect([r.table(3), r.table(4)]).toEqual([['A', 'D'], ['E', 'B']]);
    expect(r.state.entrants.get('C')!.points).toBe(1);
    r.end(3, [1, 2], s(1200)); // A 2, D 1
    r.end(4, [2, 1], s(1210)); // B 1, E 1
    // Round 3: ranked A 2, B 1, C 1, D 1, E 1 (by rating); the bye to D (C and E have had one).
    // Of the three ways to pair A, B, C, E only A–E and B–C meet nobody again.
    expect(r.state.entrants.get('D')!.points).toBe(2);
    expect([r.table(5), r.table(6)].map((t) => [...t].sort().join('')).sort()).toEqual(['AE', 'BC']);
    const ae = r.table(5).includes('A') ? 5 : 6;
    r.end(ae, r.table(ae)[0] === 'A' ? [1, 2] : [2, 1], s(1800)); // A beats E: A 3
    const bc = ae === 5 ? 6 : 5;
    r.end(bc, r.table(bc)[0] === 'C' ? [1, 2] : [2, 1], s(1810)); // C beats B: C 2
    expect(r.state.status).toBe('finished');
    // Buchholz: A: B 1 + D 2 + E 1 = 4; D: C 2 + A 3 = 5; C: D 2 + B 1 = 3; B: A 3 + E 1 + C 2 = 6; E: B 1 + A 3 = 4.
    expect(standingsOf(r.state).map((x) => [x.rank, x.entrant.id, x.entrant.points, x.buchholz, x.entrant.wins])).toEqual([
      [1, 'A', 3, 4, 3],
      [2, 'D', 2, 5, 1],
      [3, 'C', 2, 3, 1],
      [4, 'B', 1, 6, 1],
      [5, 'E', 1, 4, 0],
    ]);
  });

  it('has stand-in bots finish a round whose time is up, once per table', () => {
    const r = new Run(settings({ format: 'swiss', minutes: null, rounds: 3, roundMinutes: 20 }));
    for (const p of ['A', 'B']) r.join(p, s(-30));
    r.feed({ type: 'tick' }, s(0));
    expect(nextDue(r.state)).toBe(s(20 * 60));
    r.feed({ type: 'tick' }, s(20 * 60));
    r.feed({ type: 'tick' }, s(20 * 60 + 1));
    expect(r.effects.filter((e) => e.type === 'stand-ins')).toEqual([{ type: 'stand-ins', tableId: 'cup-1' }]);
    r.end(1, [1, 2], s(20 * 60 + 30));
    expect(r.state.round).toBe(2);
  });
});
