/**
 * A tournament's whole life as one pure function, as the table core is for a table:
 * `(state, input, now) → (state, effects)`. Inputs are a player joining or leaving, one of its
 * games ending, and the clock's tick; effects are the tables to make, the tables whose games
 * stand-in bots must finish (a Swiss round out of time), and the players to send to their new
 * table. Nothing here reads a clock, draws randomness or does I/O: the shell (director-shell.ts)
 * stores the state before it carries out the effects, and every effect can be carried out again
 * after a crash (a table's id is fixed by the state). docs/tournaments.md has the rules.
 */
import type { BotLevel, GameId } from '@parlor/protocol';
import { gameModule } from '@parlor/rules';
import { hasRepeat, pairArenaWave } from './arena-pairing.js';
import { type ArenaRecord, arenaWins, scoreArenaGame } from './points.js';
import { arenaStandings, swissStandings } from './standings.js';
import { pairSwissRound } from './swiss-pairing.js';
import { BYE_POINTS, swissPoints } from './swiss-points.js';

export type TournamentFormat = 'arena' | 'swiss';
export type TournamentStatus = 'upcoming' | 'running' | 'finished' | 'cancelled';

/** How long an arena player waits for a full table before a smaller one (or bots, where allowed) will do. */
export const ARENA_MAX_WAIT_MS = 20_000;
/**
 * A table that would give a player only the opponents of their previous game waits this long for
 * others to finish and join the wave, before the same players meet again.
 */
export const ARENA_REPEAT_WAIT_MS = 10_000;
/** The level of the bots that fill a table when too few people wait. */
export const FILL_BOT_LEVEL: BotLevel = 'basic';

/** What a tournament is, fixed when it is made. Times are ms since the epoch. */
export interface TournamentSettings {
  readonly id: string;
  readonly name: string;
  readonly game: GameId;
  readonly format: TournamentFormat;
  readonly startsAt: number;
  /** An arena's length. */
  readonly minutes: number | null;
  /** A Swiss event's rounds, and each round's time limit. */
  readonly rounds: number | null;
  readonly roundMinutes: number | null;
  /** Players per table. */
  readonly seats: number;
  readonly options: Record<string, unknown>;
  readonly moveTimer: number;
  readonly responseWindow: number | null;
  readonly rated: boolean;
  readonly private: boolean;
  readonly invite: string;
  readonly minPlayers: number;
  readonly fillWithBots: boolean;
  /** The account that made it, or null for one the server schedules. */
  readonly createdBy: string | null;
  readonly createdByName: string | null;
  readonly createdAt: number;
}

/** A player in a tournament, with everything their points and pairing need. */
export interface Entrant {
  readonly id: string;
  readonly name: string;
  /** A bot account (it says so on its profile). */
  readonly bot: boolean;
  /** Seeds a Swiss event's first round (the player's rating in the game; 0 when none). */
  readonly rating: number;
  readonly joinedAt: number;
  /** Paired while true; a player who leaves, or is away when their game ends, is withdrawn until they join again. */
  readonly active: boolean;
  /** An arena player waiting for a table: since when. */
  readonly waitingSince: number | null;
  /** The table the player is at now. */
  readonly tableId: string | null;
  /** The other players of their previous game (an arena pairs them apart). */
  readonly lastOpponents: readonly string[];
  /** Everyone they have sat with (a Swiss event avoids repeats). */
  readonly met: readonly string[];
  /** Their opponents, once per game (Buchholz). */
  readonly opponents: readonly string[];
  readonly points: number;
  readonly games: number;
  readonly wins: number;
  readonly streak: number;
  /** When their points last changed (arena tie-break), null before. */
  readonly reachedAt: number | null;
  readonly hadBye: boolean;
}

/** Who sits in one seat of a tournament game. */
export type Sitter = { readonly kind: 'player'; readonly id: string } | { readonly kind: 'bot'; readonly level: BotLevel };

export interface TournamentGame {
  readonly tableId: string;
  /** A Swiss event's round; 0 in an arena. */
  readonly round: number;
  readonly seats: readonly Sitter[];
  readonly startedAt: number;
  readonly finishedAt: number | null;
  /** Each seat's place (1 = best), once finished. */
  readonly places: readonly number[] | null;
  /** The seats whose players left the game (last, whatever their stand-in made of it). */
  readonly left: readonly number[];
  /** Stand-in bots were told to finish it (a Swiss round's time ran out). */
  readonly standIns: boolean;
}

