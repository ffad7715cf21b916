/**
 * `npm run bench:flood`: the server under a flood (issue 10, item 5), as production runs it.
 *
 * Starts the built server as a child process (a fresh temporary SQLite database), then from this
 * process: 400 guests each create five 12-seat Flip 7 tables (2,000 tables), then 100 sockets send
 * `lobby.watch` at once. All along, /healthz is polled every 20 ms. Printed: the flood's pace and
 * refusals, the /healthz latency (p50, p99, max), the server's event-loop delay over the flood (its
 * own /metrics), and the lobby replies' sizes.
 *
 * Two runs: first with the per-address limits raised (as if the guests came from 400 addresses, so
 * the whole flood gets through and the paged lobby carries it), then with the default limits (one
 * address: most of the flood is refused, with the codes counted).
 *
 * Settings (environment): FLOOD_GUESTS=400, FLOOD_TABLES_EACH=5, FLOOD_WATCHERS=100.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ClientMessage, ServerMessage } from '@parlor/protocol';
import WebSocket from 'ws';

const GUESTS = Number(process.env.FLOOD_GUESTS ?? 400);
const TABLES_EACH = Number(process.env.FLOOD_TABLES_EACH ?? 5);
const WATCHERS = Number(process.env.FLOOD_WATCHERS ?? 100);
const ROOT = resolve(import.meta.dirname, '..');
const SERVER_BIN = join(ROOT, 'packages/server/bin/parlor-server.js');

type Request = ClientMessage extends infer M ? (M extends ClientMessage ? Omit<M, 'id'> : never) : never;

/** The /healthz poller: polls until its stdin closes, then prints the latencies (ms) as JSON. */
const POLLER = `
const url = process.argv[1]; const times = []; let on = true;
process.stdin.on('end', () => { on = false; }); process.stdin.resume();
(async () => {
  while (on) {
    const t0 = performance.now();
    try { await fetch(url + '/healthz'); } catch {}
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  process.stdout.write(JSON.stringify(times));
})();`;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** One WebSocket with request/reply by id; counts refusals by code. */
class Client {
  private ws!: WebSocket;
  private next = 1;
  private readonly waiting = new Map<number, (m: ServerMessage) => void>();
  static refusals = new Map<string, number>();
  closed = false;

