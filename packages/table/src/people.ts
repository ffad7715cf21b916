import type { Seat } from '@parlor/rules';
import type { TableRow } from './rows.js';
import type { TableState } from './state.js';

/** The seats `player` holds. */
export function seatsOf(row: TableRow, player: string): Seat[] {
  return row.seats.flatMap((s, i) => (s.kind === 'player' && s.playerId === player ? [i] : []));
}

/** Every seated player, once each. */
export function seatedPlayers(row: TableRow): string[] {
  return [...new Set(row.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : [])))];
}

export function playerName(s: TableState, player: string): string {
  return s.people[player]?.name ?? 'someone';
}

export function isConnected(s: TableState, player: string): boolean {
  return s.people[player]?.connected ?? false;
}

/** Since when the player has had no connection; null while connected (or never seen). */
export function disconnectedSince(s: TableState, player: string): number | null {
  const p = s.people[player];
  return p === undefined || p.connected ? null : p.since;
}

/**
 * Whether `player` may find the table: a public one, or a private one with its invite, or one
 * they created or sit at.
 */
export function canSee(row: TableRow, player: string, invite: string | undefined): boolean {
  return !row.private || invite === row.invite || row.creatorId === player ||
    row.seats.some((s) => s.kind === 'player' && s.playerId === player);
}

/** How long a disconnected player keeps their seat at this table: the creator's choice, else the server's. */
export function graceMs(s: TableState): number {
  return (s.row.grace ?? s.settings.graceSeconds) * 1000;
}

/**
 * Whether a person other than `player` plays at the table now: seated, connected, and playing their
 * own seat (no stand-in). Only then does anyone wait on `player`, and only then does a grace period
 * run out for them (a game among one person and bots simply waits for that person).
 */
export function someoneElsePlays(s: TableState, player: string): boolean {
  return s.row.seats.some((seat, i) => seat.kind === 'player' && seat.playerId !== player &&
    s.away[i] === undefined && isConnected(s, seat.playerId));
}

/**
 * No person is left: every person's seat is played by a stand-in, and each of them left the game
 * or is not connected.
 */
export function noPersonLeft(s: TableState): boolean {
  return s.row.seats.every((seat, i) => seat.kind !== 'player' ||
    (s.away[i] !== undefined && (s.away[i] === 'left' || !isConnected(s, seat.playerId))));
}
