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

async function setSeats(t: Table, seats: SeatRow[]): Promise<void> {
  t.row = { ...t.row, seats };
  await t.host.store.saveTable(t.row);
  broadcastTable(t);
}

const put = (t: Table, seat: Seat, row: SeatRow) => t.row.seats.map((s, i) => (i === seat ? row : s));

export async function sit(t: Table, playerId: string, seat: Seat): Promise<void> {
  editable(t);
  if (seatRow(t, seat).kind !== 'empty') throw new Refusal('SEAT_TAKEN', `Seat ${seat} is taken.`);
  await setSeats(t, put(t, seat, { kind: 'player', playerId }));
}

export async function leave(t: Table, playerId: string, seat: Seat): Promise<void> {
  editable(t);
  const s = seatRow(t, seat);
  if (s.kind !== 'player' || s.playerId !== playerId) throw new Refusal('NOT_YOUR_SEAT', `You do not hold seat ${seat}.`);
  await setSeats(t, put(t, seat, { kind: 'empty' }));
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
