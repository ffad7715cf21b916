import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerMessage } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { type ParlorServer, SqliteStore, StoreUnavailable, configFromEnv, startServer } from '../src/index.js';
import { TestClient } from './support/client.js';
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
    server = await startServer({
      ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath: ':unused:', botDelayMs: [20, 20], logLevel: 'silent',
      rateBurst: 10_000, ratePerSecond: 10_000,
    }, { store, logger: false });
    const ann = await TestClient.connect(server.url, 'Ann');
    clients.push(ann);
    const created = await ann.request({ type: 'table.create', game: 'flip-7', seats: 2 });
    if (created.type !== 'table') throw new Error('no table');
    const tableId = created.table.id;
    expect((await ann.request({ type: 'table.bot.add', tableId, seat: 1, level: 'basic' })).type).toBe('ok');
    expect((await ann.request({ type: 'table.start', tableId })).type).toBe('ok');
    const isMine = (m: ServerMessage): m is Game => m.type === 'game' && m.tableId === tableId && m.seat === 0;
    const asked = async () => ann.next((m) => isMine(m) && (m.legal.length > 0 || m.outcome !== null), 20_000) as Promise<Game>;

    // Ann's move fails: refused with the code that says to retry, and nothing changed.
    let m = await asked();
    store.failing = true;
    const refused = await ann.request({ type: 'action', tableId, seat: 0, seq: m.seq, action: m.legal[0] });
    expect(refused).toMatchObject({ type: 'error', code: 'STORE_UNAVAILABLE' });
    expect(refused.type === 'error' && refused.message).toMatch(/try again/i);
    expect(server.hub.tables.get(tableId)!.game!.seq).toBe(m.seq);
    // Creating a table fails the same way, and creates nothing.
    const tables = server.hub.tables.size;
    expect(await ann.request({ type: 'table.create', game: 'flip-7', seats: 3 })).toMatchObject({ type: 'error', code: 'STORE_UNAVAILABLE' });
    expect(server.hub.tables.size).toBe(tables);
    store.failing = false;

    // Play on; whenever the bot is to move, the store fails for a while under it.
    let botFaults = 0;
    let open: Game | null = m; // the refused question is still open
    for (let moves = 0; moves < 500; moves++) {
      m = open ?? await asked();
      open = null;
      if (m.outcome !== null) break;
      const r = await ann.request({ type: 'action', tableId, seat: 0, seq: m.seq, action: m.legal[moves % m.legal.length] });
      expect(r.type).toBe('ok');
      const t = server.hub.tables.get(tableId)!;
      if (botFaults < 3 && t.game !== null && t.module.toAct(t.game.state).includes(1)) {
        const before = store.failures;
        store.failing = true;
        const seq = t.game.seq;
        // The bot keeps trying (several failures: the retries), and the game does not move.
        while (store.failures < before + 3) await new Promise((res) => setTimeout(res, 20));
        expect(t.game.seq).toBe(seq);
        store.failing = false; // the disk has room again: the bot's move goes through by itself
        botFaults++;
      }
    }
    expect(botFaults).toBeGreaterThan(0);
    const end = m.outcome !== null ? m : await asked();
    expect(end.outcome).not.toBeNull();
    // The stored log replays to the same result: nothing was applied twice or lost.
    const replayed = await replay(store, 'flip-7', tableId, 1);
    expect(replayed.outcome).toEqual(end.outcome);
  });
});
