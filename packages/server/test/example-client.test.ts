import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyCommand } from '../../cli/src/commands/verify.js';
import { type ParlorServer, SqliteStore, StoreUnavailable, configFromEnv, startServer } from '../src/index.js';
import { TestClient } from './support/client.js';
import { testServer } from './support/server.js';

// Issue 5, item 4: the protocol is a public API. examples/bot-client.mjs — plain Node and `ws`, no
// Parlor code — plays whole games against a real server; the server's export of each game verifies.
// Issue 10, item 8: it backs off and sends again after RATE_LIMITED and STORE_UNAVAILABLE.

const EXAMPLE = fileURLToPath(new URL('../../../examples/bot-client.mjs', import.meta.url));

let server: ParlorServer | null = null;
afterEach(async () => { await server?.close(); server = null; });

interface Run { code: number | null; stdout: string; stderr: string }

function runExample(args: string[], timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [EXAMPLE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += String(d); });
    child.stderr.on('data', (d: Buffer) => { stderr += String(d); });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`the example did not finish in ${timeoutMs} ms:\n${stdout}\n${stderr}`)); }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

const wsUrl = (s: ParlorServer) => `${s.url.replace(/^http/, 'ws')}/ws`;

/** Fetches the export of the table's finished game and runs `parlor verify` on it. */
async function verifyExport(s: ParlorServer, tableId: string): Promise<string[]> {
  const res = await fetch(`${s.url}/tables/${tableId}/export`);
  expect(res.status).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), 'parlor-example-')), `${tableId}.json`);
  writeFileSync(file, await res.text());
  const lines: string[] = [];
  expect(await verifyCommand(file, (l) => lines.push(l))).toBe(0);
  expect(lines.at(-1)).toMatch(/^OK/);
  return lines;
}

const RESULT = /^RESULT (won|lost): scores (-?\d+(?: \/ -?\d+)*); winners (\d+(?:, \d+)*); seat (\d+)$/m;

