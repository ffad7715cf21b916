/**
 * Turn-based play (docs/protocol.md, "Turn-based tables"): a move a day rather than a move a
 * minute. Each seat has a time per move (the row's `moveTimer`) and a time bank for the whole game,
 * spent by itself once a move's time is up; when both are gone a stand-in bot plays that one move,
 * and the seat is the player's again. After TURN_TIMEOUTS_TO_LEAVE moves in a row played by a
 * stand-in, the stand-in keeps the seat to the end of the game and its player is scored as having
 * left. Everything here is derived from the game's log (who moved, and when), so a table rebuilt
 * from the store has the same banks and counts.
 */
import { TURN_TIMEOUTS_TO_LEAVE } from '@parlor/protocol/limits';
import type { Mover } from '@parlor/protocol';
import type { AnyGame, Seat } from '@parlor/rules';
import type { TableRow } from './rows.js';
import type { GameState } from './state.js';
import { type VacationPeriod, pausedBetween } from './vacation.js';

export const isTurnBased = (row: TableRow): boolean => row.turnBased !== undefined;

/** The banks a new game starts with, in ms (`scale`: the table's timer scale): every seat's full bank; none at a real-time table. */
export function freshBanks(row: TableRow, scale: number): number[] {
  const tb = row.turnBased;
  return tb === undefined ? [] : row.seats.map(() => tb.bankSeconds * 1000 * scale);
}

/** Whether `seat` is on its own move clock in `state`: the game waits for it alone, outside a response window. */
export function onMoveClock(module: AnyGame, state: unknown, seat: Seat): boolean {
  const window = module.responseWindow;
  if (window !== null && window.isOpen(state)) return false;
  const toAct = module.toAct(state);
  return toAct.length === 1 && toAct[0] === seat;
}

/**
 * The game after `seat`'s move at `at` by `by` (`after`: advance's result; `clocked`: the seat was on
 * its move clock before it; `vacations`: the seat's days off that count here, vacation.ts): the time
 * past the move's allowance comes out of its bank — time on vacation not counted — and a stand-in's
 * move counts towards the seat being given up (a player's own move starts the count again).
 */
export function afterTurn(
  row: TableRow, scale: number, before: GameState, after: GameState, seat: Seat, by: Mover | null, at: number, clocked: boolean,
  vacations: readonly VacationPeriod[] = [],
): GameState {
  if (!isTurnBased(row) || before.banks.length === 0) return after;
  const banks = [...before.banks];
  if (clocked) {
    const ran = at - before.waitingSince - pausedBetween(vacations, before.waitingSince, at);
    const over = ran - row.moveTimer * 1000 * scale;
    if (over > 0) banks[seat] = Math.max(0, banks[seat]! - over);
  }
  const standInMoves = [...before.standInMoves];
  if (by === 'stand-in') standInMoves[seat] = standInMoves[seat]! + 1;
  else if (by === 'player') standInMoves[seat] = 0;
  return { ...after, banks, standInMoves };
}

/** Whether `seat` has been given up to its stand-in for the rest of the game (too many moves in a row played for it). */
export function givenUp(row: TableRow, g: GameState | null, seat: Seat): boolean {
  return isTurnBased(row) && g !== null && (g.standInMoves[seat] ?? 0) >= TURN_TIMEOUTS_TO_LEAVE;
}
