/**
 * What the offline tests share: IndexedDB's stand-in, a clock the test moves, records from fixed
 * bytes, and the worker's engine host reached through the same channel as the page reaches it.
 */
import type { BotLevel } from '@parlor/protocol';
import { type GameId, createRng, gameModule } from '@parlor/rules';
import type { BotPool } from '@parlor/table';
import { directChannel } from '../src/offline/channel.js';
import type { ShellClock } from '../src/offline/clock.js';
import { type EngineHost, createEngineHost } from '../src/offline/engine-host.js';
import type { OfflineTiming } from '../src/offline/messages.js';
import { type OfflineRecord, RANDOM_BYTES, newRecord } from '../src/offline/record.js';
import { OfflineSession } from '../src/offline/session.js';
import type { GameStore } from '../src/offline/table.js';

/** IndexedDB's stand-in: the records by id, each a copy as written. */
export class MemoryStore implements GameStore {
  readonly records = new Map<string, OfflineRecord>();
  writes = 0;
  async put(record: OfflineRecord): Promise<void> {
    this.writes++;
    this.records.set(record.id, structuredClone(record));
  }
}

interface Armed { readonly at: number; readonly n: number; readonly fn: () => void }

/**
 * A clock that moves only when the test says: `advance` fires every timer that falls due, earliest
 * first (ties in the order armed), with the time standing at each timer's moment as it fires.
 * `auto`: every timer fires on its own as soon as the work before it is done (a turn of the event
 * loop after it was armed), the clock jumping to its time — a whole game plays out with no wait.
 */
export class TestClock implements ShellClock {
  private time = Date.UTC(2026, 11, 1, 10);
  private readonly armed = new Set<Armed>();
  private count = 0;
  private pumping = false;

  constructor(private readonly auto = false) {}

  now(): number { return this.time; }

  after(ms: number, fn: () => void): () => void {
    const a: Armed = { at: this.time + Math.max(0, ms), n: this.count++, fn };
    this.armed.add(a);
    if (this.auto) this.pump();
    return () => { this.armed.delete(a); };
  }

  /** When the earliest timer armed falls due (ms since the epoch), or null. */
  nextDue(): number | null {
    return this.first()?.at ?? null;
  }

  /** Moves time `ms` ahead, firing what falls due meanwhile. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (let due = this.first(); due !== undefined && due.at <= until; due = this.first()) this.fire(due);
    this.time = Math.max(this.time, until);
  }

  private first(): Armed | undefined {
    let best: Armed | undefined;
    for (const a of this.armed) if (best === undefined || a.at < best.at || (a.at === best.at && a.n < best.n)) best = a;
    return best;
  }

  private fire(a: Armed): void {
    this.armed.delete(a);
    this.time = Math.max(this.time, a.at);
    a.fn();
  }

  /** Auto: the earliest timer fires once everything already under way (its promises) has run. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(() => {
      this.pumping = false;
      const due = this.first();
      if (due === undefined) return;
      this.fire(due);
      if (this.armed.size > 0) this.pump();
    });
  }
}

/** Bots move at once and a response window closes as soon as it opens. */
export const AT_ONCE: OfflineTiming = { botDelayMs: [0, 0], timerScale: 0 };

/** Deterministic "random" bytes for a record (the browser uses crypto.getRandomValues). */
export function bytes(seed: number): Uint8Array {
  const rng = createRng(`bytes/${seed}`);
  return Uint8Array.from({ length: RANDOM_BYTES }, () => rng.int(256));
}

export function record(game: GameId, players: number, level: BotLevel, seed: number, options: Record<string, unknown> = {}): OfflineRecord {
  const module = gameModule(game);
  const parsed = module.options.parse(options, players);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return newRecord({
    game, players, options: parsed.value as Record<string, unknown>, level, name: 'Ada',
    windowSeconds: module.responseWindow?.seconds.default ?? null,
  }, bytes(seed), new Date('2026-12-01T10:00:00Z'));
}

/** A page's session on a worker's engine host of its own (a new page), with the store and clock given. */
export function page(store: MemoryStore, clock: TestClock, timing: OfflineTiming = AT_ONCE, o: { bots?: BotPool; log?: (msg: string) => void } = {}):
  { session: OfflineSession; host: EngineHost } {
  const host = createEngineHost({
    store, clock, ...(o.bots === undefined ? {} : { bots: o.bots }),
    log: (_level, msg) => o.log?.(msg),
  });
  return { session: new OfflineSession(directChannel(host), timing), host };
}
