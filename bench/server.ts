/**
 * `npm run bench:server`: the game server under load, as production runs it.
 *
 * Starts the built server as a child process (`node packages/server/bin/parlor-server.js`, a fresh
 * temporary SQLite database per level) and, from this process, drives N concurrent 4-seat tables over
 * real WebSockets: one client creates each table, three more sit, and once every table is seated the creators start; every client
 * answers its own `game` snapshots (when `legal` is non-empty) with a random legal action after a think
 * time, and the creator starts the next game (`table.again`) when one ends, so the load stays constant.
 * Half the tables play Flip 7, half Stir Fry Eighteen. Server and bench are separate processes (on a
 * 2-core machine, roughly a core each).
 *
 * Latency: from an action sent to that client's next `game` message with a higher (gameNo, seq) — its
 * update received — counted only when the server then accepts the action (`ok`). Errors: `error`
 * messages received (except the taste-test races below), socket errors, unexpected closes, setup
 * failures and games that stalled. In a Stir Fry Eighteen taste-test window several seats answer at
 * once and the protocol lets the first one win: the others' answers come back STALE (or NOT_RUNNING,
 * when the winning answer ended the game). Those races are the protocol working as documented, so
 * they are counted apart ("races"), not as errors.
 *
 * With a running arena (BENCH_ARENA, on by default): one more level plays the same BENCH_ARENA_TABLES
 * ordinary tables and, beside them, BENCH_ARENA players with accounts in one running arena
 * (bench/arena.ts: tables of 4, so 1,000 players fill 250 tournament tables at a time, each player
 * paired again as its game ends). It prints the ordinary tables' figures as any level (comparable
 * with the level of as many tables without the arena in the same run), the arena tables' move
 * latency, how long re-pairing took (a game's end → the player's next `tournament.paired`: median,
 * p99, max) and seating (`tournament.paired` → the table's `table.watch` answer), with the server's
 * CPU and memory for the whole load.
 *
 * Settings (environment):
 *   BENCH_TABLES="100,500,1000"  table counts, one level each (4 clients per table)
 *   BENCH_SECONDS=20             measured seconds per level, after ramp-up and BENCH_WARMUP seconds
 *   BENCH_WARMUP=3               seconds of play before measuring starts
 *   BENCH_THINK_MS="200-500"     a client's think time before answering, uniform in [min, max] ms
 *   BENCH_SATURATION=100         tables for a last zero-think-time saturation run (0: skip it)
 *   BENCH_ARENA=1000             players in the arena level (a multiple of 4 fills every table; 0: no arena level)
 *   BENCH_ARENA_TABLES=1000      ordinary tables played beside the arena
 *   BENCH_ARENA_GAME=flip-7      the arena's game: flip-7 (to 100 points, a short game, so that many
 *                                end while measuring) or stir-fry-eighteen (its default options)
 *   BENCH_ARENA_WARMUP=15        seconds of arena play after every player's first table, before the
 *                                BENCH_WARMUP seconds (the first wave's games all start together; their
 *                                ends spread out as they play); by default the time of 40 moves at the
 *                                mean think time, 15 s at least (80 s at BENCH_THINK_MS=1000-3000)
 *   BENCH_CPU_PROF=dir           run the server with --cpu-prof, profiles written to dir
 *   BENCH_CLUSTER=0              N > 0: every level is also run on one process on PostgreSQL and on a
 *                                cluster of N processes (PostgreSQL + Redis, docs/operations.md "A
 *                                cluster"), each client connected to a process in turn (no affinity:
 *                                most messages reach a process that does not host their table), and
 *                                the coordination's cost is printed: CPU per action in each process,
 *                                Redis commands and PostgreSQL round trips per action
 *   BENCH_POSTGRES=url           a PostgreSQL user that may create databases (a fresh one per level,
 *                                dropped after); default postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_REDIS=url              default redis://127.0.0.1:6379 (channels under a fresh prefix)
 *
 * Exit status: 1 when a level (the saturation run included) could not be run or counted any
 * error, else 0. The closing "aim" lines judge the level of exactly 1,000 tables, if one was run,
 * and the arena level when its ordinary tables number 1,000.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { createClient } from 'redis';
import type { GameId } from '@parlor/protocol';
import { type ArenaAccount, type ArenaPlan, type ArenaResult, ArenaRun, seedArenaAccounts } from './arena.js';
import { GAMES, Player, SLOW_MS, Stats, TableRun } from './load-client.js';

const envList = (key: string, fallback: string): number[] =>
  (process.env[key] ?? fallback).split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
const envNum = (key: string, fallback: number): number => {
  const raw = process.env[key];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${key} must be a number, not "${raw}"`);
  return n;
};
const parseRange = (key: string, fallback: string): [number, number] => {
  const raw = process.env[key] ?? fallback;
  const [a, b] = raw.split('-').map(Number);
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || a < 0 || a > b) {
    throw new Error(`${key} must be "min-max" in ms, not "${raw}"`);
  }
  return [a, b];
};

const LEVELS = envList('BENCH_TABLES', '100,500,1000');
const SECONDS = envNum('BENCH_SECONDS', 20);
const WARMUP = envNum('BENCH_WARMUP', 3);
const THINK = parseRange('BENCH_THINK_MS', '200-500');
const SATURATION_TABLES = envNum('BENCH_SATURATION', 100);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const CLUSTER = envNum('BENCH_CLUSTER', 0);
const BENCH_POSTGRES = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_REDIS = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379';
const ARENA_PLAYERS = envNum('BENCH_ARENA', 1000);
const ARENA_TABLES = envNum('BENCH_ARENA_TABLES', 1000);
const ARENA_GAME = (process.env.BENCH_ARENA_GAME ?? 'flip-7') as GameId;
if (!(GAMES as readonly string[]).includes(ARENA_GAME)) throw new Error(`BENCH_ARENA_GAME must be one of ${GAMES.join(', ')}, not "${ARENA_GAME}"`);
if (ARENA_PLAYERS > 2000) throw new Error(`BENCH_ARENA must be at most 2000 (a tournament's most), not ${ARENA_PLAYERS}`);
// About the time of 40 moves at the think time (15 s at least): a Flip 7 game to 100 points has about
// 50, so the first wave's games have begun to end and their tables to be paired again.
const ARENA_WARMUP = envNum('BENCH_ARENA_WARMUP', Math.max(15, Math.ceil((40 * (THINK[0] + THINK[1])) / 2 / 1000)));
const ARENA: ArenaPlan | null = ARENA_PLAYERS === 0 ? null : {
  players: ARENA_PLAYERS, game: ARENA_GAME, options: ARENA_GAME === 'flip-7' ? { target: 100 } : {}, seats: 4, warmup: ARENA_WARMUP,
  // Longer than the whole level, so that it runs throughout (5 minutes at least).
  minutes: Math.min(360, Math.max(5, Math.ceil((ARENA_WARMUP + WARMUP + SECONDS) / 60) + 5)),
};

/** How the server runs in a level: one process on SQLite (the default product), one on PostgreSQL, or a cluster. */
type Mode = { readonly kind: 'sqlite' } | { readonly kind: 'postgres' } | { readonly kind: 'cluster'; readonly processes: number };
const MODES: Mode[] = CLUSTER > 0 ? [{ kind: 'sqlite' }, { kind: 'postgres' }, { kind: 'cluster', processes: CLUSTER }] : [{ kind: 'sqlite' }];
const modeName = (m: Mode) => (m.kind === 'cluster' ? `cluster of ${m.processes}` : m.kind === 'postgres' ? '1 process, PostgreSQL' : '1 process, SQLite');
const ROOT = resolve(import.meta.dirname, '..');
const SERVER_BIN = join(ROOT, 'packages/server/bin/parlor-server.js');
/** Tables set up at once during ramp-up. */
const SETUP_CONCURRENCY = 50;

