/**
 * `npm run bench:turn-based`: turn-based tables waiting in the store (docs/protocol.md, "Turn-based
 * tables"), as the server keeps them: out of memory until their clock is due.
 *
 * Each level seeds a fresh SQLite database with N running turn-based tables — Flip 7, two players
 * from a pool of 2,000 guests, a day a move, no time bank, nobody connected — and their due times,
 * straight into the database in one transaction (the schema made by the server's own store first).
 * Then it starts the built server (a child process) on it and prints:
 *   ready ms    from spawn to the first 200 of /readyz
 *   RSS MB      the server's resident memory 15 s after start (VmRSS), idle: waiting tables are
 *               not loaded, so it must stay flat with N
 * The last level (the largest N) also has BENCH_TURN_DUE of its tables due in the same minute,
 * starting BENCH_TURN_LEAD seconds after the server is ready, and BENCH_TURN_LIVE real-time tables
 * played meanwhile by clients at a human pace (4 seats, half Flip 7, half Stir Fry Eighteen, as
 * `bench:server` plays them). It prints:
 *   handled     due clocks whose stand-in move is stored, of those due (aim: all)
 *   lag         from each table's due time to its stand-in's move as stored (p50, p99, max; aim:
 *               every one within a minute)
 *   RSS         the server's memory at the end (the woken tables leave memory again)
 *   real-time   the live tables' move latency alone for BENCH_TURN_BASELINE seconds first, then
 *               over the due minute (p50, p99; aim: p99 < 100 ms beside the due clocks), and the
 *               server's CPU in each window: the two side by side show what the due clocks cost
 *
 * Settings: BENCH_TURN_TABLES="1000,10000,100000", BENCH_TURN_DUE=10000, BENCH_TURN_LEAD=75,
 * BENCH_TURN_LIVE=1000 (0: none), BENCH_TURN_BASELINE=30 (seconds the real-time tables are measured alone
 * first, when the lead leaves room for it), BENCH_THINK_MS="1000-3000", BENCH_CPU_PROF=dir (the server runs with
 * --cpu-prof, its profile written to dir when it stops).
 * Exit status 1 when a due clock was not handled within a minute, or the level could not run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { gameModule } from '@parlor/rules';
import { commitmentOf } from '@parlor/table';
import { SqliteStore } from '../packages/server/src/store/sqlite.js';
import { hashToken, randomId } from '../packages/server/src/identity.js';
import { GAMES, Player, Stats, TableRun, think } from './load-client.js';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_BIN = join(ROOT, 'packages/server/bin/parlor-server.js');
const list = (key: string, fallback: string) => (process.env[key] ?? fallback).split(',').map((s) => Number(s.trim()));
const num = (key: string, fallback: number) => {
  const n = Number(process.env[key] ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${key} must be a whole number ≥ 0, not "${process.env[key]}"`);
  return n;
};
const COUNTS = list('BENCH_TURN_TABLES', '1000,10000,100000');
if (COUNTS.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`BENCH_TURN_TABLES must be whole numbers ≥ 1, not "${process.env.BENCH_TURN_TABLES}"`);
const DUE = num('BENCH_TURN_DUE', 10_000);
const LEAD_S = num('BENCH_TURN_LEAD', 75);
const BASE_S = num('BENCH_TURN_BASELINE', 30);
const LIVE = num('BENCH_TURN_LIVE', 1000);
const THINK = (process.env.BENCH_THINK_MS ?? '1000-3000').split('-').map(Number) as [number, number];
const PLAYERS = 2000;
const MOVE_S = 86_400;
const MINUTE = 60_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const quantile = (sorted: readonly number[], q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => { const a = s.address(); s.close(() => res(typeof a === 'object' && a ? a.port : 0)); });
  });
}

/**
 * A database of `n` waiting turn-based tables; the first `due` of them due one after another over a
 * minute from `dueFrom` (ms), the rest in 2 to 7 days. Resolves to the due tables' ids and times.
 */
