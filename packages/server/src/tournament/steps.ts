/** The small steps the director's parts share: results of a step, and seating new games. */
import type { Entrant, Sitter, TournamentEffect, TournamentGame, TournamentState, TournamentStep } from './state.js';

export const kept = (state: TournamentState): TournamentStep => ({ state, effects: [], refusal: null, changed: false });
export const refused = (state: TournamentState, code: string, message: string): TournamentStep => ({ state, effects: [], refusal: { code, message }, changed: false });

export function withEntrant(state: TournamentState, e: Entrant): TournamentState {
  return { ...state, entrants: new Map(state.entrants).set(e.id, e) };
}

export function merge(a: TournamentStep, b: TournamentStep): TournamentStep {
  return { state: b.state, effects: [...a.effects, ...b.effects], refusal: null, changed: a.changed || b.changed };
}

export const playerIds = (g: TournamentGame) => g.seats.flatMap((s) => (s.kind === 'player' ? [s.id] : []));

export const unfinished = (state: TournamentState) => state.games.filter((g) => g.finishedAt === null);

export function endIfDone(state: TournamentState, now: number): TournamentStep {
  if (unfinished(state).length > 0) return kept(state);
  return { state: { ...state, status: 'finished', finishedAt: now }, effects: [], refusal: null, changed: true };
}

/** Seats new games: the tables made, their players no longer waiting, and where each player goes. */
export function seat(state: TournamentState, tables: readonly Sitter[][], round: number, now: number): TournamentStep {
  if (tables.length === 0) return kept(state);
  const entrants = new Map(state.entrants);
  const effects: TournamentEffect[] = [];
  const games = [...state.games];
  for (const seats of tables) {
    const game: TournamentGame = {
      tableId: `${state.settings.id}-${games.length + 1}`, round, seats, startedAt: now, finishedAt: null, places: null, left: [], standIns: false,
    };
    games.push(game);
    effects.push({ type: 'table', game });
    for (const id of playerIds(game)) {
      entrants.set(id, { ...entrants.get(id)!, tableId: game.tableId, waitingSince: null });
      effects.push({ type: 'paired', player: id, tableId: game.tableId });
    }
  }
  return { state: { ...state, entrants, games }, effects, refusal: null, changed: true };
}

export const asPlayers = (ids: readonly string[]): Sitter[] => ids.map((id) => ({ kind: 'player', id }));