// ---- a table: its four clients ----------------------------------------------------------------

/** Table n's players connect to the server's processes in turn (seat i of table n to process n + i). */
async function setupTable(urls: readonly string[], stats: Stats, game: (typeof GAMES)[number], n: number, thinkMs: readonly [number, number]): Promise<TableRun> {
  const players = [0, 1, 2, 3].map(() => new Player(stats, thinkMs));
  const t = new TableRun(game, players);
  players.forEach((p, seat) => { p.table = t; p.seat = seat; });
  const url = (seat: number) => urls[(n + seat) % urls.length]!;
  await players[0]!.connect(url(0), `host ${n}`);
  const created = await players[0]!.request({ type: 'table.create', game, seats: 4 });
  if (created.type !== 'table') throw new Error(`table.create refused: ${JSON.stringify(created)}`);
  t.id = created.table.id;
  await Promise.all(players.slice(1).map(async (p, i) => {
    await p.connect(url(i + 1), `guest ${n}.${i + 1}`);
    const r = await p.request({ type: 'table.sit', tableId: t.id, seat: i + 1 });
    if (r.type !== 'ok') throw new Error(`table.sit refused: ${JSON.stringify(r)}`);
  }));
  return t;
}

/** The creator starts the first game (every table is seated first, so ramp-up is not slowed by play). */
async function startTable(t: TableRun): Promise<void> {
  t.lastProgress = performance.now();
  const started = await t.players[0]!.request({ type: 'table.start', tableId: t.id });
  if (started.type !== 'ok') throw new Error(`table.start refused: ${JSON.stringify(started)}`);
}

// ---- the server process -------------------------------------------------------------------

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

interface RunningServer {
  readonly mode: Mode;
  /** One per process. */
  readonly urls: string[];
  readonly children: ChildProcess[];
  readonly dir: string;
  readonly logLines: string[];
  /** PostgreSQL modes: the level's own database (created for it, dropped after). */
  readonly database: string | null;
  /** When its first process answered /healthz (performance.now()). */
  startedAt: number;
}