describe('examples/bot-client.mjs', () => {
  for (const [game, seats] of [['flip-7', 4], ['stir-fry-eighteen', 3]] as const) {
    it(`creates a ${game} table, fills it with server bots and plays its seat to the end`, async () => {
      server = await testServer();
      const run = await runExample([wsUrl(server), game, '--seats', String(seats), '--name', 'Example']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const result = RESULT.exec(run.stdout);
      expect(result, run.stdout).not.toBeNull();
      // Every seat has a score in the result line.
      const scores = result![2]!.split(' / ').map(Number);
      expect(scores).toHaveLength(seats);
      expect(result![4]).toBe('0'); // the creator's seat
      expect(run.stdout).toMatch(/^seed [0-9a-f]{64} \(commitment [0-9a-f]{64}\)$/m);
      const tableId = /^table (\S+): /m.exec(run.stdout)?.[1];
      expect(tableId).toBeDefined();
      const lines = await verifyExport(server, tableId!);
      // The result the example printed is the one the replay finds.
      const verified = lines.find((l) => l.startsWith('final scores:'))!;
      expect(verified.match(/-?\d+(?= ·|$)/g)!.map(Number)).toEqual(scores);
      // …and so are the winners ("won" exactly when seat 0 is among them).
      const winners = result![3]!.split(', ').map(Number);
      expect(result![1]).toBe(winners.includes(0) ? 'won' : 'lost');
    }, 90_000);
  }

  it('backs off and sends a message again after RATE_LIMITED, and still plays to the end', async () => {
    // A budget of 2 messages, refilled at 4 a second: saying hello, creating the table and filling it
    // go over at once, and so does answering instant bots for a whole game.
    server = await testServer({ rateBurst: 2, ratePerSecond: 4 });
    const run = await runExample([wsUrl(server), 'flip-7', '--seats', '3']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^RATE_LIMITED: sending (table\.bot\.add|table\.start|action) again in \d+ ms$/m);
    expect(run.stdout).toMatch(RESULT);
    await verifyExport(server, /^table (\S+): /m.exec(run.stdout)![1]!);
  }, 90_000);

  it('waits and sends a message again after STORE_UNAVAILABLE (nothing was changed)', async () => {
    // The store cannot write the table once (its second write: the first bot being seated).
    class OnceFullStore extends SqliteStore {
      saves = 0;
      override async saveTable(...a: Parameters<SqliteStore['saveTable']>) {
        if (++this.saves === 2) throw new StoreUnavailable('SQLITE_FULL');
        return super.saveTable(...a);
      }
    }
    const dbPath = join(mkdtempSync(join(tmpdir(), 'parlor-example-')), 'parlor.db');
    const store = new OnceFullStore(dbPath);
    server = await startServer({
      ...configFromEnv({}), port: 0, host: '127.0.0.1', dbPath, botDelayMs: [0, 0], logLevel: 'silent', rateBurst: 10_000, ratePerSecond: 10_000,
    }, { store, logger: false });
    const run = await runExample([wsUrl(server), 'flip-7', '--seats', '2']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^STORE_UNAVAILABLE: sending table\.bot\.add again in \d+ ms$/m);
    expect(run.stdout).toMatch(RESULT);
    await verifyExport(server, /^table (\S+): /m.exec(run.stdout)![1]!);
  }, 90_000);

  it('joins a table by its id, waits for the start, and plays its seat', async () => {
    server = await testServer();
    const ann = await TestClient.connect(server.url, 'Ann');
    const t = await ann.request({ type: 'table.create', game: 'flip-7', seats: 3 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    const tableId = t.table.id;
    expect(await ann.request({ type: 'table.bot.add', tableId, seat: 2, level: 'random' })).toMatchObject({ type: 'ok' });
    const running = runExample([wsUrl(server), tableId, '--name', 'Joiner']);
    await ann.next((m) => m.type === 'table' && m.table.seats[1]?.kind === 'player');
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    // Ann plays seat 0 plainly until the end (a stall says what the joiner printed).
    let exited: Run | null = null;
    void running.then((r) => { exited = r; }, () => {});
    const stalled = (e: Error) => {
      const r = exited as Run | null;
      return new Error(`${e.message}; the joiner ${r === null ? 'is still running' : `exited with ${r.code}:\n${r.stdout}\n${r.stderr}`}\nAnn received: ${JSON.stringify(ann.received.slice(-4)).slice(0, 3000)}`);
    };
    for (;;) {
      const m = await ann.next((x) => x.type === 'game' && x.seat === 0 && (x.outcome !== null || x.legal.length > 0), 30_000).catch((e: Error) => { throw stalled(e); });
      if (m.type !== 'game' || m.outcome !== null) break;
      ann.send({ type: 'action', tableId, seat: 0, seq: m.seq, action: m.legal.find((a) => a.type === 'stay') ?? m.legal[0]! });
    }
    const run = await running;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`sitting at table ${tableId} (flip-7), seat 1`);
    expect(run.stdout).toMatch(RESULT);
    await verifyExport(server, tableId);
    ann.close();
  }, 90_000);
});

describe('examples/bot-client.mjs in a tournament', () => {
  it('enters a Swiss event with a bot account\'s token, plays every table it is seated at, and reports where it finished', async () => {
    // Move clocks at a hundredth: the other players' seats time out in 0.3 s and stand-ins play them.
    server = await testServer({ timerScale: 0.01 });
    const url = server.url;
    const account = async (name: string) => {
      const c = await TestClient.connect(url, name);
      const res = await fetch(`${url}/api/accounts`, { method: 'POST', headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name, password: 'correct horse battery' }) });
      expect(res.status).toBe(201);
      return { client: c, token: ((await res.json()) as { token: string }).token };
    };
    const bot = await account('Robo');
    const people = [await account('Ann'), await account('Bea')];
    const post = (path: string, token: string, body: unknown) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const made = await post('/api/tournaments', people[0]!.token, {
      game: 'flip-7', format: 'swiss', rounds: 3, seats: 2, startsAt: new Date(Date.now() + 4000).toISOString(), rated: false, moveTimer: 30,
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    for (const p of people) expect((await post(`/api/tournaments/${id}/join`, p.token, {})).status).toBe(204);
    const run = await runExample([wsUrl(server), `tournament:${id}`, '--token', bot.token], 90_000);
    for (const p of people) p.client.close();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const detail = (await (await fetch(`${url}/api/tournaments/${id}`)).json()) as { status: string; players: { name: string; rank: number; points: number; games: number }[] };
    expect(detail.status).toBe('finished');
    const me = detail.players.find((p) => p.name === 'Robo')!;
    // Three players at tables of two: each round one sits out with a bye, so it played two games or three.
    expect(me.games).toBeGreaterThanOrEqual(2);
    expect(run.stdout).toContain(`TOURNAMENT finished: rank ${me.rank} of 3, ${me.points} points in ${me.games} games`);
    expect(run.stdout.match(/^RESULT /gm)).toHaveLength(me.games);
  }, 120_000);
});