export interface TournamentState {
  readonly settings: TournamentSettings;
  readonly status: TournamentStatus;
  /** A Swiss event's round under way (0 before the first). */
  readonly round: number;
  readonly roundStartedAt: number | null;
  /** Players by id; `order` is the order they joined. */
  readonly entrants: Readonly<Record<string, Entrant>>;
  readonly order: readonly string[];
  /** Every game, oldest first. */
  readonly games: readonly TournamentGame[];
  readonly finishedAt: number | null;
}

export type TournamentInput =
  | { readonly type: 'join'; readonly player: string; readonly name: string; readonly bot: boolean; readonly rating: number }
  | { readonly type: 'leave'; readonly player: string }
  /** A game ended: each seat's place, the seats whose players left, and the players with no open connection now. */
  | { readonly type: 'finished'; readonly tableId: string; readonly places: readonly number[]; readonly left: readonly number[]; readonly absent: readonly string[] }
  | { readonly type: 'tick' };

export type TournamentEffect =
  /** Make this game's table and start it (again after a crash, if it is not in the store). */
  | { readonly type: 'table'; readonly game: TournamentGame }
  /** Stand-in bots play every person's seat at this table to the end. */
  | { readonly type: 'stand-ins'; readonly tableId: string }
  /** Send this player to their new table. */
  | { readonly type: 'paired'; readonly player: string; readonly tableId: string };

export interface TournamentRefusal {
  readonly code: string;
  readonly message: string;
}

export interface TournamentStep {
  readonly state: TournamentState;
  readonly effects: readonly TournamentEffect[];
  readonly refusal: TournamentRefusal | null;
  /** Whether the state is other than it was (the shell stores it and tells the watchers). */
  readonly changed: boolean;
}

/** At most this many players in one tournament. */
export const MAX_ENTRANTS = 2000;

/** A new tournament, before its start. */
export function newTournament(settings: TournamentSettings): TournamentState {
  return { settings, status: 'upcoming', round: 0, roundStartedAt: null, entrants: {}, order: [], games: [], finishedAt: null };
}

/** When an arena stops pairing; null for a Swiss event. */
export function arenaEnd(s: TournamentSettings): number | null {
  return s.format === 'arena' && s.minutes !== null ? s.startsAt + s.minutes * 60_000 : null;
}

const kept = (state: TournamentState): TournamentStep => ({ state, effects: [], refusal: null, changed: false });
const refused = (state: TournamentState, code: string, message: string): TournamentStep => ({ state, effects: [], refusal: { code, message }, changed: false });

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
  const was = state.entrants[input.player];
  if (was?.active === true) return kept(state);
  if (was === undefined && state.order.length >= MAX_ENTRANTS) {
    return refused(state, 'TOURNAMENT_FULL', `This tournament has ${MAX_ENTRANTS} players, its most.`);
  }
  const arenaWaits = state.status === 'running' && state.settings.format === 'arena';
  const base = was ?? newEntrant(input, now);
  const entrant: Entrant = { ...base, name: input.name, bot: input.bot, active: true, waitingSince: arenaWaits && base.tableId === null ? now : null };
  const next: TournamentState = {
    ...state,
    entrants: { ...state.entrants, [input.player]: entrant },
    order: was === undefined ? [...state.order, input.player] : state.order,
  };
  // An arena pairs at once: a player joining a running arena may find others waiting.
  return merge({ ...kept(next), changed: true }, arenaWaits ? tick(next, now) : kept(next));
}

/** A player leaves: before the start, they are off the list; after it, withdrawn (their points kept, a game under way still theirs to finish). */
function leave(state: TournamentState, player: string): TournamentStep {
  const was = state.entrants[player];
  if (was === undefined) return refused(state, 'NOT_ENTERED', 'You are not in this tournament.');
  if (state.status === 'upcoming') {
    const entrants = { ...state.entrants };
    delete entrants[player];
    return { state: { ...state, entrants, order: state.order.filter((p) => p !== player) }, effects: [], refusal: null, changed: true };
  }
  if (!was.active) return kept(state);
  return { state: withEntrant(state, { ...was, active: false, waitingSince: null }), effects: [], refusal: null, changed: true };
}

function withEntrant(state: TournamentState, e: Entrant): TournamentState {
  return { ...state, entrants: { ...state.entrants, [e.id]: e } };
}