/** The server running now: killed if the bench is interrupted, so that no server outlives it. */
let current: RunningServer | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (current !== null) { for (const c of current.children) c.kill('SIGKILL'); rmSync(current.dir, { recursive: true, force: true }); }
    process.exit(130);
  });
}

/** Runs `sql` as the BENCH_POSTGRES user (creating and dropping the levels' databases). */
async function admin<R extends pg.QueryResultRow>(sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES });
  client.on('error', () => {});
  await client.connect();
  try { return (await client.query<R>(sql)).rows; } finally { await client.end(); }
}

function databaseUrl(name: string): string {
  const u = new URL(BENCH_POSTGRES);
  u.pathname = `/${name}`;
  return u.toString();
}

/** `seed`: writes into the level's fresh database (its PARLOR_DB) before the server starts. */
async function startServer(tables: number, mode: Mode, seed?: (db: string) => Promise<void>): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-'));
  const database = mode.kind === 'sqlite' ? null : `parlor_bench_${Date.now()}_${process.pid}`;
  if (database !== null) await admin(`CREATE DATABASE ${database}`);
  const db = database === null ? join(dir, 'parlor.db') : databaseUrl(database);
  const processes = mode.kind === 'cluster' ? mode.processes : 1;
  const prefix = `bench-${process.pid}-${Date.now()}`;
  const logLines: string[] = [];
  const collect = (buf: Buffer) => { for (const l of String(buf).split('\n')) if (l.trim() !== '' && logLines.length < 1000) logLines.push(l); };
  const urls: string[] = [];
  const children: ChildProcess[] = [];
  current = { mode, urls, children, dir, logLines, database, startedAt: NaN };
  await seed?.(db);
  for (let n = 0; n < processes; n++) {
    const port = await freePort();
    const args: string[] = [];
    if (CPU_PROF !== undefined) {
      mkdirSync(CPU_PROF, { recursive: true });
      args.push('--cpu-prof', `--cpu-prof-dir=${resolve(CPU_PROF)}`, `--cpu-prof-name=server-${mode.kind}-${n}-${tables}-${Date.now()}.cpuprofile`);
    }
    const child = spawn(process.execPath, [...args, SERVER_BIN], {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(port), HOST: '127.0.0.1', PARLOR_DB: db, LOG_LEVEL: 'warn',
        PARLOR_BOT_DELAY_MS: '0-0', PARLOR_RATE_BURST: '100000', PARLOR_RATE_PER_SECOND: '100000', PARLOR_MAX_TABLES: '1000',
        // Every bench client comes from 127.0.0.1: the per-address limits would stop it at a few tables.
        PARLOR_MAX_CONNECTIONS_PER_ADDRESS: '100000', PARLOR_GUESTS_PER_ADDRESS_PER_HOUR: '1000000',
        PARLOR_MAX_TABLES_PER_ADDRESS: '100000', PARLOR_MAX_OPEN_TABLES: '1000000',
        ...(mode.kind === 'cluster' ? { PARLOR_REDIS: BENCH_REDIS, PARLOR_REDIS_PREFIX: prefix } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    urls.push(url);
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited at start (${child.exitCode}): ${logLines.join('\n')}`);
      try { if ((await fetch(`${url}/healthz`)).ok) break; } catch { /* not listening yet */ }
      if (i > 200) throw new Error('server did not answer /healthz within 20 s');
      await sleep(100);
    }
    if (n === 0) current.startedAt = performance.now();
  }
  return current;
}

/** Stops the server's processes (SIGTERM: a clean close) and removes its database; resolves to the database's size in bytes. */
async function stopServer(s: RunningServer): Promise<number> {
  await Promise.all(s.children.map(async (child) => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killTimer);
  }));
  let bytes = 0;
  if (s.database !== null) {
    bytes = Number((await admin<{ size: string }>(`SELECT pg_database_size('${s.database}') AS size`))[0]!.size);
    await admin(`DROP DATABASE ${s.database}`);
  }
  for (const f of ['parlor.db', 'parlor.db-wal', 'parlor.db-shm']) {
    try { bytes += statSync(join(s.dir, f)).size; } catch { /* not there */ }
  }
  rmSync(s.dir, { recursive: true, force: true });
  current = null;
  return bytes;
}

/** Commands Redis has processed since it started (every client's). */
async function redisCommands(): Promise<number> {
  const client = createClient({ url: BENCH_REDIS });
  client.on('error', () => {});
  await client.connect();
  try {
    const info = await client.info('stats');
    return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? NaN);
  } finally {
    await client.quit();
  }
}

/** The processes' /metrics, each scraped. */
async function scrapeAll(urls: readonly string[]): Promise<Map<string, number>[]> {
  return Promise.all(urls.map((u) => scrape(u)));
}

/** Selected samples from /metrics (name with labels → value). */
async function scrape(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(60_000) })).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const i = line.lastIndexOf(' ');
    out.set(line.slice(0, i), Number(line.slice(i + 1)));
  }
  return out;
}

/** The server's own action latency quantile over an interval, from the histogram buckets' deltas. */
function serverQuantile(before: Map<string, number>, after: Map<string, number>, q: number): string {
  const buckets: [number, number][] = [];
  for (const [k, v] of after) {
    const m = /^parlor_action_latency_seconds_bucket\{le="([^"]+)"\}$/.exec(k);
    if (m) buckets.push([m[1] === '+Inf' ? Infinity : Number(m[1]), v - (before.get(k) ?? 0)]);
  }
  buckets.sort((a, b) => a[0] - b[0]);
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total === 0) return '-';
  const bound = buckets.find(([, c]) => c >= q * total)![0];
  return bound === Infinity ? '>1000' : `≤${bound * 1000}`;
}

/** The sum of a metric's samples over its labels. */
function sumOf(samples: Map<string, number>, name: string): number {
  let n = 0;
  for (const [k, v] of samples) if (k === name || k.startsWith(`${name}{`)) n += v;
  return n;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

// ---- one level ----------------------------------------------------------------------------

interface LevelResult {
  /** Tables asked for; `tables` is how many were seated and started. */
  requested: number; tables: number; clients: number; actionsPerSec: number; p50: number; p99: number; max: number;
  errors: number; races: number; rssMb: number; serverCpu: number; benchCpu: number;
  serverP99: string; serverLagP99: number; benchLagP99: number; games: number; errorDetail: string;
  mode: Mode;
  /** Server CPU ms per action stored: all processes together, and each process's share. */
  cpuPerAction: number; cpuPerActionByProcess: number[];
  /** Coordination per action stored: Redis commands (cluster) and PostgreSQL round trips (PostgreSQL modes). */
  redisPerAction: number; pgPerAction: number;
  /** The arena beside the tables, in an arena level. */
  arena: ArenaResult | null;
}

async function level(tables: number, seconds: number, thinkMs: readonly [number, number], mode: Mode, plan: ArenaPlan | null = null): Promise<LevelResult> {
  const stats = new Stats();
  let accounts: ArenaAccount[] = [];
  let seedSeconds = NaN;
  const server = await startServer(tables, mode, plan === null ? undefined : async (db) => {
    const t = performance.now();
    accounts = await seedArenaAccounts(db, plan.players);
    seedSeconds = (performance.now() - t) / 1000;
  });
  const arena = plan === null ? null : new ArenaRun(plan, accounts, thinkMs);
  const seated: TableRun[] = [];
  const runs: TableRun[] = [];
  const rampStart = performance.now();
  let result: LevelResult;
  let storedActions = 0;
  let dbBytes = 0;
  try {
    for (let i = 0; i < tables; i += SETUP_CONCURRENCY) {
      const batch = await Promise.allSettled(Array.from({ length: Math.min(SETUP_CONCURRENCY, tables - i) },
        (_, j) => setupTable(server.urls, stats, GAMES[(i + j) % 2]!, i + j, thinkMs)));
      for (const b of batch) {
        if (b.status === 'fulfilled') seated.push(b.value);
        else stats.error(`setup: ${b.reason instanceof Error ? b.reason.message : String(b.reason)}`);
      }
      if (tables >= 500 && (i + SETUP_CONCURRENCY) % 250 === 0) {
        console.log(`  ramp-up: ${seated.length} tables seated after ${((performance.now() - rampStart) / 1000).toFixed(1)} s`);
      }
    }
    let arenaSetup = '';
    if (arena !== null) {
      // The arena's players enter while the tables wait to start; the arena starts a few seconds later.
      const t = performance.now();
      await arena.connect(server.urls);
      const connectSeconds = (performance.now() - t) / 1000;
      await arena.enter(server.urls[0]!, 3000 + 3 * arena.plan.players);
      arenaSetup = `accounts written in ${fmt(seedSeconds)} s, connected in ${fmt(connectSeconds)} s`;
    }
    for (let i = 0; i < seated.length; i += SETUP_CONCURRENCY * 4) {
      const chunk = seated.slice(i, i + SETUP_CONCURRENCY * 4);
      const batch = await Promise.allSettled(chunk.map((t) => startTable(t)));
      batch.forEach((b, j) => {
        if (b.status === 'fulfilled') runs.push(chunk[j]!);
        else stats.error(`start: ${b.reason instanceof Error ? b.reason.message : String(b.reason)}`);
      });
    }
    const rampSeconds = (performance.now() - rampStart) / 1000;
    const stallMs = Math.max(15_000, 3 * thinkMs[1] + 10_000);
    const watch = setInterval(() => {
      const now = performance.now();
      for (const t of runs) {
        if (now - t.lastProgress <= stallMs) t.stalled = false;
        else if (!t.stalled) { t.stalled = true; stats.error('stalled game'); }
      }
      arena?.check(now, stallMs);
    }, 1000);
    if (arena !== null) {
      await arena.firstWave(60_000);
      await sleep(arena.plan.warmup * 1000);
    }
    await sleep(WARMUP * 1000);
    const beforeAll = await scrapeAll(server.urls);
    const redis0 = mode.kind === 'cluster' ? await redisCommands() : NaN;
    const wall0 = performance.now();
    const cpu0 = process.cpuUsage();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const t0 = performance.now();
    const [msgs0, bytes0, fast0, games0] = [stats.messages, stats.bytes, stats.fastPath, stats.gameMessages];
    const arenaMsgs0 = arena?.stats.messages ?? 0;
    stats.measuring = true;
    if (arena !== null) arena.stats.measuring = true;
    await sleep(seconds * 1000);
    stats.measuring = false;
    if (arena !== null) arena.stats.measuring = false;
    const arenaMsgs = (arena?.stats.messages ?? 0) - arenaMsgs0;
    const elapsed = (performance.now() - t0) / 1000;
    const [msgs, bytes, fast, gameMsgs] = [stats.messages - msgs0, stats.bytes - bytes0, stats.fastPath - fast0, stats.gameMessages - games0];
    const load = loadavg()[0]!;
    // Let the last measured actions' replies arrive.
    await sleep(Math.min(2000, thinkMs[1] + 500));
    lag.disable();
    const cpu = process.cpuUsage(cpu0);
    const afterAll = await scrapeAll(server.urls);
    const redis1 = mode.kind === 'cluster' ? await redisCommands() : NaN;
    // One process's figures as one map (summed), for what follows; the per-process CPU apart.
    const merge = (maps: Map<string, number>[]) => {
      const out = new Map<string, number>();
      for (const m of maps) for (const [k, v] of m) out.set(k, k.endsWith('_lag_p99_seconds') ? Math.max(out.get(k) ?? 0, v) : (out.get(k) ?? 0) + v);
      return out;
    };
    const before = merge(beforeAll);
    const after = merge(afterAll);
    const wall = (performance.now() - wall0) / 1000;
    storedActions = sumOf(after, 'parlor_actions_total');
    clearInterval(watch);
    stats.stopping = true;
    for (const t of runs) for (const p of t.players) p.close();
    arena?.close();
    const arenaResult = arena === null ? null : arena.result(elapsed, mode.kind === 'sqlite' ? join(server.dir, 'parlor.db') : null);
    const sorted = stats.latencies.sort((a, b) => a - b);
    const errorDetail = [...stats.errors].map(([k, v]) => `${k} ×${v}`).join(', ');
    const serverWarnings = server.logLines.filter((l) => /"level":(4|5|6)0/.test(l) || !l.startsWith('{'));
    if (serverWarnings.length > 0) console.log(`  server log (${serverWarnings.length} warning/error lines), first: ${serverWarnings[0]!.slice(0, 300)}`);
    const serverCpuSec = (after.get('parlor_process_process_cpu_seconds_total') ?? 0) - (before.get('parlor_process_process_cpu_seconds_total') ?? 0);
    const serverActions = sumOf(after, 'parlor_actions_total') - sumOf(before, 'parlor_actions_total');
    const cpuOf = (m: Map<string, number>) => m.get('parlor_process_process_cpu_seconds_total') ?? 0;
    const cpuPerActionByProcess = afterAll.map((a, i) => (cpuOf(a) - cpuOf(beforeAll[i]!)) * 1000 / Math.max(1, serverActions));
    const roundTrips = (after.get('parlor_store_round_trips') ?? 0) - (before.get('parlor_store_round_trips') ?? 0);
    console.log(`  (ramp-up ${rampSeconds.toFixed(1)} s for ${runs.length} tables; measured ${elapsed.toFixed(1)} s from ${fmt((t0 - server.startedAt) / 1000, 0)} s after the server's start; ` +
      `server CPU ${fmt(serverCpuSec * 1000 / Math.max(1, serverActions), 2)} ms per action, bench CPU ${fmt((cpu.user + cpu.system) / 1000 / Math.max(1, serverActions), 2)} ms; ` +
      `${fmt(msgs / elapsed, 0)} messages/s received, ${fmt(bytes / Math.max(1, msgs), 0)} bytes each on average, ` +
      `${fmt(100 * fast / Math.max(1, msgs), 0)}% of them (${fmt(100 * fast / Math.max(1, gameMsgs), 0)}% of the game updates) taken without parsing; ` +
      `machine load average ${load.toFixed(1)} on ${availableParallelism()} cores)`);
    const slow = [...stats.slowSent, ...(arena?.stats.slowSent ?? [])];
    if (slow.length > 0) {
      // Where the slow moves cluster: a pause of the server's (a periodic task, a burst of work) shows as one second with many.
      const bySecond = new Map<number, number>();
      for (const t of slow) { const sec = Math.floor((t - server.startedAt) / 1000); bySecond.set(sec, (bySecond.get(sec) ?? 0) + 1); }
      const top = [...bySecond].sort((a, b) => b[1] - a[1]).slice(0, 6).sort((a, b) => a[0] - b[0]);
      console.log(`  (moves slower than ${SLOW_MS} ms: ${slow.length}${arena === null ? '' : `, ${arena.stats.slowSent.length} of them at the arena's tables`}; ` +
        `sent in the seconds after the server's start with the most: ${top.map(([sec, n]) => `${sec} s ×${n}`).join(', ')})`);
    }
    if (arena !== null && arenaResult !== null) {
      const a = arenaResult;
      const p = arena.plan;
      console.log(`  (arena: ${a.players} players with accounts in one ${p.game} arena${p.game === 'flip-7' ? ' (to 100 points)' : ''}, tables of ${p.seats}; ${arenaSetup}, ` +
        `joined in ${fmt(a.joinSeconds)} s (${a.joinedBeforeStart} before its start); first wave: ${a.seated} players told of their tables ${fmt(a.firstWaveSeconds)} s after the start; ` +
        `${fmt(arenaMsgs / elapsed, 0)} messages/s received while measuring (the ordinary tables' above are apart); ` +
        `the arena has made ${fmt(a.tournamentGames, 0)} tables, ${fmt(a.tournamentFinished, 0)} of them finished; its stored state is ${fmt(a.stateKb, 0)} KB in all, of which a join or a game's end writes only the head and the entrants and games it changed; ` +
        `table.watch answered UNKNOWN_TABLE (the table not made yet) ×${a.watchRetries}, tried again)`);
    }
    result = {
      requested: tables, tables: runs.length, clients: runs.length * 4, actionsPerSec: stats.actions / elapsed,
      p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? NaN,
      errors: stats.errorCount() + serverWarnings.length, races: stats.races,
      rssMb: (after.get('parlor_process_process_resident_memory_bytes') ?? NaN) / 2 ** 20,
      serverCpu: serverCpuSec / wall, benchCpu: (cpu.user + cpu.system) / 1e6 / wall,
      serverP99: serverQuantile(before, after, 0.99),
      serverLagP99: (after.get('parlor_process_nodejs_eventloop_lag_p99_seconds') ?? NaN) * 1000,
      benchLagP99: lag.percentile(99) / 1e6,
      games: stats.games,
      mode, cpuPerAction: serverCpuSec * 1000 / Math.max(1, serverActions), cpuPerActionByProcess,
      // Less the two INFO commands of the count itself.
      redisPerAction: (redis1 - redis0 - 1) / Math.max(1, serverActions),
      pgPerAction: mode.kind === 'sqlite' ? NaN : roundTrips / Math.max(1, serverActions),
      errorDetail: errorDetail + (stats.noUpdate > 0 ? `; ${stats.noUpdate} ok without update` : '') +
        (serverWarnings.length > 0 ? `${errorDetail === '' ? '' : ', '}server log warnings ×${serverWarnings.length}` : ''),
      arena: arenaResult,
    };
  } finally {
    stats.stopping = true;
    for (const t of seated) for (const p of t.players) p.close();
    arena?.close();
    dbBytes = await stopServer(server);
  }
  console.log(`  (database after the level: ${fmt(dbBytes / 2 ** 20)} MB for ${storedActions} actions stored, ` +
    `≈ ${fmt(dbBytes / Math.max(1, storedActions), 0)} bytes per action with the players, tables and games)`);
  return result;
}

// ---- main ---------------------------------------------------------------------------------

const pad = (s: string | number, n: number) => String(s).padStart(n);
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
const header = `${pad('tables', 7)} ${pad('clients', 8)} ${pad('actions/s', 10)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)} ${pad('errors', 7)} ${pad('races', 6)} ${pad('RSS MB', 7)} ${pad('srv CPU', 8)} ${pad('bench CPU', 9)} ${pad('srv p99 ms', 10)} ${pad('srv lag', 8)} ${pad('bench lag', 9)} ${pad('games', 6)}`;
const row = (r: LevelResult) =>
  `${pad(r.tables, 7)} ${pad(r.clients, 8)} ${pad(fmt(r.actionsPerSec), 10)} ${pad(fmt(r.p50), 8)} ${pad(fmt(r.p99), 8)} ${pad(fmt(r.max), 8)} ${pad(r.errors, 7)} ${pad(r.races, 6)} ${pad(fmt(r.rssMb, 0), 7)} ${pad(`${fmt(r.serverCpu * 100, 0)}%`, 8)} ${pad(`${fmt(r.benchCpu * 100, 0)}%`, 9)} ${pad(r.serverP99, 10)} ${pad(fmt(r.serverLagP99), 8)} ${pad(fmt(r.benchLagP99), 9)} ${pad(r.games, 6)}`;
const thousands = (n: number) => n.toLocaleString('en-US');
const arenaHeader = `${pad('players', 7)} ${pad('tables', 8)} ${pad('actions/s', 10)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)} ${pad('errors', 7)} ${pad('races', 6)} ${pad('games', 6)} ${pad('re-pairs', 9)} ${pad('re-pair p50', 12)} ${pad('re-pair p99', 12)} ${pad('re-pair max', 12)} ${pad('seat p50', 9)} ${pad('seat p99', 9)}`;
const arenaRow = (a: ArenaResult) =>
  `${pad(a.players, 7)} ${pad(Math.ceil(a.players / 4), 8)} ${pad(fmt(a.actionsPerSec), 10)} ${pad(fmt(a.p50), 8)} ${pad(fmt(a.p99), 8)} ${pad(fmt(a.max), 8)} ${pad(a.errors, 7)} ${pad(a.races, 6)} ${pad(a.games, 6)} ${pad(a.repairs, 9)} ${pad(fmt(a.repairP50), 12)} ${pad(fmt(a.repairP99), 12)} ${pad(fmt(a.repairMax), 12)} ${pad(fmt(a.seatP50), 9)} ${pad(fmt(a.seatP99), 9)}`;
const ARENA_NOTE = '   ← with the arena beside them (this row: the ordinary tables; RSS and CPU: the whole server)';

console.log(`Parlor server load — Node ${process.version}, ${new Date().toISOString()}`);
console.log(`4-seat tables, half Flip 7 and half Stir Fry Eighteen, random legal play; think time ${THINK[0]}–${THINK[1]} ms; ` +
  `${SECONDS} s measured per level after ramp-up and ${WARMUP} s warm-up; a fresh server and database per level.`);
console.log('latency: action sent → that client\'s next game update; srv CPU / bench CPU: share of one core; srv p99: the server\'s own histogram (bucket bound); srv lag / bench lag: event-loop delay p99 in ms; games: finished while measured');
console.log(ARENA === null ? 'no arena level (BENCH_ARENA=0)' :
  `and, part of the default run (BENCH_ARENA=0 leaves it out), a level of ${ARENA_TABLES} tables with a running arena of ${ARENA.players} players (${ARENA.game}, tables of ${ARENA.seats}) beside them, ` +
  `measured after every player's first table and ${ARENA.warmup} s of arena play; re-pair: a game's end → the player's next tournament.paired, ms; seat: tournament.paired → its table.watch answered, ms`);
const results: LevelResult[] = [];
/** Levels that could not be run to the end, with the reason. */
const failed: string[] = [];
async function runLevel(label: string, tables: number, seconds: number, thinkMs: readonly [number, number], mode: Mode, plan: ArenaPlan | null = null): Promise<LevelResult | null> {
  let r: LevelResult;
  try {
    r = await level(tables, seconds, thinkMs, mode, plan);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    console.log(`  level failed: ${reason}`);
    failed.push(`${label} (${modeName(mode)}): ${reason}`);
    if (current !== null) await stopServer(current).catch(() => {});
    return null;
  }
  console.log(header);
  console.log(row(r));
  if (r.errorDetail !== '') console.log(`  errors: ${r.errorDetail}`);
  if (r.arena !== null) {
    console.log(`  the arena's tables:\n${arenaHeader}\n${arenaRow(r.arena)}`);
    if (r.arena.errorDetail !== '') console.log(`  arena errors: ${r.arena.errorDetail}`);
  }
  return r;
}
for (const n of LEVELS) {
  for (const mode of MODES) {
    console.log(`\n${n} tables${MODES.length > 1 ? `, ${modeName(mode)}` : ''}…`);
    const r = await runLevel(`${n} tables`, n, SECONDS, THINK, mode);
    if (r !== null) results.push(r);
  }
}
/** The levels with the arena beside the tables. */
const arenas: LevelResult[] = [];
if (ARENA !== null) {
  for (const mode of MODES) {
    console.log(`\n${ARENA_TABLES} tables and a running arena of ${ARENA.players} players${MODES.length > 1 ? `, ${modeName(mode)}` : ''}…`);
    const r = await runLevel(`${ARENA_TABLES} tables and an arena of ${ARENA.players}`, ARENA_TABLES, SECONDS, THINK, mode, ARENA);
    if (r !== null) arenas.push(r);
  }
}
const saturations: LevelResult[] = [];
if (SATURATION_TABLES > 0) {
  for (const mode of MODES) {
    console.log(`\nsaturation: ${SATURATION_TABLES} tables, zero think time${MODES.length > 1 ? `, ${modeName(mode)}` : ''}…`);
    const r = await runLevel(`saturation, ${SATURATION_TABLES} tables`, SATURATION_TABLES, Math.min(SECONDS, 10), [0, 0], mode);
    if (r !== null) saturations.push(r);
  }
}

console.log('\nsummary');
for (const mode of MODES) {
  if (MODES.length > 1) console.log(`${modeName(mode)}:`);
  console.log(header);
  for (const r of results.filter((x) => x.mode === mode)) console.log(row(r));
  for (const r of arenas.filter((x) => x.mode === mode)) console.log(`${row(r)}${ARENA_NOTE}`);
  for (const r of saturations.filter((x) => x.mode === mode)) console.log(`${row(r)}   ← zero think time (saturation)`);
  const withArena = arenas.filter((x) => x.mode === mode && x.arena !== null);
  if (withArena.length > 0) {
    console.log(`the arena's tables, in the level${withArena.length > 1 ? 's' : ''} with the arena:`);
    console.log(arenaHeader);
    for (const r of withArena) console.log(arenaRow(r.arena!));
  }
}
for (const f of failed) console.log(`level failed — ${f}`);
if (MODES.length > 1) {
  // The cost of coordination: what a cluster's processes spend per action, next to one process.
  console.log('\ncoordination, per action stored (server CPU in ms of one core; each process\'s share of the cluster\'s)');
  console.log(`${'level'.padEnd(34)} ${pad('CPU ms', 7)} ${pad('per process', 18)} ${pad('Redis cmds', 10)} ${pad('PG trips', 9)}`);
  for (const r of [...results, ...saturations]) {
    const label = `${r.requested} tables${saturations.includes(r) ? ' (saturation)' : ''}, ${modeName(r.mode)}`;
    console.log(`${label.padEnd(34)} ${pad(fmt(r.cpuPerAction, 3), 7)} ${pad(r.cpuPerActionByProcess.map((c) => fmt(c, 3)).join(' + '), 18)} ${pad(fmt(r.redisPerAction, 1), 10)} ${pad(fmt(r.pgPerAction, 1), 9)}`);
  }
  // Saturated, a cluster's CPU per action should stay within 20% of one process on PostgreSQL;
  // at a human pace, where each process's fixed costs weigh more per action, within 30%.
  for (const group of [results, saturations]) {
    const allowed = group === saturations ? 0.2 : 0.3;
    const aim = `aim (a cluster's CPU per action within ${allowed * 100}% of one process on PostgreSQL)`;
    for (const n of new Set(group.map((r) => r.requested))) {
      const one = group.find((r) => r.requested === n && r.mode.kind === 'postgres');
      const many = group.find((r) => r.requested === n && r.mode.kind === 'cluster');
      if (one === undefined || many === undefined) continue;
      const extra = many.cpuPerAction / one.cpuPerAction - 1;
      const sqlite = group.find((r) => r.requested === n && r.mode.kind === 'sqlite');
      console.log(`${aim}, ${n} tables${group === saturations ? ' (saturation)' : ''}: ${extra <= allowed ? 'MET' : 'MISSED'} — ` +
        `${fmt(many.cpuPerAction, 3)} vs ${fmt(one.cpuPerAction, 3)} ms (${extra >= 0 ? '+' : ''}${fmt(extra * 100, 0)}%)` +
        (sqlite === undefined ? '' : `; one process on SQLite ${fmt(sqlite.cpuPerAction, 3)} ms`));
    }
  }
}
const AIM = 'aim (1,000 tables, p99 < 100 ms, zero errors)';
const top = results.find((r) => r.requested === 1000 && r.mode.kind === 'sqlite') ?? null;
if (top === null) {
  console.log(`${AIM}: not measured in this run (${LEVELS.includes(1000) ? 'the 1,000-table level failed' : 'no level of 1,000 tables'})`);
} else {
  const met = top.tables === 1000 && top.p99 < 100 && top.errors === 0;
  console.log(`${AIM}: ${met ? 'MET' : 'MISSED'} — ${top.tables} tables, p99 ${fmt(top.p99)} ms, ${top.errors} errors`);
}
if (ARENA !== null) {
  const ARENA_AIM = `aim (1,000 tables with a running ${thousands(ARENA.players)}-player arena beside them, p99 < 100 ms on both, zero errors)`;
  const a = arenas.find((r) => r.requested === 1000 && r.mode.kind === 'sqlite') ?? null;
  if (a === null || a.arena === null) {
    console.log(`${ARENA_AIM}: not measured in this run (${ARENA_TABLES === 1000 ? 'the level failed' : `BENCH_ARENA_TABLES is ${ARENA_TABLES}`})`);
  } else {
    const x = a.arena;
    const met = a.tables === 1000 && a.p99 < 100 && x.p99 < 100 && a.errors + x.errors === 0;
    console.log(`${ARENA_AIM}: ${met ? 'MET' : 'MISSED'} — ${a.tables} tables p99 ${fmt(a.p99)} ms, the arena's ${Math.ceil(x.players / 4)} tables p99 ${fmt(x.p99)} ms, ` +
      `${a.errors + x.errors} errors; re-pairing median ${fmt(x.repairP50)} ms, p99 ${fmt(x.repairP99)} ms over ${x.repairs}` +
      (top === null ? '' : `; the same tables without the arena in this run: p99 ${fmt(top.p99)} ms`));
  }
}
// Non-zero when any level failed or had errors (races are the protocol working, not errors).
const withErrors = [...results, ...arenas, ...saturations].filter((r) => r.errors > 0 || (r.arena?.errors ?? 0) > 0);
if (failed.length > 0 || withErrors.length > 0) {
  console.log(`exit 1: ${failed.length} level(s) failed, ${withErrors.length} level(s) with errors`);
  process.exit(1);
}
process.exit(0);
