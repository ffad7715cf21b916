/** A Swiss event's clock: a round paired when the last one ends, stand-ins when a round's time is up, the end. */
import { gameModule } from '@parlor/rules';
import { type TournamentState, type TournamentStep } from './state.js';
import { asPlayers, kept, seat, unfinished } from './steps.js';
import { pairSwissRound } from './swiss-pairing.js';
import { BYE_POINTS } from './swiss-points.js';

export function swissTick(state: TournamentState, now: number): TournamentStep {
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
  const active = [...state.entrants.values()].filter((e) => e.active);
  const minimum = gameModule(s.game).minPlayers;
  if (state.round >= (s.rounds ?? 0) || active.length < minimum) {
    return { state: { ...state, status: 'finished', finishedAt: now }, effects: [], refusal: null, changed: true };
  }
  const round = state.round + 1;
  const paired = pairSwissRound({
    players: active.map((e) => ({ id: e.id, score: e.points, rating: e.rating, met: e.met, hadBye: e.hadBye })),
    size: s.seats, minimum,
  });
  const entrants = new Map(state.entrants);
  for (const id of paired.byes) {
    const e = entrants.get(id)!;
    entrants.set(id, { ...e, points: e.points + BYE_POINTS, hadBye: true });
  }
  const next: TournamentState = { ...state, entrants, round, roundStartedAt: now };
  return seat(next, paired.tables.map(asPlayers), round, now);
}

