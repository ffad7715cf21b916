/**
 * A tournament's whole life as one pure function, as the table core is for a table:
 * `(state, input, now) → (state, effects)`. Inputs are a player joining or leaving, one of its
 * games ending, and the clock's tick; effects are the tables to make, the tables whose games
 * stand-in bots must finish (a Swiss round out of time), and the players to send to their new
 * table. Nothing here reads a clock, draws randomness or does I/O: the shell (../tournaments.ts)
 * stores the state before it carries out the effects, and every effect can be carried out again
 * after a crash (a table's id is fixed by the state). docs/tournaments.md has the rules.
 */
import { gameModule } from '@parlor/rules';
import { arenaTick } from './arena-waves.js';
import { type ArenaRecord, arenaWins, scoreArenaGame } from './points.js';
import {
  ARENA_MAX_WAIT_MS, ARENA_REPEAT_WAIT_MS, type Entrant, MAX_ENTRANTS, START_GRACE_MS, type TournamentGame, type TournamentInput, type TournamentState, type TournamentStep,
  arenaEnd,
} from './state.js';
import { arenaStandings, swissStandings } from './standings.js';
import { kept, merge, playerIds, refused, unfinished, withEntrant } from './steps.js';
import { swissTick } from './swiss-rounds.js';
import { swissPoints } from './swiss-points.js';

export * from './state.js';

export function stepTournament(state: TournamentState, input: TournamentInput, now: number): TournamentStep {
  switch (input.type) {
    case 'join': return join(state, input, now);
    case 'leave': return leave(state, input.player);
    case 'finished': return finished(state, input, now);
    case 'tick': return tick(state, now);
  }
}

function newEntrant(input: Extract<TournamentInput, { type: 'join' }>, now: number): Entrant {
  return {
    id: input.player, name: input.name, bot: input.bot, rating: input.rating, joinedAt: now, active: true, waitingSince: null, tableId: null,
    lastOpponents: [], met: [], opponents: [], points: 0, games: 0, wins: 0, streak: 0, reachedAt: null, hadBye: false,
  };
}

function over(state: TournamentState, now: number): boolean {
  if (state.status === 'finished' || state.status === 'cancelled') return true;
  const end = arenaEnd(state.settings);
  if (end !== null && now >= end) return true;
  const { rounds } = state.settings;
  return state.settings.format === 'swiss' && rounds !== null && state.round >= rounds;
}

/** A player joins, or comes back after withdrawing. Joining twice changes nothing. */
function join(state: TournamentState, input: Extract<TournamentInput, { type: 'join' }>, now: number): TournamentStep {
  if (over(state, now)) return refused(state, 'TOURNAMENT_OVER', 'This tournament is over, or too far gone to join: join another.');
  const was = state.entrants.get(input.player);
  if (was?.active === true) return kept(state);
  if (was === undefined && state.order.length >= MAX_ENTRANTS) {
    return refused(state, 'TOURNAMENT_FULL', `This tournament has ${MAX_ENTRANTS} players, its most.`);
  }
  const arenaWaits = state.status === 'running' && state.settings.format === 'arena';
  const base = was ?? newEntrant(input, now);
  const entrant: Entrant = { ...base, name: input.name, bot: input.bot, active: true, waitingSince: arenaWaits && base.tableId === null ? now : null };
  const next: TournamentState = {
    ...state,
    entrants: new Map(state.entrants).set(input.player, entrant),
    order: was === undefined ? [...state.order, input.player] : state.order,
  };
  // An arena pairs at once: a player joining a running arena may find others waiting.
  return merge({ ...kept(next), changed: true }, arenaWaits ? tick(next, now) : kept(next));
}

/** A player leaves: before the start, they are off the list; after it, withdrawn (their points kept, a game under way still theirs to finish). */
function leave(state: TournamentState, player: string): TournamentStep {
  const was = state.entrants.get(player);
  if (was === undefined) return refused(state, 'NOT_ENTERED', 'You are not in this tournament.');
  if (state.status === 'upcoming') {
    const entrants = new Map(state.entrants);
    entrants.delete(player);
    return { state: { ...state, entrants, order: state.order.filter((p) => p !== player) }, effects: [], refusal: null, changed: true };
  }
  if (!was.active) return kept(state);
  return { state: withEntrant(state, { ...was, active: false, waitingSince: null }), effects: [], refusal: null, changed: true };
}

