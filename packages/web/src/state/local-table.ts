import type { BotLevel, GameSnapshot, SeatInfo, TableSummary } from '@parlor/protocol';
import type { GameId, Seat } from '@parlor/rules';
import type { LogEntry, TableState } from './store.js';

/**
 * A table that exists only in this browser — a guided first game (ui/learn), an offline game
 * against bots (src/offline) — in the shape the game screens (GAME_SCREENS) get at a server's
 * table: one person's seat, bots in the others, their snapshot and log. Nothing here is sent anywhere.
 */
export interface LocalTable {
  readonly id: string;
  readonly game: GameId;
  /** The game's options as its parser filled them in. */
  readonly options: Record<string, unknown>;
  /** Display names by seat; their number is the number of seats. */
  readonly names: readonly string[];
  /** The person's seat (the others are bots). */
  readonly person: Seat;
  /** The person's id in the table's seat list (never a server's player id). */
  readonly personId: string;
  /** Each bot seat's level. */
  readonly level: (seat: Seat) => BotLevel;
  /** A response window's length in seconds, or null. */
  readonly responseWindow: number | null;
  readonly snapshot: GameSnapshot;
  readonly log: readonly LogEntry[];
  readonly createdAt?: string;
}

export function localTable(t: LocalTable): TableState {
  const me = { id: t.personId, name: t.names[t.person] ?? '' };
  const seats: SeatInfo[] = t.names.map((name, seat): SeatInfo => (seat === t.person
    ? { seat, kind: 'player', player: me, connected: true, away: false, awayReason: null, disconnectedSince: null, standInAt: null }
    : { seat, kind: 'bot', level: t.level(seat), name }));
  const summary: TableSummary = {
    id: t.id,
    game: t.game,
    options: t.options,
    seats,
    // Kept 'running' to the end: the end screens then offer no server's "Play again" at a table that is not there.
    status: 'running',
    private: true,
    moveTimer: 0,
    responseWindow: t.responseWindow,
    replaceAfter: null,
    grace: 0,
    rated: false,
    creator: me,
    gameNo: 1,
    spectators: 0,
    createdAt: t.createdAt ?? '',
  };
  return { summary, invite: null, yourSeats: [t.person], games: { [String(t.person)]: t.snapshot }, log: t.log, chat: [] };
}
