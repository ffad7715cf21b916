import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerMessage } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { type ParlorServer, SqliteStore, StoreUnavailable, configFromEnv, startServer } from '../src/index.js';
import { TestClient } from './support/client.js';
import { StepClock } from './support/step-clock.js';
import { seen } from './support/table-driver.js';
import { replay } from './support/replay.js';

// Issue 10, item 3: when the store cannot write (a full disk, an unreachable database), a person's
// action is refused with STORE_UNAVAILABLE and nothing is half-applied; bots' and timers' moves are
// retried with backoff; once the store works again every table moves on by itself.

type Game = Extract<ServerMessage, { type: 'game' }>;

/** A SQLite store whose writes fail (as SQLITE_FULL would) while `failing` is set. */
class FlakyStore extends SqliteStore {
  failing = false;
  failures = 0;
  private fail(): void {
    if (!this.failing) return;
    this.failures++;
    throw new StoreUnavailable('SQLITE_FULL');
  }
  override async appendAction(...a: Parameters<SqliteStore['appendAction']>) { this.fail(); return super.appendAction(...a); }
  override async saveTable(...a: Parameters<SqliteStore['saveTable']>) { this.fail(); return super.saveTable(...a); }
  override async addGame(...a: Parameters<SqliteStore['addGame']>) { this.fail(); return super.addGame(...a); }
  override async finishGame(...a: Parameters<SqliteStore['finishGame']>) { this.fail(); return super.finishGame(...a); }
  override async addPlayer(...a: Parameters<SqliteStore['addPlayer']>) { this.fail(); return super.addPlayer(...a); }
}

let server: ParlorServer | null = null;
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = null;
});

describe('store faults', () => {
  it('refuses a person\'s action with STORE_UNAVAILABLE, retries bots with backoff, and the game moves on once the store works', async () => {
    const store = new FlakyStore(join(mkdtempSync(join(tmpdir(), 'parlor-flaky-')), 'parlor.db'));
    // The server's clock moves only when the test moves it, to its next timer (the bot's 20 ms of
    // thinking, a retry's backoff): the retries happen at once, and their times can be read off it.
    const clock = new StepClock();
    server = await startServer({
      ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath: ':unused:', botDelayMs: [20, 20], logLevel: 'silent',
      rateBurst: 10_000, ratePerSecond: 10_000,
    }, { store, logger: false, clock });
    const ann = await TestClient.connect(server.url, 'Ann');
    clients.push(ann);
    const created = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (created.type !== 'table') throw new Error('no table');
    const tableId = created.table.id;
    expect((await ann.request({ type: 'table.bot.add', tableId, seat: 1, level: 'basic' })).type).toBe('ok');
    expect((await ann.request({ type: 'table.start', tableId })).type).toBe('ok');
    const isMine = (m: ServerMessage): m is Game => m.type === 'game' && m.tableId === tableId && m.seat === 0;
    const latest = () => ann.received.filter(isMine).at(-1)!;
    const stored = async () => (await store.actions(tableId, 1)).length;
    /** Waits until what the table has under way is done: Ann watches again, and the snapshot comes after it. */
    const sync = async (): Promise<Game> => {
      const from = ann.received.length;
      expect(await ann.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
      return seen(ann, (m): m is Game => isMine(m) && m.history !== undefined, from);
    };
    /** Moves the clock to its next timer and waits for what that set off. */
    const tick = async (): Promise<Game> => {
      const due = clock.nextDue();
      if (due === null) throw new Error('no timer is armed');
      clock.advance(due - clock.now());
      return sync();
    };
    /** Ann's next question, or the end: the clock goes on while the bot is to move. */
    const asked = async (): Promise<Game> => {
      let m = latest();
      for (let ticks = 0; m.outcome === null && m.legal.length === 0; ticks++) {
        if (ticks > 100) throw new Error(`Ann is not asked at seq ${m.seq}`);
        m = await tick();
      }
      return m;
    };
    await seen(ann, isMine);

    // Ann's move fails: refused with the code that says to retry, and nothing changed.
    let m = await asked();
    store.failing = true;
    const refused = await ann.request({ type: 'action', tableId, seat: 0, seq: m.seq, action: m.legal[0] });
    expect(refused).toMatchObject({ type: 'error', code: 'STORE_UNAVAILABLE' });
    expect(refused.type === 'error' && refused.message).toMatch(/try again/i);
    expect(await stored()).toBe(m.seq);
    // Creating a table fails the same way, and creates nothing.
    const tables = (await store.tables()).length;
    expect(await ann.request({ type: 'table.create', game: 'flip-7', seats: 3 })).toMatchObject({ type: 'error', code: 'STORE_UNAVAILABLE' });
    expect((await store.tables()).length).toBe(tables);
    store.failing = false;
    expect((await sync()).seq).toBe(m.seq);

    // Play on; whenever the bot is to move, the store fails for a while under it.
    let botFaults = 0;
    for (let moves = 0; moves < 500; moves++) {
      m = await asked();
      if (m.outcome !== null) break;
      const r = await ann.request({ type: 'action', tableId, seat: 0, seq: m.seq, action: m.legal[moves % m.legal.length] });
      expect(r.type).toBe('ok');
      const next = latest(); // sent before the ok
      if (botFaults < 3 && next.outcome === null && next.waitingFor.includes(1)) {
        const before = store.failures;
        store.failing = true;
        // The bot keeps trying (several failures: the retries), each retry later than the one
        // before (backoff), and the game does not move.
        const failedAt: number[] = [];
        while (store.failures < before + 3) {
          const had = store.failures;
          await tick();
          if (store.failures > had) failedAt.push(clock.now());
        }
        const gaps = failedAt.slice(1).map((t, i) => t - failedAt[i]!);
        for (const [i, gap] of gaps.entries()) if (i > 0) expect(gap, `gaps between the bot's tries: ${gaps.join(', ')} ms`).toBeGreaterThan(gaps[i - 1]!);
        expect(await stored()).toBe(next.seq);
        expect(latest().seq).toBe(next.seq);
        store.failing = false; // the disk has room again: the bot's move goes through by itself
        botFaults++;
      }
    }
    expect(botFaults).toBeGreaterThan(0);
    const end = await asked();
    expect(end.outcome).not.toBeNull();
    // The stored log replays to the same result: nothing was applied twice or lost.
    const replayed = await replay(store, 'flip-7', tableId, 1);
    expect(replayed.outcome).toEqual(end.outcome);
  });
});
