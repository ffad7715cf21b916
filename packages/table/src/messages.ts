import type { GameSnapshot, HistoryMove, PlayerInfo, SeatInfo, ServerMessage, TableSummary } from '@parlor/protocol';
import type { GameEvent, Seat, Viewer } from '@parlor/rules';
import type { Draft } from './draft.js';
import { disconnectedSince, graceMs, isConnected, playerName, seatsOf } from './people.js';
import type { TableState } from './state.js';
import { seatVacations, vacationAt } from './vacation.js';

/** A seated player as everyone sees them: name, whether an account, the avatar they chose, if any, and `bot` for a bot account. */
function playerInfo(s: TableState, player: string): PlayerInfo {
  const avatar = s.people[player]?.avatar;
  return {
    id: player, name: playerName(s, player), account: s.people[player]?.account === true, ...(avatar === undefined ? {} : { avatar }),
    ...(s.people[player]?.bot === true ? { bot: true } : {}),
  };
}

/** What everyone may see of a table's seats (`now`: when they are shown, for a vacation running then). */
export function seatInfo(s: TableState, now?: number): SeatInfo[] {
  return s.row.seats.map((seat, i): SeatInfo => {
    if (seat.kind === 'empty') return { seat: i, kind: 'empty' };
    if (seat.kind === 'bot') return { seat: i, kind: 'bot', level: seat.level, name: `${seat.level} bot` };
    const vacation = now === undefined ? null : vacationAt(seatVacations(s.row, s.people, i), now);
    const reliability = s.people[seat.playerId]?.reliability;
    return {
      seat: i, kind: 'player', player: playerInfo(s, seat.playerId),
      connected: isConnected(s, seat.playerId), away: s.away[i] !== undefined, awayReason: s.away[i] ?? null,
      disconnectedSince: disconnectedSince(s, seat.playerId),
      standInAt: s.timers[`grace:${seat.playerId}`]?.at ?? null,
      ...(vacation === null ? {} : { vacationUntil: vacation.to }),
      ...(reliability === undefined ? {} : { reliability }),
    };
  });
}

/** The table as the lobby lists it: seats, status and settings (`now`: when, for the seats' vacations). */
export function summary(s: TableState, window: { readonly setting: string } | null, now?: number): TableSummary {
  const r = s.row;
  const seated = new Set(r.seats.flatMap((seat) => (seat.kind === 'player' ? [seat.playerId] : [])));
  const base: TableSummary = {
    id: r.id, game: r.game, options: r.options, seats: seatInfo(s, now), status: r.status, private: r.private,
    moveTimer: r.moveTimer, responseWindow: r.responseWindow,
    replaceAfter: r.moveTimer > 0 ? null : s.settings.replaceAfterSeconds,
    grace: graceMs(s) / 1000,
    rated: r.rated === true,
    ...(r.minReliability === undefined ? {} : { minReliability: r.minReliability }),
    creator: { id: r.creatorId, name: playerName(s, r.creatorId) },
    gameNo: r.gameNo, spectators: Object.values(s.watchers).filter((p) => !seated.has(p)).length, createdAt: r.createdAt,
    ...(r.tournament === undefined ? {} : { tournament: { id: r.tournament.id, name: r.tournament.name } }),
    ...(r.turnBased === undefined ? {} : { turnBased: r.turnBased }),
  };
  // The window's length also goes out under the game's own name for it, as clients written
  // before `responseWindow` read it (docs/protocol.md).
  return window === null ? base : { ...base, [window.setting]: r.responseWindow };
}

/** The table as `player` sees it: their seats, and a private table's invite if they belong to it. */
export function tableMessage(s: TableState, sum: TableSummary, player: string, re?: string | number): ServerMessage {
  const yourSeats = seatsOf(s.row, player);
  const member = yourSeats.length > 0 || player === s.row.creatorId;
  return { type: 'table', ...(re === undefined ? {} : { re }), table: sum, invite: s.row.private && member ? s.row.invite : null, yourSeats };
}

