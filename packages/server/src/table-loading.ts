import type { Store, TableRow } from './store/store.js';
import type { Table } from './table/table.js';

/**
 * A lone server's tables loaded from the store on demand, one load per table however many ask at
 * once: a finished table (for someone who watches it), or a running turn-based one waiting out of
 * memory (for a move or a watcher), which comes back with its clocks running.
 */
export class TableLoading {
  private readonly loading = new Map<string, Promise<Table | null>>();

  constructor(private readonly d: {
    readonly store: Store;
    readonly hosted: ReadonlyMap<string, Table>;
    /** The row made a table in memory here. */
    readonly host: (row: TableRow) => Promise<Table>;
    /** A waiting table is about to be loaded for an input: it stays through its loading step. */
    readonly pin: (id: string) => void;
  }) {}

  /** The table, loaded (null: the store has none that may be loaded). */
  load(id: string): Promise<Table | null> {
    let load = this.loading.get(id);
    if (load === undefined) {
      load = this.read(id).finally(() => this.loading.delete(id));
      this.loading.set(id, load);
    }
    return load;
  }

  private async read(id: string): Promise<Table | null> {
    const row = await this.d.store.table(id);
    const waiting = row?.status === 'running' && row.turnBased !== undefined;
    if (row === null || (row.status !== 'finished' && !waiting)) return null;
    const here = this.d.hosted.get(id);
    if (here !== undefined) return here;
    const t = await this.d.host(row);
    if (waiting) {
      this.d.pin(id);
      await t.feed({ type: 'load' });
    }
    return t;
  }
}