async function seed(file: string, n: number, due: number, dueFrom: number): Promise<Map<string, number>> {
  const store = new SqliteStore(file); // makes the schema
  const players: string[] = [];
  const now = new Date().toISOString();
  for (let i = 0; i < PLAYERS; i++) {
    const id = randomId();
    await store.addPlayer({ id, name: `waiting ${i + 1}`, tokenHash: hashToken(randomId(24)), createdAt: now });
    players.push(id);
  }
  await store.close();
  const db = new Database(file);
  const options = gameModule('flip-7').options.parse({}, 2);
  if (!options.ok) throw new Error(options.error.message);
  const addTable = db.prepare('INSERT INTO tables (id, body, status, created_at, due_at) VALUES (?, ?, ?, ?, ?)');
  const addGame = db.prepare('INSERT INTO games (table_id, game_no, body, finished_at) VALUES (?, 1, ?, NULL)');
  const dueAt = new Map<string, number>();
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const id = `w${String(i).padStart(7, '0')}`;
      const a = players[(2 * i) % PLAYERS]!;
      const b = players[(2 * i + 1) % PLAYERS]!;
      // Due when the game's first move times out: a day after it began (no bank).
      const at = i < due ? dueFrom + Math.floor((i * MINUTE) / due) : Date.now() + (2 + (i % 6)) * 86_400_000 + i;
      const startedAt = new Date(at - MOVE_S * 1000).toISOString();
      if (i < due) dueAt.set(id, at);
      const row = {
        id, game: 'flip-7', options: options.value, seats: [{ kind: 'player', playerId: a }, { kind: 'player', playerId: b }], status: 'running',
        private: false, invite: randomId(12), moveTimer: MOVE_S, responseWindow: null, creatorId: a, gameNo: 1, createdAt: startedAt,
        turnBased: { bankSeconds: 0, vacation: false },
      };
      const seedHex = randomId(32);
      const game = {
        tableId: id, gameNo: 1, seed: seedHex, commitment: commitmentOf(seedHex), options: options.value, startedAt, finishedAt: null, result: null,
        seats: [{ kind: 'player', name: 'a', playerId: a }, { kind: 'player', name: 'b', playerId: b }],
      };
      addTable.run(id, JSON.stringify(row), 'running', startedAt, at);
      addGame.run(id, JSON.stringify(game));
    }
  })();
  db.close();
  return dueAt;
}

interface Running { readonly child: ChildProcess; readonly url: string; readonly readyMs: number; readonly log: string[] }

async function start(file: string): Promise<Running> {
  const port = await freePort();
  const log: string[] = [];
  const t0 = performance.now();
  const prof = process.env.BENCH_CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`];
  const child = spawn(process.execPath, [...prof, SERVER_BIN], {
    cwd: tmpdir(),
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', PARLOR_DB: file, LOG_LEVEL: 'warn', PARLOR_BOT_DELAY_MS: '0-0',
      PARLOR_RATE_BURST: '100000', PARLOR_RATE_PER_SECOND: '100000', PARLOR_MAX_TABLES: '1000',
      PARLOR_MAX_CONNECTIONS_PER_ADDRESS: '100000', PARLOR_GUESTS_PER_ADDRESS_PER_HOUR: '1000000',
      PARLOR_MAX_TABLES_PER_ADDRESS: '100000', PARLOR_MAX_OPEN_TABLES: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (b: Buffer) => { if (log.length < 200) log.push(String(b)); };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited at start (${child.exitCode}): ${log.join('')}`);
    try { if ((await fetch(`${url}/readyz`)).ok) break; } catch { /* not listening yet */ }
    if (i > 1200) throw new Error('server not ready within 120 s');
    await sleep(100);
  }
  return { child, url, readyMs: performance.now() - t0, log };
}

async function stop(r: Running): Promise<void> {
  if (r.child.exitCode !== null) return;
  const exited = new Promise<void>((res) => r.child.once('exit', () => res()));
  r.child.kill('SIGTERM');
  await exited;
}

/** CPU time (user + system) the process has used, in ms (clock ticks of 10 ms, as Linux counts them). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** `n` real-time tables of four clients each, seated and started (the load bench's clients). */
async function liveTables(url: string, stats: Stats, n: number): Promise<TableRun[]> {
  const runs: TableRun[] = [];
  for (let i = 0; i < n; i += 50) {
    runs.push(...await Promise.all(Array.from({ length: Math.min(50, n - i) }, async (_, k) => {
      const game = GAMES[(i + k) % 2]!;
      const players = [0, 1, 2, 3].map(() => new Player(stats, THINK));
      const t = new TableRun(game, players);
      players.forEach((p, seat) => { p.table = t; p.seat = seat; });
      await players[0]!.connect(url, `live ${i + k}`);
      const made = await players[0]!.request({ type: 'table.create', game, seats: 4 });
      if (made.type !== 'table') throw new Error(`table.create refused: ${JSON.stringify(made)}`);
      t.id = made.table.id;
      await Promise.all(players.slice(1).map(async (p, s) => {
        await p.connect(url, `live ${i + k}.${s + 1}`);
        const r = await p.request({ type: 'table.sit', tableId: t.id, seat: s + 1 });
        if (r.type !== 'ok') throw new Error(`table.sit refused: ${JSON.stringify(r)}`);
      }));
      return t;
    })));
  }
  for (const t of runs) {
    const r = await t.players[0]!.request({ type: 'table.start', tableId: t.id });
    if (r.type !== 'ok') throw new Error(`table.start refused: ${JSON.stringify(r)}`);
  }
  return runs;
}

/** The stand-in moves stored for the due tables, and when (ms). */
function movesOf(file: string, ids: readonly string[]): Map<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const q = db.prepare('SELECT at FROM actions WHERE table_id = ? AND game_no = 1 AND seq = 0');
    const out = new Map<string, number>();
    for (const id of ids) {
      const r = q.get(id) as { at: string } | undefined;
      if (r !== undefined) out.set(id, Date.parse(r.at));
    }
    return out;
  } finally {
    db.close();
  }
}