function merge(a: TournamentStep, b: TournamentStep): TournamentStep {
  return { state: b.state, effects: [...a.effects, ...b.effects], refusal: null, changed: a.changed || b.changed };
}

const playerIds = (g: TournamentGame) => g.seats.flatMap((s) => (s.kind === 'player' ? [s.id] : []));

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
  const entrants = { ...state.entrants };
  const ids = playerIds(game);
  const end = arenaEnd(state.settings);
  const arenaGoesOn = state.settings.format === 'arena' && end !== null && now < end;
  if (state.settings.format === 'arena') {
    const before: ArenaRecord[] = game.seats.map((s) => (s.kind === 'player' ? entrants[s.id]! : { points: 0, games: 0, wins: 0, streak: 0 }));
    const after = scoreArenaGame(seats, before);
    game.seats.forEach((s, i) => {
      if (s.kind !== 'player') return;
      const e = entrants[s.id]!;
      const r = after[i]!;
      entrants[s.id] = { ...e, ...r, reachedAt: r.points !== e.points ? now : e.reachedAt };
    });
  } else {
    const points = swissPoints(seats);
    const wins = arenaWins(seats);
    game.seats.forEach((s, i) => {
      if (s.kind !== 'player') return;
      const e = entrants[s.id]!;
      const won = wins[i]!;
      entrants[s.id] = { ...e, points: e.points + points[i]!, games: e.games + 1, wins: e.wins + (won ? 1 : 0), reachedAt: now };
    });
  }
  for (const id of ids) {
    const e = entrants[id]!;
    const others = ids.filter((o) => o !== id);
    const away = input.absent.includes(id);
    const active = e.active && !away;
    entrants[id] = {
      ...e, tableId: null, lastOpponents: others, met: [...new Set([...e.met, ...others])], opponents: [...e.opponents, ...others],
      active, waitingSince: active && arenaGoesOn ? now : null,
    };
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
    if (present < Math.max(s.minPlayers, gameModule(s.game).minPlayers)) {
      return { state: { ...state, status: 'cancelled', finishedAt: now }, effects: [], refusal: null, changed: true };
    }
    const entrants = Object.fromEntries(Object.entries(state.entrants)
      .map(([id, e]) => [id, { ...e, waitingSince: s.format === 'arena' ? s.startsAt : null }]));
    const started: TournamentState = { ...state, status: 'running', entrants };
    return merge({ state: started, effects: [], refusal: null, changed: true }, tick(started, now));
  }
  return s.format === 'arena' ? arenaTick(state, now) : swissTick(state, now);
}

const unfinished = (state: TournamentState) => state.games.filter((g) => g.finishedAt === null);

function endIfDone(state: TournamentState, now: number): TournamentStep {
  if (unfinished(state).length > 0) return kept(state);
  return { state: { ...state, status: 'finished', finishedAt: now }, effects: [], refusal: null, changed: true };
}

/** Seats new games: the tables made, their players no longer waiting, and where each player goes. */
function seat(state: TournamentState, tables: readonly Sitter[][], round: number, now: number): TournamentStep {
  if (tables.length === 0) return kept(state);
  const entrants = { ...state.entrants };
  const effects: TournamentEffect[] = [];
  const games = [...state.games];
  for (const seats of tables) {
    const game: TournamentGame = {
      tableId: `${state.settings.id}-${games.length + 1}`, round, seats, startedAt: now, finishedAt: null, places: null, left: [], standIns: false,
    };
    games.push(game);
    effects.push({ type: 'table', game });
    for (const id of playerIds(game)) {
      entrants[id] = { ...entrants[id]!, tableId: game.tableId, waitingSince: null };
      effects.push({ type: 'paired', player: id, tableId: game.tableId });
    }
  }
  return { state: { ...state, entrants, games }, effects, refusal: null, changed: true };
}

const asPlayers = (ids: readonly string[]): Sitter[] => ids.map((id) => ({ kind: 'player', id }));

