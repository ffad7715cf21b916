import { type BotLevel, botLevels } from '@parlor/bots';
import type { Seat } from '@parlor/rules';
import type { SeatRow } from '../store/store.js';
import { broadcastTable } from './broadcast.js';
import type { Table } from './table.js';
import { Refusal } from './types.js';

/** Seats change between games only. */
function editable(t: Table): void {
  if (t.row.status === 'running') throw new Refusal('ALREADY_RUNNING', 'The game has started: seats change between games.');
}

export function seatRow(t: Table, seat: Seat): SeatRow {
  const s = t.row.seats[seat];
  if (s === undefined) throw new Refusal('NO_SUCH_SEAT', `The table has no seat ${seat}.`);
  return s;
}

export function creatorOnly(t: Table, playerId: string): void {
  if (playerId !== t.row.creatorId) throw new Refusal('NOT_CREATOR', 'Only the table creator may do that.');
}

/** The seat is `playerId`'s, or NOT_YOUR_SEAT. */
export function ownSeat(t: Table, playerId: string, seat: Seat): void {
  const s = seatRow(t, seat);
  if (s.kind !== 'player' || s.playerId !== playerId) throw new Refusal('NOT_YOUR_SEAT', `You do not hold seat ${seat}.`);
}

/** Stores the new seats first; only then does the table change and everyone hear of it. */
async function setSeats(t: Table, seats: SeatRow[]): Promise<void> {
  const row = { ...t.row, seats };
  await t.host.store.saveTable(row, t.fence);
  t.row = row;
  t.touch();
  broadcastTable(t);
}

const put = (t: Table, seat: Seat, row: SeatRow) => t.row.seats.map((s, i) => (i === seat ? row : s));

/** One seat per person at a table: they play it themselves, and see one hand. */
export async function sit(t: Table, playerId: string, seat: Seat): Promise<void> {
  editable(t);
  const held = t.seatsOf(playerId);
  if (held.length > 0) throw new Refusal('ALREADY_SEATED', `You already hold seat ${held[0]} at this table: one seat per person.`);
  if (seatRow(t, seat).kind !== 'empty') throw new Refusal('SEAT_TAKEN', `Seat ${seat} is taken.`);
  if (t.row.rated === true && !t.host.isAccount(playerId)) throw new Refusal('ACCOUNT_REQUIRED', 'This table is rated: only players with an account may sit.');
  await setSeats(t, put(t, seat, { kind: 'player', playerId }));
}

/**
 * Between games, the seat is freed. While a game runs, its player hands it to a stand-in bot and
 * may take it back (`back`) until the game ends.
 */
export async function leave(t: Table, playerId: string, seat: Seat): Promise<void> {
  ownSeat(t, playerId, seat);
  if (t.row.status === 'running') {
    t.away.set(seat, 'left');
    t.moves.refresh();
    return;
  }
  await setSeats(t, put(t, seat, { kind: 'empty' }));
}

/** The player takes back a seat a stand-in bot plays (whatever the reason it did). */
export function back(t: Table, playerId: string, seat: Seat): void {
  ownSeat(t, playerId, seat);
  if (t.row.status !== 'running') throw new Refusal('NOT_RUNNING', 'No game is running at this table.');
  if (t.away.delete(seat)) t.moves.refresh();
}

/**
 * A seated player hands an absent player's seat to a stand-in bot, on a table without a move timer,
 * once that player has been disconnected — or silent while the game waited for them — for the
 * table's `replaceAfter` seconds (BGA's "skip a player"). The player gets the seat back on return.
 */
export function replace(t: Table, playerId: string, seat: Seat, now = t.host.clock.now()): void {
  if (t.seatsOf(playerId).every((s) => t.away.has(s))) {
    throw new Refusal('NOT_SEATED', 'Only the players at the table may replace someone.');
  }
  if (t.row.status !== 'running' || t.game === null) throw new Refusal('NOT_RUNNING', 'No game is running at this table.');
  if (t.row.moveTimer > 0) throw new Refusal('HAS_TIMER', 'This table has a move timer: a bot plays for anyone whose time runs out.');
  const s = seatRow(t, seat);
  if (s.kind !== 'player' || s.playerId === playerId) throw new Refusal('NOT_ABSENT', `Seat ${seat} is not another player's.`);
  if (t.away.has(seat)) return; // a bot plays it already
  const after = t.host.config.replaceAfterSeconds * 1000;
  const gone = t.host.disconnectedSince(s.playerId);
  const waitedOn = t.module.toAct(t.game.state).includes(seat) ? t.game.waitingSince : null;
  const since = Math.min(gone ?? Infinity, waitedOn ?? Infinity);
  if (since === Infinity) throw new Refusal('NOT_ABSENT', `${t.host.playerName(s.playerId)} is here and it is not their turn.`);
  if (now - since < after) {
    throw new Refusal('TOO_SOON', `${t.host.playerName(s.playerId)} may be replaced in ${Math.ceil((since + after - now) / 1000)} s.`);
  }
  t.away.set(seat, 'replaced');
  t.moves.refresh();
}

export async function addBot(t: Table, playerId: string, seat: Seat, level: BotLevel): Promise<void> {
  creatorOnly(t, playerId);
  editable(t);
  const levels = botLevels(t.row.game);
  if (!levels.includes(level)) {
    throw new Refusal('BAD_MESSAGE', `There is no ${level} bot for ${t.module.name}; choose ${levels.join(', ')}.`);
  }
  if (seatRow(t, seat).kind !== 'empty') throw new Refusal('SEAT_TAKEN', `Seat ${seat} is taken.`);
  await setSeats(t, put(t, seat, { kind: 'bot', level }));
}

export async function removeBot(t: Table, playerId: string, seat: Seat): Promise<void> {
  creatorOnly(t, playerId);
  editable(t);
  if (seatRow(t, seat).kind !== 'bot') throw new Refusal('NO_SUCH_SEAT', `Seat ${seat} holds no bot.`);
  await setSeats(t, put(t, seat, { kind: 'empty' }));
}