/** One of the tournament's games ended: its players' points, and they wait again (or are withdrawn, if away). */
function finished(state: TournamentState, input: Extract<TournamentInput, { type: 'finished' }>, now: number): TournamentStep {
  const index = state.games.findIndex((g) => g.tableId === input.tableId);
  const game = state.games[index];
  if (game === undefined) return refused(state, 'UNKNOWN_TABLE', `Table ${input.tableId} is not one of this tournament's.`);
  if (game.finishedAt !== null) return kept(state); // told twice (a retry, a reconciliation)
  if (input.places.length !== game.seats.length) {
    return refused(state, 'BAD_RESULT', `Table ${input.tableId} has ${game.seats.length} seats, not ${input.places.length}.`);
  }
  const seats = game.seats.map((_, i) => ({ place: input.places[i]!, left: input.left.includes(i) }));
  const done: TournamentGame = { ...game, finishedAt: now, places: [...input.places], left: [...input.left] };
  const games = state.games.map((g, i) => (i === index ? done : g));
  const entrants = new Map(state.entrants);
  const ids = playerIds(game);
  const end = arenaEnd(state.settings);
  const arenaGoesOn = state.settings.format === 'arena' && end !== null && now < end;
  if (state.settings.format === 'arena') {
    const before: ArenaRecord[] = game.seats.map((s) => (s.kind === 'player' ? entrants.get(s.id)! : { points: 0, games: 0, wins: 0, streak: 0 }));
    const after = scoreArenaGame(seats, before);
    game.seats.forEach((s, i) => {
      if (s.kind !== 'player') return;
      const e = entrants.get(s.id)!;
      const r = after[i]!;
      entrants.set(s.id, { ...e, ...r, reachedAt: r.points !== e.points ? now : e.reachedAt });
    });
  } else {
    const points = swissPoints(seats);
    const wins = arenaWins(seats);
    game.seats.forEach((s, i) => {
      if (s.kind !== 'player') return;
      const e = entrants.get(s.id)!;
      const won = wins[i]!;
      entrants.set(s.id, { ...e, points: e.points + points[i]!, games: e.games + 1, wins: e.wins + (won ? 1 : 0), reachedAt: now });
    });
  }
  for (const id of ids) {
    const e = entrants.get(id)!;
    const others = ids.filter((o) => o !== id);
    const away = input.absent.includes(id);
    const active = e.active && !away;
    // Everyone met and every opponent are for a Swiss event's pairing and Buchholz; an arena keeps only the last game's.
    const swiss = state.settings.format === 'swiss';
    entrants.set(id, {
      ...e, tableId: null, lastOpponents: others, active, waitingSince: active && arenaGoesOn ? now : null,
      ...(swiss ? { met: [...new Set([...e.met, ...others])], opponents: [...e.opponents, ...others] } : {}),
    });
  }
  const next: TournamentState = { ...state, games, entrants };
  return merge({ state: next, effects: [], refusal: null, changed: true }, tick(next, now));
}

/** The clock: the start, arena waves, Swiss rounds and their time limits, the end. */
function tick(state: TournamentState, now: number): TournamentStep {
  const s = state.settings;
  if (state.status === 'finished' || state.status === 'cancelled') return kept(state);
  if (state.status === 'upcoming') {
    if (now < s.startsAt) return kept(state);
    const present = state.order.length;
    if (present < s.minPlayers) {
      // Too few so far: it waits a while for more (a tournament made to start now has nobody yet), then is cancelled.
      if (now < s.startsAt + START_GRACE_MS) return kept(state);
      return { state: { ...state, status: 'cancelled', finishedAt: now }, effects: [], refusal: null, changed: true };
    }
    const entrants = new Map([...state.entrants]
      .map(([id, e]) => [id, { ...e, waitingSince: s.format === 'arena' ? s.startsAt : null }] as const));
    const started: TournamentState = { ...state, status: 'running', entrants };
    return merge({ state: started, effects: [], refusal: null, changed: true }, tick(started, now));
  }
  return s.format === 'arena' ? arenaTick(state, now) : swissTick(state, now);
}

/** One row of the standings. */
export interface Standing {
  readonly entrant: Entrant;
  readonly rank: number;
  readonly buchholz: number | null;
}

/** The standings, best first, with shared ranks (standings.ts); bots at tables are not in them. */
export function standingsOf(state: TournamentState): Standing[] {
  const all = state.order.map((id) => state.entrants.get(id)!);
  const byId = new Map(all.map((e) => [e.id, e]));
  if (state.settings.format === 'arena') {
    return arenaStandings(all.map((e) => ({ id: e.id, points: e.points, wins: e.wins, reachedAt: e.reachedAt ?? Number.POSITIVE_INFINITY })))
      .map((r) => ({ entrant: byId.get(r.player.id)!, rank: r.rank, buchholz: null }));
  }
  return swissStandings(all.map((e) => ({ id: e.id, points: e.points, wins: e.wins, opponents: e.opponents })))
    .map((r) => ({ entrant: byId.get(r.player.id)!, rank: r.rank, buchholz: r.buchholz }));
}

/** When the director should next look at the tournament without an input (its start, an arena's end or next wave, a Swiss round's limit), or null. */
export function nextDue(state: TournamentState): number | null {
  const s = state.settings;
  if (state.status === 'upcoming') return s.startsAt;
  if (state.status !== 'running') return null;
  if (s.format === 'arena') {
    const end = arenaEnd(s)!;
    const waiting = [...state.entrants.values()].filter((e) => e.active && e.tableId === null && e.waitingSince !== null);
    const waits = waiting.flatMap((e) => [e.waitingSince! + ARENA_REPEAT_WAIT_MS, e.waitingSince! + ARENA_MAX_WAIT_MS]);
    return Math.min(end, ...waits);
  }
  if (state.roundStartedAt !== null && s.roundMinutes !== null && unfinished(state).some((g) => !g.standIns)) return state.roundStartedAt + s.roundMinutes * 60_000;
  return null;
}
