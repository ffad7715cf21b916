import type { TableSummary } from '@parlor/protocol';
import type { TableState } from '../../state/store.js';

/** A table of "Your games": its summary as last known (null: only its id is known) and the seat held there. */
export interface YourTable {
  readonly id: string;
  readonly summary: TableSummary | null;
  readonly seat: number | null;
  /** The summary is what this browser saw before a reload (ui/lobby/remembered.ts): its status may be out of date. */
  readonly remembered?: boolean;
}

const seatOf = (s: TableSummary, playerId: string) =>
  s.seats.find((x) => x.kind === 'player' && x.player.id === playerId)?.seat ?? null;

/**
 * The tables this player holds a seat at or created, that have not closed — private ones included,
 * which the lobby never lists: from the tables this page has seen (the lobby's copy first, being
 * live there) and the welcome's `seatedAt` (after a reload: the lobby's copy, else the summary this
 * browser remembers from before, else only the id). Newest first; those known by id only last.
 */
export function yourTables(
  tables: Readonly<Record<string, TableState>>, lobby: Readonly<Record<string, TableSummary>>,
  seatedAt: readonly string[], playerId: string | null, remembered: Readonly<Record<string, TableSummary>> = {},
): YourTable[] {
  if (playerId === null) return [];
  const out: YourTable[] = [];
  for (const [id, t] of Object.entries(tables)) {
    const summary = lobby[id] ?? t.summary;
    const seat = seatOf(summary, playerId);
    if (summary.status === 'closed' || (seat === null && summary.creator.id !== playerId)) continue;
    out.push({ id, summary, seat });
  }
  // What this browser saw of a table is newer than the welcome: a seat left since is left.
  for (const id of seatedAt) {
    if (id in tables) continue;
    const live = lobby[id];
    const summary = live ?? remembered[id] ?? null;
    out.push({ id, summary, seat: summary === null ? null : seatOf(summary, playerId), ...(live === undefined && summary !== null ? { remembered: true } : {}) });
  }
  const time = (x: YourTable) => (x.summary === null ? '' : x.summary.createdAt);
  return out.sort((a, b) => (time(a) < time(b) ? 1 : time(a) > time(b) ? -1 : 0));
}
