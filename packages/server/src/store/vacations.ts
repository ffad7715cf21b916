/**
 * Accounts' days off (docs/api.md, "Vacation"): each a period from `from` to `to` (ms since the
 * epoch). At a turn-based table that allows it, a seat's clock stands still during its player's
 * (the table core's vacation.ts). A period is declared from now on and can only be cut short at the
 * moment it is ended, so what lies in the past never changes: a table rebuilt later works out the
 * same clocks. Kept by both stores (migration 14).
 */
export interface VacationRow {
  readonly from: number;
  readonly to: number;
}

export interface VacationStore {
  /** Every period of a player, the earliest first. */
  vacationsOf(playerId: string): Promise<VacationRow[]>;
  /** A new period; false (nothing written) when the player has one that has not ended by `now`. */
  addVacation(playerId: string, v: VacationRow, now: number): Promise<boolean>;
  /** The period that began at `from` ends at `at` (now, before its end); one that had not begun yet is dropped. */
  endVacation(playerId: string, from: number, at: number): Promise<void>;
  /** Every period of a player, gone (the account is deleted). */
  forgetVacations(playerId: string): Promise<void>;
  /**
   * Running turn-based tables waiting in the store (with a due time) where the player sits and that
   * allow vacations, found by the turn-based seats' index: their clocks change with the player's days off.
   */
  vacationTables(playerId: string): Promise<string[]>;
}