function arenaTick(state: TournamentState, now: number): TournamentStep {
  const s = state.settings;
  const end = arenaEnd(s)!;
  if (now >= end) {
    // Pairing has stopped: nobody waits any more; the games under way finish and count.
    const waiting = Object.values(state.entrants).filter((e) => e.waitingSince !== null);
    const cleared = waiting.length === 0 ? state
      : { ...state, entrants: { ...state.entrants, ...Object.fromEntries(waiting.map((e) => [e.id, { ...e, waitingSince: null }])) } };
    return merge({ state: cleared, effects: [], refusal: null, changed: cleared !== state }, endIfDone(cleared, now));
  }
  const minimum = gameModule(s.game).minPlayers;
  const waiting = Object.values(state.entrants).filter((e) => e.active && e.tableId === null && e.waitingSince !== null);
  if (waiting.length === 0) return kept(state);
  const wave = pairArenaWave({
    waiting: waiting.map((e) => ({ id: e.id, points: e.points, waitingSince: e.waitingSince!, lastOpponents: e.lastOpponents })),
    size: s.seats, minimum, now, maxWaitMs: ARENA_MAX_WAIT_MS,
  });
  // Players who would only meet their last opponents again wait a little for others to finish.
  const last = new Map(waiting.map((e) => [e.id, new Set(e.lastOpponents)] as const));
  const fresh = wave.tables.filter((t) => !hasRepeat(t, last) || t.some((id) => now - state.entrants[id]!.waitingSince! >= ARENA_REPEAT_WAIT_MS));
  const tables = fresh.map(asPlayers);
  if (s.fillWithBots) {
    // Too few people wait to fill a table: those who have waited long enough play with bots.
    const overdue = wave.waiting.filter((id) => now - state.entrants[id]!.waitingSince! >= ARENA_MAX_WAIT_MS);
    const chunk = Math.max(1, s.seats - 1);
    for (let i = 0; i < overdue.length; i += chunk) {
      const people = asPlayers(overdue.slice(i, i + chunk));
      tables.push([...people, ...Array.from({ length: s.seats - people.length }, (): Sitter => ({ kind: 'bot', level: FILL_BOT_LEVEL }))]);
    }
  }
  return seat(state, tables, 0, now);
}

function swissTick(state: TournamentState, now: number): TournamentStep {
  const s = state.settings;
  const current = unfinished(state);
  if (current.length > 0) {
    // The round's time is up: stand-in bots finish its games (once per table).
    const limit = state.roundStartedAt !== null && s.roundMinutes !== null ? state.roundStartedAt + s.roundMinutes * 60_000 : null;
    const late = limit !== null && now >= limit ? current.filter((g) => !g.standIns) : [];
    if (late.length === 0) return kept(state);
    const names = new Set(late.map((g) => g.tableId));
    return {
      state: { ...state, games: state.games.map((g) => (names.has(g.tableId) ? { ...g, standIns: true } : g)) },
      effects: late.map((g) => ({ type: 'stand-ins', tableId: g.tableId })), refusal: null, changed: true,
    };
  }
  const active = Object.values(state.entrants).filter((e) => e.active);
  const minimum = gameModule(s.game).minPlayers;
  if (state.round >= (s.rounds ?? 0) || active.length < minimum) {
    return { state: { ...state, status: 'finished', finishedAt: now }, effects: [], refusal: null, changed: true };
  }
  const round = state.round + 1;
  const paired = pairSwissRound({
    players: active.map((e) => ({ id: e.id, score: e.points, rating: e.rating, met: e.met, hadBye: e.hadBye })),
    size: s.seats, minimum,
  });
  const entrants = { ...state.entrants };
  for (const id of paired.byes) {
    const e = entrants[id]!;
    entrants[id] = { ...e, points: e.points + BYE_POINTS, hadBye: true };
  }
  const next: TournamentState = { ...state, entrants, round, roundStartedAt: now };
  return seat(next, paired.tables.map(asPlayers), round, now);
}

/** One row of the standings. */
export interface Standing {
  readonly entrant: Entrant;
  readonly rank: number;
  readonly buchholz: number | null;
}

/** The standings, best first, with shared ranks (standings.ts); bots at tables are not in them. */
export function standingsOf(state: TournamentState): Standing[] {
  const all = state.order.map((id) => state.entrants[id]!);
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
    const waiting = Object.values(state.entrants).filter((e) => e.active && e.tableId === null && e.waitingSince !== null);
    const waits = waiting.flatMap((e) => [e.waitingSince! + ARENA_REPEAT_WAIT_MS, e.waitingSince! + ARENA_MAX_WAIT_MS]);
    return Math.min(end, ...waits);
  }
  if (state.roundStartedAt !== null && s.roundMinutes !== null && unfinished(state).some((g) => !g.standIns)) return state.roundStartedAt + s.roundMinutes * 60_000;
  return null;
}
