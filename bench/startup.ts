/**
 * `npm run bench:startup`: start-up time and memory of one server process against the number of
 * finished games in its database (issue 13, item 5: they must not grow with it).
 *
 * Builds one real finished game first: the built server (a child process on a fresh SQLite file),
 * a person who creates a 4-seat Flip 7 table with three basic bots, starts it and leaves at once, so
 * that the bots finish the game (docs/how-to-play: nobody left at a running table). Then copies that
 * table — its table row, its game with its actions, the person's game history row — N times under
 * new table ids straight into the database, in one transaction, and for each N starts the server on
 * it and measures:
 *   ready ms   from spawn to the first 200 of /readyz (the store open and every open table loaded)
 *   CPU ms     the CPU time the process used until then (user + system; less noisy than wall time)
 *   RSS MB     the process's resident memory once ready and idle for a second (VmRSS)
 * and checks that an old finished game still loads on demand (its export, GET /tables/<id>/export?game=1).
 * Each figure is the median of BENCH_RUNS starts (default 3).
 *
 * Settings: BENCH_FINISHED="0,1000,100000" (finished games per database), BENCH_RUNS=3,
 * BENCH_POSTGRES=url (a user that may create databases; when set, the same is measured on
 * PostgreSQL too, rows copied with INSERT … SELECT).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import WebSocket from 'ws';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_BIN = join(ROOT, 'packages/server/bin/parlor-server.js');
const COUNTS = (process.env.BENCH_FINISHED ?? '0,1000,100000').split(',').map((s) => Number(s.trim()));
if (COUNTS.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`BENCH_FINISHED must be whole numbers, not "${process.env.BENCH_FINISHED}"`);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_RUNS must be a whole number ≥ 1, not "${process.env.BENCH_RUNS}"`);
const POSTGRES = process.env.BENCH_POSTGRES;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => { const a = s.address(); s.close(() => res(typeof a === 'object' && a ? a.port : 0)); });
  });
}

interface Running { readonly child: ChildProcess; readonly url: string; readonly readyMs: number; readonly cpuMs: number; readonly log: string[] }

async function start(db: string): Promise<Running> {
  const port = await freePort();
  const log: string[] = [];
  const t0 = performance.now();
  const child = spawn(process.execPath, [SERVER_BIN], {
    cwd: tmpdir(),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PARLOR_DB: db, LOG_LEVEL: 'warn', PARLOR_BOT_DELAY_MS: '0-0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (b: Buffer) => { if (log.length < 200) log.push(String(b)); };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start (${child.exitCode}): ${log.join('')}`);
    try { if ((await fetch(`${url}/readyz`)).ok) break; } catch { /* not listening yet */ }
    if (performance.now() - t0 > 300_000) throw new Error('server not ready within 300 s');
    await sleep(5);
  }
  return { child, url, readyMs: performance.now() - t0, cpuMs: cpuMs(child.pid!), log };
}

async function stop(r: Running): Promise<void> {
  if (r.child.exitCode !== null) return;
  const exited = new Promise<void>((res) => r.child.once('exit', () => res()));
  r.child.kill('SIGTERM');
  await exited;
}

/** CPU time the process has used (user + system), from /proc: less sensitive than wall time to a busy machine. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks of 10 ms
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m === null ? NaN : Number(m[1]) / 1024;
}

/** One request/reply exchange on a socket, by id. */
function client(url: string): Promise<{ ask: (m: Record<string, unknown>) => Promise<Record<string, unknown>>; next: (t: (m: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>; close: () => void }> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  let id = 0;
  const waiters: { test: (m: Record<string, unknown>) => boolean; res: (m: Record<string, unknown>) => void }[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as Record<string, unknown>;
    for (const w of waiters.slice()) if (w.test(m)) { waiters.splice(waiters.indexOf(w), 1); w.res(m); }
  });
  const next = (test: (m: Record<string, unknown>) => boolean) => new Promise<Record<string, unknown>>((res, rej) => {
    const timer = setTimeout(() => rej(new Error('no answer within 60 s')), 60_000);
    waiters.push({ test, res: (m) => { clearTimeout(timer); res(m); } });
  });
  const ask = (m: Record<string, unknown>) => {
    const n = ++id;
    const p = next((r) => r.re === n);
    ws.send(JSON.stringify({ ...m, id: n }));
    return p;
  };
  return new Promise((res, rej) => { ws.once('open', () => res({ ask, next, close: () => ws.close() })); ws.once('error', rej); });
}

