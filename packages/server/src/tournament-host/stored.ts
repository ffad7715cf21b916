/**
 * A tournament's state as it is stored: a head row (everything but its players and games) and one
 * part row per entrant and per game, so that a write carries only what the input changed. A running
 * arena of 1,000 players and thousands of games would otherwise rewrite its whole state — hundreds
 * of kilobytes — at every join and every game's end.
 *
 * The director's steps are immutable updates: an entrant or a game that an input did not touch is
 * the same object before and after it, so what changed is found by identity against the state as
 * it was last stored.
 */
import type { TournamentPart, TournamentRow } from '../store/store.js';
import type { Entrant, TournamentGame, TournamentState } from '../tournament/director.js';
import { tournamentSummary } from '../tournament/view.js';

type Head = Omit<TournamentState, 'entrants' | 'games'>;

const headOf = (state: TournamentState): Head => {
  const { entrants: _entrants, games: _games, ...head } = state;
  return head;
};

const entrantPart = (e: Entrant, seq: number): TournamentPart => ({ kind: 'entrant', key: e.id, seq, body: e });
const gamePart = (g: TournamentGame, seq: number): TournamentPart => ({ kind: 'game', key: g.tableId, seq, body: g });

/**
 * The parts of `next` to write over `stored` (null: nothing of it is stored as parts yet, so all):
 * entrants and games that are new or changed, and entrants no longer there (their body null: deleted).
 */
export function changedParts(next: TournamentState, stored: TournamentState | null): TournamentPart[] {
  const parts: TournamentPart[] = [];
  next.order.forEach((id, i) => {
    const e = next.entrants.get(id)!;
    if (stored === null || stored.entrants.get(id) !== e || stored.order[i] !== id) parts.push(entrantPart(e, i));
  });
  if (stored !== null) {
    for (const id of stored.order) if (!next.entrants.has(id)) parts.push({ kind: 'entrant', key: id, seq: 0, body: null });
  }
  next.games.forEach((g, i) => { if (stored === null || stored.games[i] !== g) parts.push(gamePart(g, i)); });
  return parts;
}

/** The row to write for `state` at `version`, with the parts changed since `stored` (see changedParts). */
export function tournamentRow(state: TournamentState, version: number, stored: TournamentState | null): TournamentRow {
  return {
    id: state.settings.id, status: state.status, startsAt: new Date(state.settings.startsAt).toISOString(), private: state.settings.private,
    version, summary: tournamentSummary(state), state: headOf(state), parts: changedParts(state, stored),
  };
}

/**
 * The state of a stored row: its head with its parts. A row whose head still holds its entrants (an
 * object by id) and games, written before they had rows of their own, is read from its head;
 * `whole` is then false, and the next write stores every part.
 */
export function stateOf(row: TournamentRow): { state: TournamentState; whole: boolean } {
  const head = row.state as Head & { entrants?: Record<string, Entrant>; games?: TournamentGame[] };
  if (head.entrants !== undefined && head.games !== undefined) {
    return { state: { ...head, entrants: new Map(Object.entries(head.entrants)), games: head.games }, whole: false };
  }
  const entrants = new Map<string, Entrant>();
  const games: TournamentGame[] = [];
  for (const p of row.parts ?? []) {
    if (p.kind === 'entrant') entrants.set(p.key, p.body as Entrant);
    else games[p.seq] = p.body as TournamentGame;
  }
  return { state: { ...head, entrants, games }, whole: true };
}
