/**
 * What the store keeps of running turn-based tables for their players' lists (GET /api/me/turns,
 * turn-summaries.ts): one summary per table, written by its host after each step that changes it,
 * and an index of its seats by player, so that a player's tables are found without loading them
 * (they may be waiting out of memory). Each store implements it in its own turns.ts; a method that
 * cannot reach its data rejects with StoreUnavailable, having written nothing. This file imports
 * nothing of store.ts.
 */

/** A running turn-based table's summary: what a spectator may know of it, as JSON (the server's turn-summaries.ts). */
export interface TurnSummaryRow {
  readonly tableId: string;
  /** The seats held by players: whose they are, and whether the game waits for them now. */
  readonly seats: readonly { readonly playerId: string; readonly seat: number; readonly toMove: boolean }[];
  readonly body: string;
}

export interface TurnStore {
  /**
   * Replaces a table's summary and its seats (null: the table is no longer a running turn-based
   * one, and its rows go). Behind the table's fence (a lease token; LeaseLost when stale).
   */
  saveTurnSummary(tableId: string, row: TurnSummaryRow | null, fence?: number): Promise<void>;
  /** The summaries (`body`) of the tables where `playerId` holds a seat, at most `limit`, in no particular order. */
  turnSummaries(playerId: string, limit: number): Promise<Pick<TurnSummaryRow, 'tableId' | 'body'>[]>;
}