/** A database holding one finished Flip 7 game, played by the server itself; its table id. */
async function template(file: string): Promise<string> {
  const s = await start(file);
  try {
    const c = await client(s.url);
    const welcome = await c.ask({ type: 'hello', name: 'Bench' });
    if (welcome.type !== 'welcome') throw new Error(`hello: ${JSON.stringify(welcome)}`);
    const t = await c.ask({ type: 'table.create', game: 'flip-7', seats: 4 }) as { type: string; table: { id: string } };
    if (t.type !== 'table') throw new Error(`table.create: ${JSON.stringify(t)}`);
    const tableId = t.table.id;
    for (const seat of [1, 2, 3]) {
      const r = await c.ask({ type: 'table.bot.add', tableId, seat, level: 'basic' });
      if (r.type !== 'ok') throw new Error(`table.bot.add: ${JSON.stringify(r)}`);
    }
    const r = await c.ask({ type: 'table.start', tableId });
    if (r.type !== 'ok') throw new Error(`table.start: ${JSON.stringify(r)}`);
    const left = await c.ask({ type: 'table.leave', tableId, seat: 0 });
    if (left.type !== 'ok') throw new Error(`table.leave: ${JSON.stringify(left)}`);
    // The bots finish the game at once; its export is there once it is stored as finished.
    for (let i = 0; !(await fetch(`${s.url}/tables/${tableId}/export?game=1`)).ok; i++) {
      if (i > 600) throw new Error('the bots did not finish the game within 60 s');
      await sleep(100);
    }
    c.close();
    return tableId;
  } finally {
    await stop(s);
  }
}

/** Copies the template table n times under new ids (SQLite), in one transaction. */
function fillSqlite(file: string, tableId: string, n: number): void {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    const copy = db.transaction(() => {
      const tableRow = db.prepare('SELECT * FROM tables WHERE id = ?').get(tableId) as Record<string, unknown>;
      const games = db.prepare('SELECT * FROM games WHERE table_id = ?').all(tableId) as Record<string, unknown>[];
      const actions = db.prepare('SELECT * FROM actions WHERE table_id = ?').all(tableId) as Record<string, unknown>[];
      const history = db.prepare('SELECT * FROM player_games WHERE table_id = ?').all(tableId) as Record<string, unknown>[];
      const insert = (table: string, row: Record<string, unknown>) => {
        const keys = Object.keys(row);
        return db.prepare(`INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`);
      };
      const insTable = insert('tables', tableRow);
      const insGame = games.length > 0 ? insert('games', games[0]!) : null;
      const insAction = actions.length > 0 ? insert('actions', actions[0]!) : null;
      const insHistory = history.length > 0 ? insert('player_games', history[0]!) : null;
      const swap = (v: unknown, id: string) => (typeof v === 'string' ? v.split(tableId).join(id) : v);
      for (let i = 0; i < n; i++) {
        const id = `bench${String(i).padStart(7, '0')}`;
        insTable.run(...Object.values(tableRow).map((v) => swap(v, id)));
        for (const g of games) insGame!.run(...Object.values(g).map((v) => swap(v, id)));
        for (const a of actions) insAction!.run(...Object.values(a).map((v) => swap(v, id)));
        for (const h of history) insHistory!.run(...Object.values(h).map((v) => swap(v, id)));
      }
    });
    copy();
  } finally {
    db.close();
  }
}

/** The same on PostgreSQL, after `parlor db copy` of the template: INSERT … SELECT over generate_series. */
async function fillPostgres(url: string, tableId: string, n: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('BEGIN');
    const swap = (col: string) => `replace(${col}, $1, 'bench' || lpad(i::text, 7, '0'))`;
    const cols = async (table: string) => (await c.query<{ column_name: string; data_type: string }>(
      'SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position', [table])).rows;
    for (const table of ['tables', 'games', 'actions', 'player_games']) {
      const cs = await cols(table);
      const select = cs.map(({ column_name: c, data_type: t }) => (c === 'id' || c === 'table_id'
        ? swap(c) : t === 'text' ? swap(c) : t === 'jsonb' || t === 'json' ? `${swap(`${c}::text`)}::${t}` : c)).join(', ');
      const key = table === 'tables' ? 'id' : 'table_id';
      await c.query(`INSERT INTO ${table} (${cs.map((x) => x.column_name).join(', ')}) SELECT ${select} FROM ${table}, generate_series(0, $2 - 1) AS i WHERE ${key} = $1`, [tableId, n]);
    }
    await c.query('COMMIT');
    await c.query('ANALYZE');
  } finally {
    await c.end();
  }
}

