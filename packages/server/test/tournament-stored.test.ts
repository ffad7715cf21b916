import { describe, expect, it } from 'vitest';
import type { TournamentRow } from '../src/store/store.js';
import { type TournamentSettings, type TournamentState, newTournament, stepTournament } from '../src/tournament/director.js';
import { changedParts, stateOf, tournamentRow } from '../src/tournament-host/stored.js';

// A tournament is stored as a head row and a row per entrant and per game, and a write carries
// only the rows its input changed: a game's end at a 1,000-player arena writes that table's
// players and its game, not the whole state.

const T0 = Date.UTC(2026, 11, 24, 18, 0, 0);

const settings: TournamentSettings = {
  id: 'big', name: 'Big', game: 'flip-7', format: 'arena', startsAt: T0, minutes: 60, rounds: null, roundMinutes: null, seats: 4,
  options: {}, moveTimer: 30, responseWindow: null, rated: false, private: false, invite: 'inv', minPlayers: 2, fillWithBots: false,
  createdBy: null, createdByName: null, createdAt: T0 - 60_000,
};

function step(state: TournamentState, input: Parameters<typeof stepTournament>[1], at: number): TournamentState {
  const r = stepTournament(state, input, at);
  if (r.refusal !== null) throw new Error(`${input.type} refused: ${r.refusal.code}`);
  return r.state;
}

const ids = Array.from({ length: 1000 }, (_, i) => `p${String(i).padStart(4, '0')}`);

function runningArena(): TournamentState {
  let state = newTournament(settings);
  for (const id of ids) state = step(state, { type: 'join', player: id, name: id, bot: false, rating: 0 }, T0 - 1000);
  return step(state, { type: 'tick' }, T0);
}

/** What a store gives back for a row written in full and then with `later` rows' parts on top. */
function readBack(first: TournamentRow, ...later: TournamentRow[]): TournamentRow {
  const parts = new Map<string, NonNullable<TournamentRow['parts']>[number]>();
  for (const row of [first, ...later]) {
    for (const p of row.parts ?? []) {
      const key = `${p.kind}:${p.key}`;
      if (p.body === null) parts.delete(key);
      else parts.set(key, p);
    }
  }
  const sorted = [...parts.values()].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.seq - b.seq));
  return { ...later.at(-1) ?? first, parts: sorted };
}

describe("a tournament's stored rows", () => {
  it('are every entrant and game at the first write, and the head holds neither', () => {
    const state = runningArena();
    expect(state.games).toHaveLength(250);
    const row = tournamentRow(state, 1, null);
    expect(row.parts!.filter((p) => p.kind === 'entrant')).toHaveLength(1000);
    expect(row.parts!.filter((p) => p.kind === 'game')).toHaveLength(250);
    expect(row.state).not.toHaveProperty('entrants');
    expect(row.state).not.toHaveProperty('games');
    expect(stateOf(readBack(row))).toEqual({ state, whole: true });
  });

  it("at a game's end are its four players and its game, and read back to the same state", () => {
    const before = runningArena();
    const table = before.games[0]!;
    const players = table.seats.flatMap((s) => (s.kind === 'player' ? [s.id] : []));
    // Its four would only meet again, so nobody is paired at once (docs/tournaments.md): no new game.
    const after = step(before, { type: 'finished', tableId: table.tableId, places: [1, 2, 3, 4], left: [], absent: [] }, T0 + 90_000);
    expect(after.games).toHaveLength(250);
    const row = tournamentRow(after, 2, before);
    expect(row.parts!.map((p) => `${p.kind}:${p.key}`).sort()).toEqual([...players.map((p) => `entrant:${p}`), `game:${table.tableId}`].sort());
    expect(stateOf(readBack(tournamentRow(before, 1, null), row)).state).toEqual(after);
  });

  it('with new tables paired are the new games and their players too', () => {
    let state = runningArena();
    const [g1, g2] = state.games;
    state = step(state, { type: 'finished', tableId: g1!.tableId, places: [1, 2, 3, 4], left: [], absent: [] }, T0 + 90_000);
    const before = state;
    // A second table ends: eight wait, and they can be seated with new faces at once.
    state = step(state, { type: 'finished', tableId: g2!.tableId, places: [4, 3, 2, 1], left: [], absent: [] }, T0 + 91_000);
    expect(state.games).toHaveLength(252);
    const parts = changedParts(state, before);
    expect(parts.filter((p) => p.kind === 'game').map((p) => p.key).sort()).toEqual([g2!.tableId, 'big-251', 'big-252'].sort());
    expect(parts.filter((p) => p.kind === 'entrant')).toHaveLength(8);
  });

  it('delete a player who leaves before the start', () => {
    let state = newTournament(settings);
    for (const id of ['a', 'b', 'c']) state = step(state, { type: 'join', player: id, name: id, bot: false, rating: 0 }, T0 - 5000);
    const before = state;
    state = step(state, { type: 'leave', player: 'b' }, T0 - 4000);
    const row = tournamentRow(state, 5, before);
    // c moves up to b's place in the order; b's row goes.
    expect(row.parts).toEqual([{ kind: 'entrant', key: 'c', seq: 1, body: state.entrants.get('c') }, { kind: 'entrant', key: 'b', seq: 0, body: null }]);
    expect(stateOf(readBack(tournamentRow(before, 4, null), row)).state).toEqual(state);
  });

  it('of a state stored whole in its head (before entrants and games had rows) read as it is, to be written in full next', () => {
    const state = runningArena();
    const old: TournamentRow = { ...tournamentRow(state, 3, null), state: { ...state, entrants: Object.fromEntries(state.entrants) }, parts: [] };
    expect(stateOf(old)).toEqual({ state, whole: false });
  });
});
