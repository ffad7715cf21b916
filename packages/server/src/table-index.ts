import type { TableStatus } from '@parlor/protocol';
import type { TableRow } from './store/store.js';

interface Entry {
  readonly status: TableStatus;
  readonly creatorId: string;
  readonly players: readonly string[];
}

/**
 * What the hub asks of all tables at once — where a player is seated, how many unfinished tables a
 * player created, how many tables are in each state — kept up to date table by table, so that no
 * request scans every table (a flood of thousands of tables would make each such scan a stall).
 */
export class TableIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly seated = new Map<string, Set<string>>();
  private readonly created = new Map<string, Set<string>>();
  private readonly counts = new Map<TableStatus, number>();

  /** The table's row changed (or it is new): its entries follow. */
  update(row: TableRow): void {
    this.remove(row.id);
    const players = [...new Set(row.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : [])))];
    this.entries.set(row.id, { status: row.status, creatorId: row.creatorId, players });
    for (const p of players) add(this.seated, p, row.id);
    if (row.status !== 'finished' && row.status !== 'closed') add(this.created, row.creatorId, row.id);
    this.counts.set(row.status, (this.counts.get(row.status) ?? 0) + 1);
  }

  remove(id: string): void {
    const e = this.entries.get(id);
    if (e === undefined) return;
    this.entries.delete(id);
    for (const p of e.players) drop(this.seated, p, id);
    drop(this.created, e.creatorId, id);
    this.counts.set(e.status, (this.counts.get(e.status) ?? 1) - 1);
  }

  /** The tables where `playerId` holds a seat. */
  tablesOf(playerId: string): readonly string[] {
    return [...(this.seated.get(playerId) ?? [])];
  }

  /** How many tables not yet finished `playerId` created. */
  unfinishedBy(playerId: string): number {
    return this.created.get(playerId)?.size ?? 0;
  }

  count(status: TableStatus): number {
    return this.counts.get(status) ?? 0;
  }
}

function add(m: Map<string, Set<string>>, key: string, id: string): void {
  let s = m.get(key);
  if (s === undefined) m.set(key, (s = new Set()));
  s.add(id);
}

function drop(m: Map<string, Set<string>>, key: string, id: string): void {
  const s = m.get(key);
  if (s?.delete(id) && s.size === 0) m.delete(key);
}