interface Row { readonly store: string; readonly finished: number; readyMs: number; cpu: number; rss: number; size: number }

async function measure(store: string, db: string, finished: number, size: number, oldTable: string): Promise<Row> {
  const ready: number[] = [];
  const rss: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const s = await start(db);
    try {
      await sleep(1000);
      ready.push(s.readyMs);
      cpu.push(s.cpuMs);
      rss.push(rssMb(s.child.pid!));
      const exp = await fetch(`${s.url}/tables/${oldTable}/export?game=1`);
      if (!exp.ok) throw new Error(`an old finished game did not load on demand: ${exp.status} ${await exp.text()}`);
    } finally {
      await stop(s);
    }
  }
  return { store, finished, readyMs: median(ready), cpu: median(cpu), rss: median(rss), size };
}

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');
const pad = (s: string | number, w: number) => String(s).padStart(w);

console.log(`Start-up and memory against finished games — Node ${process.version}, median of ${RUNS} starts`);
console.log(`${pad('store', 10)} ${pad('finished', 9)} ${pad('DB MB', 7)} ${pad('ready ms', 9)} ${pad('CPU ms', 7)} ${pad('RSS MB', 7)}`);
const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-startup-'));
const rows: Row[] = [];
try {
  const base = join(dir, 'template.db');
  const tableId = await template(base);
  for (const n of COUNTS) {
    const file = join(dir, `finished-${n}.db`);
    const src = new Database(base);
    await src.backup(file);
    src.close();
    fillSqlite(file, tableId, n);
    const size = statSync(file).size / 2 ** 20;
    const row = await measure('SQLite', file, n + 1, size, n > 0 ? 'bench0000000' : tableId);
    rows.push(row);
    console.log(`${pad(row.store, 10)} ${pad(row.finished, 9)} ${pad(fmt(row.size, 1), 7)} ${pad(fmt(row.readyMs), 9)} ${pad(fmt(row.cpu), 7)} ${pad(fmt(row.rss, 1), 7)}`);
    rmSync(file, { force: true });
  }
  if (POSTGRES !== undefined) {
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    try {
      for (const n of COUNTS) {
        const name = `parlor_startup_${process.pid}_${n}`;
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(POSTGRES);
        url.pathname = `/${name}`;
        try {
          const copy = spawn(process.execPath, [join(ROOT, 'packages/cli/bin/parlor.js'), 'db', 'copy', base, url.href], { stdio: 'inherit' });
          const code = await new Promise<number | null>((r) => copy.once('exit', r));
          if (code !== 0) throw new Error(`parlor db copy exited ${code}`);
          await fillPostgres(url.href, tableId, n);
          const size = Number((await admin.query<{ s: string }>(`SELECT pg_database_size('${name}') AS s`)).rows[0]!.s) / 2 ** 20;
          const row = await measure('PostgreSQL', url.href, n + 1, size, n > 0 ? 'bench0000000' : tableId);
          rows.push(row);
          console.log(`${pad(row.store, 10)} ${pad(row.finished, 9)} ${pad(fmt(row.size, 1), 7)} ${pad(fmt(row.readyMs), 9)} ${pad(fmt(row.cpu), 7)} ${pad(fmt(row.rss, 1), 7)}`);
        } finally {
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        }
      }
    } finally {
      await admin.end();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
for (const store of new Set(rows.map((r) => r.store))) {
  const mine = rows.filter((r) => r.store === store);
  const first = mine[0]!;
  const last = mine.at(-1)!;
  console.log(`${store}: ${first.finished} → ${last.finished} finished games: ready ${fmt(first.readyMs)} → ${fmt(last.readyMs)} ms (CPU ${fmt(first.cpu)} → ${fmt(last.cpu)} ms), RSS ${fmt(first.rss, 1)} → ${fmt(last.rss, 1)} MB`);
}
