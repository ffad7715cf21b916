/** What a tournament's pages and API show of its director's state (nothing in it is secret). */
import type { TournamentDetail, TournamentGame as GameInfo, TournamentPlayer, TournamentSummary } from '@parlor/protocol';
import { type TournamentGame, type TournamentState, arenaEnd, standingsOf } from './director.js';

/** The detail lists every game under way and at most this many finished ones (the newest). */
export const FINISHED_GAMES_SHOWN = 200;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function tournamentSummary(state: TournamentState): TournamentSummary {
  const s = state.settings;
  return {
    id: s.id, name: s.name, game: s.game, format: s.format, status: state.status, startsAt: iso(s.startsAt)!, endsAt: iso(arenaEnd(s)),
    minutes: s.minutes, rounds: s.rounds, roundMinutes: s.roundMinutes, round: state.round, seats: s.seats, options: s.options,
    moveTimer: s.moveTimer, responseWindow: s.responseWindow, rated: s.rated, private: s.private, minPlayers: s.minPlayers,
    fillWithBots: s.fillWithBots, playerCount: state.order.length, createdBy: s.createdByName, finishedAt: iso(state.finishedAt),
  };
}

function gameInfo(state: TournamentState, g: TournamentGame): GameInfo {
  return {
    tableId: g.tableId, round: g.round, finished: g.finishedAt !== null, startedAt: iso(g.startedAt)!, finishedAt: iso(g.finishedAt),
    players: g.seats.map((seat) => (seat.kind === 'player' ? state.entrants.get(seat.id)?.name ?? '?' : `${seat.level} bot`)),
    places: g.places === null ? null : g.seats.map((_, i) => (g.left.includes(i) ? g.seats.length : g.places![i]!)),
  };
}

/** The whole page: standings best first, the games newest first; `member`: the caller may see a private one's invite. */
export function tournamentDetail(state: TournamentState, member: boolean): TournamentDetail {
  const players: TournamentPlayer[] = standingsOf(state).map(({ entrant: e, rank, buchholz }) => ({
    name: e.name, id: e.id, points: e.points, rank, games: e.games, wins: e.wins, streak: e.streak, buchholz,
    active: e.active, bot: e.bot, tableId: e.tableId,
  }));
  const running = state.games.filter((g) => g.finishedAt === null);
  const done = state.games.filter((g) => g.finishedAt !== null).slice(-FINISHED_GAMES_SHOWN);
  const games = [...running, ...done].sort((a, b) => b.startedAt - a.startedAt || (a.tableId < b.tableId ? 1 : -1)).map((g) => gameInfo(state, g));
  return { ...tournamentSummary(state), players, games, invite: state.settings.private && member ? state.settings.invite : null };
}