export interface SnapshotOptions {
  /** `events` are the last move's (the snapshot says who made it). */
  readonly last?: boolean;
  /** Every event so far as this viewer may see it, for its game log (a first snapshot, a watch). */
  readonly history?: boolean;
}

/** The game as `seat` (null: a spectator) sees it, with `events` (every audience) filtered for it. */
export function snapshot(d: Draft, seat: Seat | null, events: readonly GameEvent[], o: SnapshotOptions = {}): GameSnapshot {
  const s = d.s;
  const g = d.game;
  const m = d.module;
  const viewer: Viewer = seat ?? 'spectator';
  const over = m.outcome(g.state);
  const waitingFor = m.toAct(g.state);
  return {
    tableId: s.row.id, gameNo: g.no, seq: g.seq, seat,
    view: m.view(g.state, viewer),
    events: m.eventsFor(events, viewer) as GameSnapshot['events'],
    legal: seat !== null && waitingFor.includes(seat) ? [...m.legalActions(g.state, seat)] : [],
    waitingFor, deadline: g.deadline, waitingSince: over === null ? g.waitingSince : null,
    by: o.last === true ? g.lastBy : null, moveSeat: o.last === true ? g.lastSeat : null, commitment: g.commitment,
    seed: over === null ? null : g.seed,
    outcome: over,
    stats: over === null ? null : g.stats as GameSnapshot['stats'],
    ...(s.row.turnBased === undefined ? {} : { banks: [...g.banks] }),
    ...(o.history === true ? history(d, viewer) : {}),
  };
}

/** Every event so far as `viewer` may see it, and the moves they came from. */
function history(d: Draft, viewer: Viewer): Pick<GameSnapshot, 'history' | 'historyMoves'> {
  const g = d.game;
  const out: GameEvent[] = [];
  const moves: HistoryMove[] = [];
  let at = 0;
  const all = g.allEvents.read();
  for (const move of g.moves.read()) {
    const seen = d.eventsFor(all.slice(at, at + move.events), viewer);
    at += move.events;
    out.push(...seen);
    moves.push({ seat: move.seat, by: move.by, events: seen.length });
  }
  return { history: out as GameSnapshot['events'], historyMoves: moves };
}

/** Watchers grouped by the player watching, in the order they came. */
function byPlayer(s: TableState, only?: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [watcher, player] of Object.entries(s.watchers)) {
    if (only !== undefined && !only.includes(watcher)) continue;
    let list = out.get(player);
    if (list === undefined) out.set(player, (list = []));
    list.push(watcher);
  }
  return out;
}

/** Every watcher hears the table's seats and status (one message per player); the lobby hears of it. */
export function broadcastTable(d: Draft): void {
  const sum = summary(d.s, d.module.responseWindow, d.now);
  for (const [player, to] of byPlayer(d.s)) d.effect({ kind: 'send', to, msg: tableMessage(d.s, sum, player) });
  d.effect({ kind: 'changed' });
}

/**
 * The game to watchers (all of them, or `only` these): one message per seat each player holds,
 * or the spectator's — each built once for everyone who sees the game as that viewer.
 */
export function sendGame(d: Draft, events: readonly GameEvent[], o: SnapshotOptions = {}, only?: readonly string[]): void {
  if (d.s.game === null) return;
  const spectators: string[] = [];
  for (const [player, to] of byPlayer(d.s, only)) {
    const seats = seatsOf(d.s.row, player);
    if (seats.length === 0) spectators.push(...to);
    for (const seat of seats) d.effect({ kind: 'send', to, msg: { type: 'game', ...snapshot(d, seat, events, o) } });
  }
  if (spectators.length > 0) d.effect({ kind: 'send', to: spectators, msg: { type: 'game', ...snapshot(d, null, events, o) } });
}