async function level(n: number, withDue: boolean): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-turn-bench-'));
  const file = join(dir, 'parlor.db');
  let ok = true;
  try {
    const due = withDue ? Math.min(DUE, n) : 0;
    // The due minute starts LEAD_S after the server is ready; seeding and starting take a few seconds, counted in.
    const seededAt = Date.now();
    // Seeding takes a few seconds at 100,000 tables: the due minute is put after it, the start and the idle 15 s.
    const dueTimes = await seed(file, n, due, seededAt + Math.ceil(n / 10_000) * 1000 + 15_000 + LEAD_S * 1000);
    const seedS = (Date.now() - seededAt) / 1000;
    const s = await start(file);
    try {
      await sleep(15_000);
      const idle = rssMb(s.child.pid!);
      console.log(`${String(n).padStart(8)} waiting: ready ${fmt(s.readyMs, 0).padStart(6)} ms, RSS ${fmt(idle).padStart(6)} MB idle (seeded in ${fmt(seedS)} s)`);
      if (due === 0) return true;
      const stats = new Stats();
      const runs = LIVE > 0 ? await liveTables(s.url, stats, LIVE) : [];
      const first = Math.min(...dueTimes.values());
      const last = Math.max(...dueTimes.values());
      console.log(`  ${due} tables due from ${fmt((first - Date.now()) / 1000)} s from now, over ${fmt((last - first) / 1000)} s; ${runs.length} real-time tables playing meanwhile`);
      // The same real-time tables measured first without due clocks, then beside them: one run, side by side.
      let baseline: { lat: number[]; actions: number; seconds: number; cpu: number } | null = null;
      if (runs.length > 0 && first - Date.now() > (BASE_S + 2) * 1000) {
        await sleep(1000);
        const cpu0 = cpuMs(s.child.pid!);
        stats.measuring = true;
        await sleep(BASE_S * 1000);
        stats.measuring = false;
        baseline = { lat: [...stats.latencies].sort((a, b) => a - b), actions: stats.actions, seconds: BASE_S, cpu: cpuMs(s.child.pid!) - cpu0 };
        stats.latencies = [];
        stats.actions = 0;
      }
      await sleep(Math.max(0, first - Date.now()));
      const cpuFrom = cpuMs(s.child.pid!);
      stats.measuring = true;
      const measuredFrom = Date.now();
      await sleep(Math.max(0, last - Date.now()));
      stats.measuring = false;
      const measuredFor = (Date.now() - measuredFrom) / 1000;
      const cpuDuring = cpuMs(s.child.pid!) - cpuFrom;
      // Every due clock has until a minute after its time.
      const ids = [...dueTimes.keys()];
      let moves = movesOf(file, ids);
      while (moves.size < ids.length && Date.now() < last + MINUTE) {
        await sleep(2000);
        moves = movesOf(file, ids);
      }
      stats.stopping = true;
      for (const t of runs) for (const p of t.players) p.close();
      const lags = ids.flatMap((id) => (moves.has(id) ? [moves.get(id)! - dueTimes.get(id)!] : [])).sort((a, b) => a - b);
      const lat = [...stats.latencies].sort((a, b) => a - b);
      const late = lags.filter((l) => l > MINUTE).length;
      const end = rssMb(s.child.pid!);
      console.log(`  handled ${moves.size} of ${ids.length} due clocks; lag p50 ${fmt(quantile(lags, 0.5) / 1000)} s, p99 ${fmt(quantile(lags, 0.99) / 1000)} s, max ${fmt((lags.at(-1) ?? NaN) / 1000)} s; RSS ${fmt(end)} MB after`);
      if (baseline !== null) {
        console.log(`  real-time tables over ${baseline.seconds} s before it, alone: ${baseline.actions} moves measured, p50 ${fmt(quantile(baseline.lat, 0.5))} ms, p99 ${fmt(quantile(baseline.lat, 0.99))} ms; server CPU ${fmt(baseline.cpu / 10 / baseline.seconds, 0)}% of a core`);
      }
      console.log(`  real-time tables over the ${fmt(measuredFor, 0)} s of the due minute: ${stats.actions} moves measured, p50 ${fmt(quantile(lat, 0.5))} ms, p99 ${fmt(quantile(lat, 0.99))} ms, errors ${stats.errorCount()}; server CPU ${fmt(cpuDuring / 10 / measuredFor, 0)}% of a core`);
      const handled = moves.size === ids.length && late === 0;
      console.log(`aim (every due clock handled within a minute): ${handled ? 'MET' : 'MISSED'}; aim (real-time p99 < 100 ms beside them): ${quantile(lat, 0.99) < 100 ? 'MET' : 'MISSED'}`);
      ok = handled;
    } finally {
      await stop(s);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return ok;
}

console.log(`Parlor turn-based tables waiting — Node ${process.version}, ${new Date().toISOString()}`);
console.log('each waiting table: Flip 7, 2 players (of 2,000 guests), a day a move, no bank, nobody connected; a fresh SQLite database per level');
let allOk = true;
const largest = Math.max(...COUNTS);
for (const n of COUNTS) allOk = (await level(n, n === largest && DUE > 0)) && allOk;
process.exit(allOk ? 0 : 1);
