/**
 * What the offline tests share: IndexedDB's stand-in, a clock the test moves, records from fixed
 * bytes, and the worker's engine host reached through the same channel as the page reaches it.
 */
import type { BotLevel } from '@parlor/protocol';
import { type GameId, createRng, gameModule } from '@parlor/rules';
import { type BotPool, TestClock as CoreTestClock } from '@parlor/table';
import { directChannel } from '../src/offline/channel.js';
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

/** The table core's test clock, starting when these tests' games start. */
export class TestClock extends CoreTestClock {
  /** `auto`: every timer fires on its own, the clock jumping to it (a whole game plays out at once). */
  constructor(auto = false) { super({ start: Date.UTC(2026, 11, 1, 10), auto }); }
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
