import type { TableState } from '@parlor/table';
import type { Clock } from './clock.js';
import type { Store } from './store/store.js';
import type { Table } from './table/table.js';

/** A waiting table whose next timer is further off than this, with nobody watching, leaves memory. */
export const UNLOAD_AFTER_MS = 60_000;
/** How often the store is asked for the tables coming due. */
export const WAKE_EVERY_MS = 2000;
/**
 * Tables due within this are loaded, so that their timers fire on time. Short, so that ten
 * thousand clocks due in one minute are loaded a few hundred at a time rather than all at once.
 */
export const WAKE_AHEAD_MS = 10_000;
/** Tables due read at most per look (the rest at the next, a few seconds later); only their ids, loaded one by one. */
const WAKE_BATCH = 20_000;

/** A running turn-based table's next due moment (its earliest timer; now while a bot's answer is awaited), or null. */
export function dueOf(s: TableState, now: number): number | null {
  if (s.row.turnBased === undefined || s.row.status !== 'running') return null;
  const timers = Object.values(s.timers);
  if (timers.length === 0) return null;
  return Math.min(...timers.map((t) => (t.asked === true ? now : t.at)));
}

/**
 * Turn-based tables that wait cost no memory: a running one nobody watches, whose next timer is
 * more than a minute off, is stored with that moment (`tables.due_at`) and leaves memory. This
 * process asks the store every few seconds for the tables coming due and loads them, so their
 * timers fire here as if they had never left; a move or a watcher arriving loads one too
 * (Tables.live). Only a lone server does this: a cluster keeps its tables hosted by their leases.
 */
export class WaitingTables {
  /**
   * The due moment in the store for each table here, as this process wrote it or read it when it
   * woke the table (absent: not known).
   */
  private readonly stored = new Map<string, number | null>();
  private readonly writes = new Map<string, Promise<boolean>>();
  /** Tables just loaded for a move or a watcher: kept through their first step, for the input that loaded them. */
  private readonly pinned = new Set<string>();
  private stopWake: (() => void) | null = null;
  private waking: Promise<void> | null = null;

  constructor(private readonly d: {
    readonly store: Store;
    readonly clock: Clock;
    readonly log: { warn(obj: object, msg: string): void };
    readonly hosted: ReadonlyMap<string, Table>;
    /** Loads a table (and starts its clocks); null when there is none to load. */
    readonly load: (id: string) => Promise<Table | null>;
    readonly evict: (t: Table) => void;
  }) {}

  /**
   * After each step of a table here: the table unloaded if it may be, with its exact due moment
   * stored first; else its due moment stored only if the store's would wake it too late. A stored
   * moment earlier than the table's own is harmless while the table is here (the waker skips the
   * tables it hosts, and in a cluster the store skips leased ones) and, after a crash, only wakes
   * the table early; so a due table's loading, its stand-in's move and its unloading cost one write.
   */
  stepped(t: Table, after: TableState): void {
    const now = this.d.clock.now();
    const due = dueOf(after, now);
    const pinned = this.pinned.delete(t.id);
    const leaves = !pinned && due !== null && due - now > UNLOAD_AFTER_MS && Object.keys(after.watchers).length === 0;
    const known = this.stored.get(t.id);
    if (leaves ? known !== due : tooLate(this.stored.has(t.id) ? known ?? null : undefined, due)) this.write(t, due);
    if (!leaves) return;
    const written = this.writes.get(t.id) ?? Promise.resolve(true);
    void written.then(async (ok) => {
      if (ok) await t.exclusive(() => this.unload(t));
    });
  }

  /** The table leaves memory, once nothing of it is queued, if a watcher or a nearer timer does not keep it here. */
  private unload(t: Table): void {
    const s = t.state;
    const due = dueOf(s, this.d.clock.now());
    if (this.d.hosted.get(t.id) !== t || due === null || due !== this.stored.get(t.id) || Object.keys(s.watchers).length > 0) return;
    if (due - this.d.clock.now() <= UNLOAD_AFTER_MS) return;
    this.stored.delete(t.id);
    this.d.evict(t);
  }

  private write(t: Table, due: number | null): void {
    const before = this.writes.get(t.id) ?? Promise.resolve(true);
    const run = before.then(() => this.d.store.setTableDue(t.id, due, t.fence)).then(() => {
      this.stored.set(t.id, due);
      return true;
    }, (e: unknown) => {
      // Not stored: the table stays in memory (its timers run here), and its next step writes again.
      this.stored.delete(t.id);
      this.d.log.warn({ err: e, table: t.id }, "a waiting table's due time could not be stored; it stays in memory");
      return false;
    });
    this.writes.set(t.id, run);
    void run.finally(() => { if (this.writes.get(t.id) === run) this.writes.delete(t.id); });
  }

  /** `id` is being loaded for an input (a move, a watcher): its loading step does not unload it before that input. */
  pin(id: string): void { this.pinned.add(id); }

  /** Begins waking due tables: at once, then every WAKE_EVERY_MS. */
  start(): void {
    const next = () => {
      this.stopWake = this.d.clock.after(WAKE_EVERY_MS, () => {
        this.waking = this.wake().finally(() => { this.waking = null; if (this.stopWake !== null) next(); });
      });
    };
    next();
    this.waking = this.wake().finally(() => { this.waking = null; });
  }

  async stop(): Promise<void> {
    this.stopWake?.();
    this.stopWake = null;
    await this.waking;
    await Promise.allSettled([...this.writes.values()]);
  }

  /** Loads every table due soon that is not here, knowing what the store holds for each (a failure is tried again at the next look). */
  async wake(): Promise<void> {
    try {
      const due = await this.d.store.dueTables(this.d.clock.now() + WAKE_AHEAD_MS, WAKE_BATCH);
      for (const { id, dueAt } of due) {
        if (this.d.hosted.has(id)) continue;
        this.stored.set(id, dueAt);
        await this.d.load(id).catch((e: unknown) => this.d.log.warn({ err: e, table: id }, 'a due table could not be loaded; tried again soon'));
        // One table at a time, the sockets served in between: a burst of due tables does not stall the live ones.
        await new Promise<void>((r) => setImmediate(r));
      }
    } catch (e) {
      this.d.log.warn({ err: e }, 'the tables due could not be read; tried again soon');
    }
  }
}

/**
 * Whether the store's due moment for a table in memory (`stored`; undefined: not known) must be
 * written as `due`: it is unknown (a table loaded for a watcher or a move), or would wake the table
 * later than it is due, or names a moment when nothing is due any more.
 */
function tooLate(stored: number | null | undefined, due: number | null): boolean {
  if (stored === undefined) return due !== null;
  if (due === null) return stored !== null;
  return stored === null || stored > due;
}
