import type { Seat } from '@parlor/rules';
import {
  type BotPool, type Refusal, type TableInput, type TableRow, type TableSettings, type TableState, type Write, TableRunner, newTableState, restoreTable,
} from '@parlor/table';
import type { ShellClock } from './clock.js';
import type { EnginePush, OfflineTiming } from './messages.js';
import type { OfflineRecord } from './record.js';
import { PERSON, peopleOf, storedTableOf, tableRowOf } from './rows.js';
import { recordWith } from './writes.js';

/** Where offline games are kept (IndexedDB in the browser, storage.ts; a map in tests). */
export interface GameStore {
  put(record: OfflineRecord): Promise<void>;
}

/** What an offline table runs on: the store, a clock, the bots, and the way to the page. */
export interface OfflineDeps {
  readonly store: GameStore;
  readonly clock: ShellClock;
  readonly bots: BotPool;
  /** Tells the page (posted by the worker). */
  post(p: EnginePush): void;
  log(level: 'warn' | 'error', msg: string, fields: Readonly<Record<string, unknown>>): void;
}

/** The page, the one watcher of an offline table. */
const PAGE = 'page';

/**
 * The table settings of an offline table: the page's bots' thinking time and clock scale. Offline
 * there is no move timer, no sweep and no one to replace, so the other settings never come into play.
 */
export function settingsOf(t: OfflineTiming): TableSettings {
  return { botDelayMs: t.botDelayMs, timerScale: t.timerScale, graceSeconds: 0, replaceAfterSeconds: 0, idleMinutes: 0, openTableMinutes: 0 };
}

type Opened = { readonly ok: true; readonly table: OfflineTable } | { readonly ok: false; readonly refusal: Refusal };

/**
 * One offline game: a shell of the table core (@parlor/table), as the server's table is another
 * (packages/server/src/table/table.ts). The core's runner takes every input in turn — the
 * person's moves, the timers it arms on the shell's clock (the bots' thinking time, the response
 * window's close, whose silent seats give the game's answer for silence), the bots' answers
 * (BotPool, with the core's legal fallback for a bot that fails) — and each step's writes are
 * kept in the record and stored before the page hears anything that follows from them.
 */
export class OfflineTable {
  private readonly runner: TableRunner;
  private closed = false;

  private constructor(private record: OfflineRecord, private readonly row: TableRow, state: TableState, private readonly deps: OfflineDeps) {
    this.runner = new TableRunner(state, {
      now: () => deps.clock.now(),
      after: (ms, fn) => deps.clock.after(ms, fn),
      write: (w) => this.write(w),
      reload: async () => this.restored(this.runner.state.settings),
      send: (_to, msg) => this.post({ type: 'message', id: this.id, msg }),
      changed: () => undefined,
      closed: () => undefined,
      played: () => undefined,
      log: (level, msg, fields) => deps.log(level, msg, fields),
      failed: (e) => {
        if (this.closed) return 'stop';
        this.post({ type: 'problem', id: this.id, code: 'STORAGE', message: e instanceof Error ? e.message : String(e) });
        return 'retry';
      },
    }, deps.bots);
  }

  /**
   * A record's table: a record with no move yet is a new table, started with the `start` input and
   * the record's seed; any other is rebuilt from its log (`restoreTable`) and plays on. The page
   * watches it from the start, so the first messages carry the whole game so far.
   */
  static async open(record: OfflineRecord, timing: OfflineTiming, deps: OfflineDeps): Promise<Opened> {
    const made = tableRowOf(record);
    if (!made.ok) return made;
    const settings = settingsOf(timing);
    const now = deps.clock.now();
    const watch: TableInput = { type: 'watch', watcher: PAGE, player: PERSON };
    if (record.actions.length === 0 && record.finishedAt === null) {
      const t = new OfflineTable(record, made.row, newTableState(made.row, peopleOf(record), settings, now), deps);
      await t.runner.feed(watch);
      const refusal = await t.runner.feed({ type: 'start', player: PERSON, seed: record.seed });
      if (refusal !== null) { t.close(); return { ok: false, refusal }; }
      return { ok: true, table: t };
    }
    const restored = restoreTable(storedTableOf(record, made.row, settings, now), now);
    if (!restored.ok) return { ok: false, refusal: { code: 'BAD_RECORD', message: restored.message } };
    const t = new OfflineTable(record, made.row, restored.state, deps);
    await t.runner.feed({ type: 'load' });
    await t.runner.feed(watch);
    return { ok: true, table: t };
  }

  get id(): string { return this.record.id; }

  /** The person's move for `seat` on move `seq`: null once played and stored, else why not (a store's failure is thrown). */
  act(seat: Seat, seq: number, action: unknown): Promise<Refusal | null> {
    return this.runner.feed({ type: 'act', player: PERSON, seat, seq, action });
  }

  /** The bots' thinking time from now on (a timer already armed keeps its time). */
  retime(timing: OfflineTiming): Promise<void> {
    return this.runner.exclusive(() => { this.runner.state = { ...this.runner.state, settings: settingsOf(timing) }; });
  }

  /** Resolves once everything queued at the table has run (a step, its bots' questions and their answers). */
  settled(): Promise<void> {
    return this.runner.exclusive(() => undefined);
  }

  /** No more timers or bots; resolves once a step under way has been stored. The record stays as stored. */
  close(): Promise<void> {
    this.closed = true;
    this.runner.stop();
    this.deps.bots.forget(this.id);
    return this.settled();
  }

  private post(p: EnginePush): void {
    if (!this.closed) this.deps.post(p);
  }

  /** One write, kept in the record and stored; false when the record already has that move. */
  private async write(w: Write): Promise<boolean> {
    const next = recordWith(this.record, w);
    if (next === null) return false;
    if (next === this.record) return true;
    await this.deps.store.put(next);
    this.record = next;
    this.post({ type: 'record', id: this.id, record: next });
    return true;
  }

  /** The table as the record stands stored (after a step was stored only in part). */
  private restored(settings: TableSettings): TableState {
    const now = this.deps.clock.now();
    const r = restoreTable(storedTableOf(this.record, this.row, settings, now), now);
    if (!r.ok) throw new Error(r.message);
    return r.state;
  }
}
