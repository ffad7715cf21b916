import type { Table } from './table/table.js';

/**
 * The idle sweep over the tables in memory: each is told the time (idle ones close, or are
 * finished by bots), and a finished table nobody watches leaves memory once nothing of it is
 * queued. A table whose sweep fails is tried again at the next.
 */
export async function sweepTables(hosted: ReadonlyMap<string, Table>, now: number, evict: (t: Table) => void,
  log: { warn(obj: object, msg: string): void }): Promise<void> {
  for (const t of [...hosted.values()]) {
    try {
      await t.feed({ type: 'sweep' }, now);
      if (t.row.status === 'finished' && t.watchers.length === 0 && hosted.get(t.id) === t) {
        await t.exclusive(() => undefined);
        if (t.watchers.length === 0 && t.row.status === 'finished') evict(t);
      }
    } catch (e) {
      log.warn({ err: e, table: t.id }, 'idle sweep of a table failed; it is tried again at the next sweep');
    }
  }
}
