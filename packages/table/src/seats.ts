import { type BotLevel, botLevels } from '@parlor/bots';
import type { Seat } from '@parlor/rules';
import { type Draft, refuse } from './draft.js';
import { broadcastTable } from './messages.js';
import { disconnectedSince, playerName, seatsOf } from './people.js';
import type { SeatRow } from './rows.js';
import { refresh } from './schedule.js';
import { givenUp } from './turns.js';

/** Seats change between games only. */
function editable(d: Draft): void {
  if (d.s.row.status === 'running') refuse('ALREADY_RUNNING', 'The game has started: seats change between games.');
}

export function seatRow(d: Draft, seat: Seat): SeatRow {
  const s = d.s.row.seats[seat];
  if (s === undefined) refuse('NO_SUCH_SEAT', `The table has no seat ${seat}.`);
  return s;
}

export function creatorOnly(d: Draft, player: string): void {
  if (player !== d.s.row.creatorId) refuse('NOT_CREATOR', 'Only the table creator may do that.');
}

/** The seat is `player`'s, or NOT_YOUR_SEAT. */
export function ownSeat(d: Draft, player: string, seat: Seat): void {
  const s = seatRow(d, seat);
  if (s.kind !== 'player' || s.playerId !== player) refuse('NOT_YOUR_SEAT', `You do not hold seat ${seat}.`);
}

/** The new seats are stored; the table changes and everyone hears of it. */
function setSeats(d: Draft, seats: SeatRow[]): void {
  const row = { ...d.s.row, seats };
  d.write({ op: 'table', row });
  d.set({ row });
  d.touch();
  broadcastTable(d);
}

const put = (d: Draft, seat: Seat, row: SeatRow) => d.s.row.seats.map((s, i) => (i === seat ? row : s));

/** One seat per person at a table: they play it themselves, and see one hand. */
export function sit(d: Draft, player: string, seat: Seat): void {
  editable(d);
  const held = seatsOf(d.s.row, player);
  if (held.length > 0) refuse('ALREADY_SEATED', `You already hold seat ${held[0]} at this table: one seat per person.`);
  if (seatRow(d, seat).kind !== 'empty') refuse('SEAT_TAKEN', `Seat ${seat} is taken.`);
  if (d.s.row.rated === true && d.s.people[player]?.account !== true) refuse('ACCOUNT_REQUIRED', 'This table is rated: only players with an account may sit.');
  const min = d.s.row.minReliability;
  const reliability = d.s.people[player]?.reliability ?? null; // a new player (null) may sit wherever
  if (min !== undefined && reliability !== null && reliability < min) {
    refuse('RELIABILITY_TOO_LOW', `This table asks for players who finish at least ${min}% of their games; you have finished ${reliability}% lately.`);
  }
  setSeats(d, put(d, seat, { kind: 'player', playerId: player }));
}

/**
 * Between games, the seat is freed. While a game runs, its player hands it to a stand-in bot and
 * may take it back (`back`) until the game ends.
 */
export function leave(d: Draft, player: string, seat: Seat): void {
  ownSeat(d, player, seat);
  if (d.s.row.status === 'running') {
    d.set({ away: { ...d.s.away, [seat]: 'left' } });
    refresh(d);
    return;
  }
  setSeats(d, put(d, seat, { kind: 'empty' }));
}

/** The away list without `seat`. */
export function without<T>(away: Readonly<Record<number, T>>, seat: Seat): Record<number, T> {
  const out = { ...away };
  delete out[seat];
  return out;
}

/** The player takes back a seat a stand-in bot plays (whatever the reason it did). */
export function back(d: Draft, player: string, seat: Seat): void {
  ownSeat(d, player, seat);
  if (d.s.row.status !== 'running') refuse('NOT_RUNNING', 'No game is running at this table.');
  if (d.s.row.tournament?.standIns === true) refuse('ROUND_OVER', "The tournament's time for this game is up: stand-in bots finish it.");
  if (givenUp(d.s.row, d.s.game, seat)) refuse('TIMED_OUT', 'Your time ran out too many moves in a row: a bot plays this seat until the game ends.');
  if (d.s.away[seat] === undefined) return;
  d.set({ away: without(d.s.away, seat) });
  refresh(d);
}

/**
 * A seated player hands an absent player's seat to a stand-in bot, on a table without a move timer,
 * once that player has been disconnected — or silent while the game waited for them — for the
 * table's `replaceAfter` seconds (BGA's "skip a player"). The player gets the seat back on return.
 */
export function replace(d: Draft, player: string, seat: Seat): void {
  const s = d.s;
  if (seatsOf(s.row, player).every((mine) => s.away[mine] !== undefined)) {
    refuse('NOT_SEATED', 'Only the players at the table may replace someone.');
  }
  if (s.row.status !== 'running' || s.game === null) refuse('NOT_RUNNING', 'No game is running at this table.');
  if (s.row.moveTimer > 0) refuse('HAS_TIMER', 'This table has a move timer: a bot plays for anyone whose time runs out.');
  const target = seatRow(d, seat);
  if (target.kind !== 'player' || target.playerId === player) refuse('NOT_ABSENT', `Seat ${seat} is not another player's.`);
  if (s.away[seat] !== undefined) return; // a bot plays it already
  const after = s.settings.replaceAfterSeconds * 1000;
  const gone = disconnectedSince(s, target.playerId);
  const waitedOn = d.module.toAct(s.game.state).includes(seat) ? s.game.waitingSince : null;
  const since = Math.min(gone ?? Infinity, waitedOn ?? Infinity);
  if (since === Infinity) refuse('NOT_ABSENT', `${playerName(s, target.playerId)} is here and it is not their turn.`);
  if (d.now - since < after) {
    refuse('TOO_SOON', `${playerName(s, target.playerId)} may be replaced in ${Math.ceil((since + after - d.now) / 1000)} s.`);
  }
  d.set({ away: { ...s.away, [seat]: 'replaced' } });
  refresh(d);
}

/**
 * A tournament's time for the game ran out: stand-in bots play every person's seat to the end, and
 * nobody takes a seat back. A seat whose player left stays marked as left.
 */
export function standIns(d: Draft): void {
  const row = d.s.row;
  if (row.tournament === undefined || row.status !== 'running') refuse('NOT_RUNNING', 'No tournament game is running at this table.');
  const away = { ...d.s.away };
  row.seats.forEach((s, seat) => { if (s.kind === 'player') away[seat] ??= 'timeout'; });
  const marked = { ...row, tournament: { ...row.tournament, standIns: true } };
  d.write({ op: 'table', row: marked });
  d.set({ row: marked, away });
  refresh(d);
}

export function addBot(d: Draft, player: string, seat: Seat, level: BotLevel): void {
  creatorOnly(d, player);
  editable(d);
  const levels = botLevels(d.s.row.game);
  if (!levels.includes(level)) {
    refuse('BAD_MESSAGE', `There is no ${level} bot for ${d.module.name}; choose ${levels.join(', ')}.`);
  }
  if (seatRow(d, seat).kind !== 'empty') refuse('SEAT_TAKEN', `Seat ${seat} is taken.`);
  setSeats(d, put(d, seat, { kind: 'bot', level }));
}

export function removeBot(d: Draft, player: string, seat: Seat): void {
  creatorOnly(d, player);
  editable(d);
  if (seatRow(d, seat).kind !== 'bot') refuse('NO_SUCH_SEAT', `Seat ${seat} holds no bot.`);
  setSeats(d, put(d, seat, { kind: 'empty' }));
}
