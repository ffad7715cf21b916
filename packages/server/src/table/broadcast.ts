import type { GameSnapshot, SeatInfo, ServerMessage, TableSummary } from '@parlor/protocol';
import type { GameEvent, Seat } from '@parlor/rules';
import type { Table } from './table.js';
import type { Client } from './types.js';

/** What everyone may see of a table: seats, status and settings. */
export function seatInfo(t: Table): SeatInfo[] {
  return t.row.seats.map((s, seat): SeatInfo => {
    if (s.kind === 'empty') return { seat, kind: 'empty' };
    if (s.kind === 'bot') return { seat, kind: 'bot', level: s.level, name: `${s.level} bot` };
    return {
      seat, kind: 'player', player: { id: s.playerId, name: t.host.playerName(s.playerId) },
      connected: t.host.isConnected(s.playerId), away: t.away.has(seat), awayReason: t.away.get(seat) ?? null,
      disconnectedSince: t.host.disconnectedSince(s.playerId),
    };
  });
}

export function summary(t: Table): TableSummary {
  const r = t.row;
  const seated = new Set(r.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : [])));
  const window = t.module.responseWindow;
  const base: TableSummary = {
    id: r.id, game: r.game, options: r.options, seats: seatInfo(t), status: r.status, private: r.private,
    moveTimer: r.moveTimer, responseWindow: r.responseWindow,
    replaceAfter: r.moveTimer > 0 ? null : t.host.config.replaceAfterSeconds,
    rated: r.rated === true,
    creator: { id: r.creatorId, name: t.host.playerName(r.creatorId) },
    gameNo: r.gameNo, spectators: [...t.watchers].filter((c) => !seated.has(c.playerId)).length, createdAt: r.createdAt,
  };
  // The window's length also goes out under the game's own name for it, as clients written
  // before `responseWindow` read it (docs/protocol.md).
  return window === null ? base : { ...base, [window.setting]: r.responseWindow };
}

export function tableMessage(t: Table, c: Client, re?: string | number): ServerMessage {
  const yourSeats = t.seatsOf(c.playerId);
  const member = yourSeats.length > 0 || c.playerId === t.row.creatorId;
  return { type: 'table', ...(re === undefined ? {} : { re }), table: summary(t), invite: t.row.private && member ? t.row.invite : null, yourSeats };
}

/**
 * The game as `seat` (null: a spectator) sees it, with `events` (all audiences) filtered for it:
 * the events of the last move (`by` says who made it), or none between moves.
 */
export function snapshot(t: Table, seat: Seat | null, events: readonly GameEvent[], withHistory = false): GameSnapshot {
  const g = t.game!;
  const m = t.module;
  const viewer = seat ?? 'spectator';
  const over = m.outcome(g.state);
  const waitingFor = m.toAct(g.state);
  return {
    tableId: t.id, gameNo: g.no, seq: g.seq, seat,
    view: m.view(g.state, viewer),
    events: m.eventsFor(events, viewer) as GameSnapshot['events'],
    legal: seat !== null && waitingFor.includes(seat) ? [...m.legalActions(g.state, seat)] : [],
    waitingFor, deadline: g.deadline, waitingSince: over === null ? g.waitingSince : null,
    by: events === g.lastEvents ? g.lastBy : null, moveSeat: events === g.lastEvents ? g.lastSeat : null, commitment: g.commitment,
    seed: over === null ? null : g.seed,
    outcome: over,
    stats: over === null ? null : g.stats as GameSnapshot['stats'],
    ...(withHistory ? history(t, viewer) : {}),
  };
}

/** Every event so far as `viewer` may see it, and the moves they came from (for the game log). */
function history(t: Table, viewer: Seat | 'spectator'): Pick<GameSnapshot, 'history' | 'historyMoves'> {
  const g = t.game!;
  const out: GameEvent[] = [];
  const moves = [];
  let at = 0;
  for (const move of g.moves) {
    const seen = t.module.eventsFor(g.allEvents.slice(at, at + move.events), viewer);
    at += move.events;
    out.push(...seen);
    moves.push({ seat: move.seat, by: move.by, events: seen.length });
  }
  return { history: out as GameSnapshot['events'], historyMoves: moves };
}

/**
 * Sends `c` the game: one message per seat it holds, or the spectator's. `withHistory` (on
 * watching, e.g. after a reload) adds every event so far as that seat may see it, for the game log.
 */
export function sendGame(t: Table, c: Client, events: readonly GameEvent[], withHistory = false): void {
  if (t.game === null) return;
  const seats = t.seatsOf(c.playerId);
  if (seats.length === 0) c.send({ type: 'game', ...snapshot(t, null, events, withHistory) });
  for (const seat of seats) c.send({ type: 'game', ...snapshot(t, seat, events, withHistory) });
}

/** Every watcher gets the game after a change (`events`: what the change did, every audience). */
export function sendGameToAll(t: Table, events: readonly GameEvent[], withHistory = false): void {
  for (const c of t.watchers) sendGame(t, c, events, withHistory);
}

/** Every watcher gets the table's seats and status; the lobby hears of the change. */
export function broadcastTable(t: Table): void {
  for (const c of t.watchers) c.send(tableMessage(t, c));
  t.host.tableChanged(t);
}
