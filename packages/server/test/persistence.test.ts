import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { botLevels } from '@parlor/bots';
import type { GameId } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../src/index.js';
import { type Acked, AutoPlayer } from './support/autoplay.js';
import { ChildServer, freePort } from './support/child.js';
import { TestClient } from './support/client.js';
import { type Replayed, replay } from './support/replay.js';
import { until } from './support/until.js';

/**
 * Issue item 7: the server process is SIGKILLed in the middle of several games (both games, bots
 * and people), started again on the same database, and every game resumes exactly where the last
 * acknowledged action left it; the clients reconnect on their own and finish the games.
 */

const children: ChildServer[] = [];
const clients: TestClient[] = [];
const autos: AutoPlayer[] = [];
afterEach(async () => {
  for (const a of autos.splice(0)) a.stop();
  for (const c of clients.splice(0)) c.close();
  for (const s of children.splice(0)) await s.kill().catch(() => {});
});

interface Spec { game: GameId; seats: ('ann' | 'bob' | 'cat' | 'dan' | 'bot')[] }

describe('persistence across a crash', () => {
  it('SIGKILL mid-game: every game resumes from its last acknowledged action and is finished by reconnecting clients', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'parlor-crash-')), 'parlor.db');
    const port = await freePort();
    // LOG_LEVEL=warn: anything the server logs as an error fails the test below.
    // The default rate limit (20/s) stays on: dan plays two fast tables and may meet it.
    const env = { LOG_LEVEL: 'warn' };
    let server = new ChildServer(port, dbPath, env);
    children.push(server);
    await server.ready();

    const names = ['ann', 'bob', 'cat', 'dan'] as const;
    const cs = {} as Record<(typeof names)[number], TestClient>;
    const players = {} as Record<(typeof names)[number], AutoPlayer>;
    for (const n of names) {
      cs[n] = await TestClient.connect(server.url, n, { autoReconnect: true });
      clients.push(cs[n]);
      players[n] = new AutoPlayer(cs[n], `autoplay-${n}`);
      autos.push(players[n]);
    }
    const botLevel = (g: GameId) => (botLevels(g).includes('basic') ? 'basic' : 'random');
    const specs: Spec[] = [
      { game: 'stir-fry-eighteen', seats: ['ann', 'bob', 'bot'] },
      { game: 'flip-7', seats: ['cat', 'bot'] },
      { game: 'flip-7', seats: ['ann', 'bob', 'cat'] },
      { game: 'stir-fry-eighteen', seats: ['dan', 'bob'] },
      { game: 'flip-7', seats: ['dan', 'bot', 'bot'] },
    ];
    const tables: { id: string; game: GameId }[] = [];
    for (const spec of specs) {
      const creator = spec.seats[0] as (typeof names)[number];
      const t = await cs[creator].request({ type: 'table.create', game: spec.game, seats: spec.seats.length });
      if (t.type !== 'table') throw new Error(JSON.stringify(t));
      const tableId = t.table.id;
      for (const [seat, who] of spec.seats.entries()) {
        if (who === 'bot') {
          expect(await cs[creator].request({ type: 'table.bot.add', tableId, seat, level: botLevel(spec.game) })).toMatchObject({ type: 'ok' });
        } else {
          players[who].tables.add(tableId);
          if (seat > 0) expect(await cs[who].request({ type: 'table.sit', tableId, seat })).toMatchObject({ type: 'ok' });
        }
      }
      tables.push({ id: tableId, game: spec.game });
    }
    for (const [i, spec] of specs.entries()) {
      expect(await cs[spec.seats[0] as (typeof names)[number]].request({ type: 'table.start', tableId: tables[i]!.id })).toMatchObject({ type: 'ok' });
    }
    const all = Object.values(players);
    const seqAt = (tableId: string) => Math.max(...all.map((p) => p.seqAt(tableId)));
    // Every game has moved a few times: kill the server in the middle of them.
    await until('every game to get going', () => tables.every((t) => seqAt(t.id) >= 8), 30_000);
    await server.kill();
    await until('every client to notice', () => Object.values(cs).every((c) => !c.connected), 10_000);
    const unfinishedAtKill = tables.filter((t) => all.every((p) => (p.outcome.get(t.id) ?? null) === null));
    expect(unfinishedAtKill.length).toBeGreaterThanOrEqual(3); // the kill really was mid-game

    // What survived: the stored logs, read while the server is down.
    const ackedAtKill: Acked[] = all.flatMap((p) => p.acked.slice());
    expect(ackedAtKill.length).toBeGreaterThan(0);
    const seenAtKill = new Map(tables.map((t) => [t.id, seqAt(t.id)]));
    const seenLenAtKill = all.map((p) => p.seen.length);
    const survived = new Map<string, Replayed>();
    {
      const store = new SqliteStore(dbPath);
      for (const t of tables) survived.set(t.id, await replay(store, t.game, t.id, 1));
      await store.close();
    }
    for (const t of tables) {
      const log = survived.get(t.id)!;
      // Nothing anyone saw or was told is stored is missing…
      expect(log.actions.length, `table ${t.id} lost actions`).toBeGreaterThanOrEqual(seenAtKill.get(t.id)!);
      for (const a of ackedAtKill.filter((x) => x.tableId === t.id)) {
        expect(log.actions[a.seq], `acknowledged action ${a.seq} of table ${t.id}`).toMatchObject({ seq: a.seq, seat: a.seat, action: a.action });
      }
      // …and what each seat last saw is exactly the stored game at that point.
      for (const p of all) {
        const last = p.seen.filter((m) => m.tableId === t.id).at(-1);
        if (last !== undefined) expect(last.view, `table ${t.id} seat ${last.seat}`).toEqual(log.view(last.seq, last.seat!));
      }
    }

    // Start again on the same database; the clients come back by themselves and finish the games.
    const reconnectsBefore = Object.values(cs).map((c) => c.reconnects);
    server = new ChildServer(port, dbPath, env);
    children.push(server);
    await server.ready();
    await until('every client to reconnect', () => Object.values(cs).every((c, i) => c.connected && c.reconnects > reconnectsBefore[i]!), 30_000);
    // The first thing each seat hears after the restart continues the stored game, not a new one.
    await until('every seat to hear from its table again', () => all.every((p, i) => [...p.tables].every((id) =>
      p.seen.slice(seenLenAtKill[i]).some((m) => m.tableId === id))), 30_000);
    for (const [i, p] of all.entries()) {
      for (const id of p.tables) {
        const log = survived.get(id)!;
        const first = p.seen.slice(seenLenAtKill[i]).find((m) => m.tableId === id)!;
        expect(first.commitment).toBe(log.game.commitment);
        expect(first.gameNo).toBe(1);
        expect(first.seq).toBeGreaterThanOrEqual(log.actions.length);
      }
    }
    const progress = () => tables.map((t) => {
      const last = all.flatMap((p) => p.seen.filter((m) => m.tableId === t.id)).sort((a, b) => a.seq - b.seq).at(-1);
      return `${t.game} ${t.id}: seq ${last?.seq} waiting for ${JSON.stringify(last?.waitingFor)} outcome ${last?.outcome !== null}`;
    }).join('\n') + '\n' + Object.entries(cs).map(([n, c]) => `${n}: ${JSON.stringify(c.received.filter((m) => m.type === 'error' || m.type === 'welcome').slice(-8))}\n${JSON.stringify(c.received.slice(-3)).slice(0, 1500)}`).join('\n') + `\n${server.output.slice(-3000)}`;
    await until('every game to finish', () => tables.every((t) => all.some((p) => (p.outcome.get(t.id) ?? null) !== null)), 120_000, progress);
    await server.stop();

    // The stored logs replay to the results everyone saw; the part stored before the crash is unchanged,
    // and every game message any seat received (before and after the crash) is the replayed game's view.
    const store = new SqliteStore(dbPath);
    try {
      for (const t of tables) {
        const log = await replay(store, t.game, t.id, 1);
        const before = survived.get(t.id)!;
        expect(log.actions.slice(0, before.actions.length)).toEqual(before.actions);
        expect(log.game.finishedAt).not.toBeNull();
        expect(log.game.result).toEqual(log.outcome);
        for (const p of all) {
          const mine = p.seen.filter((m) => m.tableId === t.id);
          if (mine.length === 0) continue;
          expect(mine.at(-1)!.outcome).toEqual(log.outcome);
          expect(mine.at(-1)!.seed).toBe(log.game.seed);
          for (const m of mine) expect(m.view, `table ${t.id} seat ${m.seat} seq ${m.seq}`).toEqual(log.view(m.seq, m.seat!));
        }
      }
    } finally {
      await store.close();
    }
    const errors = server.output.split('\n').filter((l) => /"level":(50|60)/.test(l));
    expect(errors, 'the server logged errors').toEqual([]);
  }, 180_000);
});