  async open(url: string): Promise<boolean> {
    this.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { perMessageDeflate: false });
    this.ws.on('message', (data: Buffer) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      if (m.type === 'error') Client.refusals.set(m.code, (Client.refusals.get(m.code) ?? 0) + 1);
      const re = 're' in m && typeof m.re === 'number' ? m.re : undefined;
      if (re !== undefined) { this.waiting.get(re)?.(m); this.waiting.delete(re); }
    });
    this.ws.on('close', () => { this.closed = true; for (const w of this.waiting.values()) w({ type: 'error', code: 'CLOSED', message: '' }); this.waiting.clear(); });
    this.ws.on('error', () => {});
    // A connection refused before the upgrade answers with an HTTP status instead.
    this.ws.on('unexpected-response', (_req, res) => {
      const code = res.statusCode === 429 ? 'TOO_MANY_CONNECTIONS (HTTP 429)' : `HTTP ${res.statusCode}`;
      Client.refusals.set(code, (Client.refusals.get(code) ?? 0) + 1);
      this.ws.terminate();
    });
    return new Promise((r) => { this.ws.once('open', () => r(true)); this.ws.once('close', () => r(false)); });
  }

  request(msg: Request): Promise<ServerMessage & { bytes?: number }> {
    if (this.closed) return Promise.resolve({ type: 'error', code: 'CLOSED', message: '' });
    const id = this.next++;
    return new Promise((r) => {
      this.waiting.set(id, r);
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  close(): void { this.ws.terminate(); }
}

async function run(label: string, env: Record<string, string>): Promise<void> {
  console.log(`\n${label}`);
  const dir = mkdtempSync(join(tmpdir(), 'parlor-flood-'));
  const port = await freePort();
  const prof = process.env.FLOOD_CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.FLOOD_CPU_PROF)}`];
  const child: ChildProcess = spawn(process.execPath, [...prof, SERVER_BIN], {
    cwd: dir, stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PARLOR_DB: process.env.FLOOD_DB ?? join(dir, 'parlor.db'), LOG_LEVEL: 'error', ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${url}/healthz`)).ok) break; } catch { /* starting */ }
    if (i > 200) throw new Error('the server did not start');
    await sleep(100);
  }
  // Warm-up: one of everything the flood does, so that code loaded on first use is loaded.
  const clients: Client[] = [];
  for (let i = 0; i < 3; i++) {
    const c = new Client();
    clients.push(c);
    await c.open(url);
    await c.request({ type: 'hello', name: `Warm-up ${i}` });
    await c.request({ type: 'table.create', game: 'flip-7', seats: 12 });
    await c.request({ type: 'lobby.watch' });
  }
  for (let i = 0; i < 20; i++) await fetch(`${url}/healthz`);
  Client.refusals = new Map();
  await fetch(`${url}/metrics`); // resets the server's event-loop histogram
  // /healthz is polled from a process of its own, every 5 ms, so that this busy process's own
  // delays do not count as the server's.
  const poller = spawn(process.execPath, ['-e', POLLER, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let pollerOut = '';
  poller.stdout!.on('data', (b: Buffer) => { pollerOut += String(b); });
  await sleep(200);
  try {
    const t0 = performance.now();
    let tables = 0, guests = 0;
    await Promise.all(Array.from({ length: GUESTS }, async (_, i) => {
      const c = new Client();
      clients.push(c);
      if (!(await c.open(url))) return;
      const w = await c.request({ type: 'hello', name: `Flood ${i}` });
      if (w.type !== 'welcome') return;
      guests++;
      for (let k = 0; k < TABLES_EACH; k++) {
        const r = await c.request({ type: 'table.create', game: 'flip-7', seats: 12 });
        if (r.type === 'table') tables++;
      }
    }));
    const floodSeconds = (performance.now() - t0) / 1000;
    const watchers = await Promise.all(Array.from({ length: WATCHERS }, async (_, i) => {
      const c = new Client();
      clients.push(c);
      if (!(await c.open(url))) return null;
      const w = await c.request({ type: 'hello', name: `Watcher ${i}` });
      return w.type === 'welcome' ? c : null;
    }));
    const t1 = performance.now();
    const replies = await Promise.all(watchers.filter((c): c is Client => c !== null).map((c) => c.request({ type: 'lobby.watch' })));
    const lobbySeconds = (performance.now() - t1) / 1000;
    const sizes = replies.filter((m) => m.type === 'lobby').map((m) => JSON.stringify(m).length).sort((a, b) => a - b);
    const total = replies.find((m) => m.type === 'lobby');
    await sleep(500);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    const metric = (name: string) => Number(/^(\S+) (\S+)$/m.exec(metrics.split('\n').find((l) => l.startsWith(`${name} `)) ?? '')?.[2] ?? NaN) * 1000;
    const done = new Promise((r) => poller.once('exit', r));
    poller.stdin!.end();
    await done;
    const health = (JSON.parse(pollerOut) as number[]).sort((a, b) => a - b);
    console.log(`  ${guests} guests of ${GUESTS} said hello; ${tables} tables created of ${GUESTS * TABLES_EACH} asked, in ${fmt(floodSeconds)} s`);
    console.log(`  ${replies.length} lobby.watch at once: answered in ${fmt(lobbySeconds, 2)} s; reply size max ${sizes.at(-1) ?? 0} bytes, median ${quantile(sizes, 0.5)} bytes; ${total?.type === 'lobby' ? `total ${total.total} tables, ${total.tables.length} on the first page` : 'no lobby reply'}`);
    console.log(`  /healthz during all this (${health.length} requests): p50 ${fmt(quantile(health, 0.5))} ms, p99 ${fmt(quantile(health, 0.99))} ms, max ${fmt(health.at(-1) ?? NaN)} ms`);
    console.log(`  server event-loop delay over the flood: p99 ${fmt(metric('parlor_process_nodejs_eventloop_lag_p99_seconds'))} ms, max ${fmt(metric('parlor_process_nodejs_eventloop_lag_max_seconds'))} ms`);
    console.log(`  refusals: ${[...Client.refusals].map(([k, v]) => `${k} ×${v}`).join(', ') || 'none'}`);
    const p99 = quantile(health, 0.99), lag = metric('parlor_process_nodejs_eventloop_lag_p99_seconds');
    console.log(`  aim (/healthz p99 < 100 ms, event-loop delay p99 < 100 ms): ${p99 < 100 && lag < 100 ? 'MET' : 'MISSED'}`);
  } finally {
    poller.kill();
    for (const c of clients) c.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`Parlor flood — Node ${process.version}, ${new Date().toISOString()}; ${GUESTS} guests × ${TABLES_EACH} tables of 12 seats, then ${WATCHERS} lobby watchers at once`);
await run('limits raised (as if from many addresses): the whole flood gets in', {
  PARLOR_MAX_CONNECTIONS_PER_ADDRESS: '100000', PARLOR_GUESTS_PER_ADDRESS_PER_HOUR: '1000000',
  PARLOR_MAX_TABLES_PER_ADDRESS: '100000', PARLOR_MAX_OPEN_TABLES: '100000', PARLOR_RATE_BURST: '1000', PARLOR_RATE_PER_SECOND: '1000',
});
await run('default limits (one address): the flood is refused', {});
process.exit(0);
