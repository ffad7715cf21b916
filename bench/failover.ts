/**
 * `npm run bench:failover`: how long a table stops when the process hosting it dies or pauses.
 *
 * Starts a cluster of three processes of the built server (`node packages/server/bin/parlor-server.js`)
 * on a fresh PostgreSQL database and one Redis (a fresh channel prefix), with the default lease
 * (PARLOR_LEASE_MS, 3 s) unless BENCH_LEASE_MS says otherwise. Each round plays a 3-seat Flip 7
 * table hosted by one process (its creator's) with a player connected to each process; every player
 * answers its own questions after a think time, sends a move refused TRY_AGAIN again after 200 ms
 * (as the web client does), and comes back through the next live process, watching the table
 * again, when its socket closes. A few moves in, the host is
 *   - SIGKILLed (kill rounds): its player's socket closes and reconnects elsewhere; or
 *   - SIGSTOPped (stop rounds; the creator gave their seat to a bot before the start, so the players
 *     are all on the other processes: a paused process holds its own sockets); SIGCONT once measured.
 * The figure is fault → next accepted move: from the signal to the first update any player on a live
 * process receives of a move stored after it (one past the last move stored at the signal). The
 * victim is then started again (kill rounds) and the next round's host is the next process.
 *
 * Settings: BENCH_ROUNDS=3 (of each kind), BENCH_THINK_MS=100 (the bots' too), BENCH_LEASE_MS (default: the server's),
 * BENCH_POSTGRES (a user that may create databases; default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_REDIS (default redis://127.0.0.1:6379). Exit status 1 if a round could not be measured.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { ClientMessage, ServerMessage } from '@parlor/protocol';
import pg from 'pg';
import WebSocket from 'ws';

type Request = ClientMessage extends infer M ? (M extends ClientMessage ? Omit<M, 'id'> : never) : never;
type Game = Extract<ServerMessage, { type: 'game' }>;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 100);
const LEASE_MS = process.env.BENCH_LEASE_MS;
const POSTGRES = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379';
const SERVER_BIN = resolve(import.meta.dirname, '../packages/server/bin/parlor-server.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => { const a = s.address(); s.close(() => res(typeof a === 'object' && a !== null ? a.port : 0)); });
  });
}

/** One server process of the cluster, which can be killed, paused and started again on its port. */
class Proc {
  child: ChildProcess | null = null;
  private output = '';
  constructor(readonly port: number, private readonly env: Record<string, string>) {}
  get url(): string { return `http://127.0.0.1:${this.port}`; }
  tail(): string { return this.output.slice(-1500); }
  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, [SERVER_BIN], { env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    for (const s of [child.stdout!, child.stderr!]) s.on('data', (d: Buffer) => { this.output = (this.output + String(d)).slice(-4000); });
    for (const until = Date.now() + 120_000; Date.now() < until && child.exitCode === null; await sleep(50)) {
      try { if ((await fetch(`${this.url}/healthz`)).ok) return; } catch { /* not yet */ }
    }
    throw new Error(`process on ${this.port} did not start:\n${this.output}`);
  }
  async kill(): Promise<void> {
    const c = this.child;
    if (c === null || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGCONT');
    c.kill('SIGKILL');
    await exited;
  }
}

/** A player: one socket, reconnecting through the next live process; answers its own questions. */
class Player {
  ws: WebSocket | null = null;
  token: string | null = null;
  tableId: string | null = null;
  private n = 0;
  private readonly replies = new Map<number, (m: ServerMessage) => void>();
  private readonly sent = new Set<string>();
  /** (when received, seq) of every game update heard. */
  readonly heard: { at: number; seq: number }[] = [];
  playing = true;
  stopped = false;
  constructor(readonly name: string, public urls: () => string[]) {}

  async connect(): Promise<void> {
    for (let i = 0; ; i++) {
      const url = this.urls()[i % this.urls().length]!;
      try {
        await this.open(url);
        const w = await this.request(this.token === null ? { type: 'hello', name: this.name } : { type: 'hello', token: this.token });
        if (w.type !== 'welcome') throw new Error(JSON.stringify(w));
        this.token = w.token;
        if (this.tableId !== null) this.send({ type: 'table.watch', tableId: this.tableId });
        return;
      } catch {
        this.ws?.terminate();
        await sleep(Math.min(1000, 50 * 2 ** i));
      }
    }
  }

  private open(url: string): Promise<void> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
    this.ws = ws;
    ws.on('error', () => {});
    ws.on('message', (data) => this.onMessage(JSON.parse(String(data)) as ServerMessage));
    ws.on('close', () => { if (ws === this.ws && !this.stopped) { this.sent.clear(); void this.connect(); } });
    return new Promise((res, rej) => { ws.once('open', () => res()); ws.once('close', () => rej(new Error('closed'))); });
  }

  private onMessage(m: ServerMessage): void {
    if ('re' in m && typeof m.re === 'number') this.replies.get(m.re)?.(m);
    if (m.type === 'error') this.last = `${this.name} error ${m.code}`;
    if (m.type !== 'game' || m.tableId !== this.tableId) return;
    this.last = `${this.name} seat ${m.seat} seq ${m.seq} legal ${m.legal.length} waiting ${JSON.stringify(m.waitingFor)}`;
    this.heard.push({ at: performance.now(), seq: m.seq });
    if (!this.playing || m.outcome !== null || m.legal.length === 0 || m.seat === null) return;
    const key = `${m.seq}/${m.seat}`;
    if (this.sent.has(key)) return;
    this.sent.add(key);
    setTimeout(() => void this.act(m), THINK_MS);
  }

  private async act(m: Game): Promise<void> {
    for (let tries = 0; tries < 50 && !this.stopped; tries++) {
      const r = await this.request({ type: 'action', tableId: m.tableId, seat: m.seat!, seq: m.seq, action: m.legal[0] }, 10_000).catch(() => null);
      if (r === null || r.type !== 'error' || r.code !== 'TRY_AGAIN') return;
      await sleep(200);
    }
  }

  send(msg: ClientMessage): void { if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg)); }

  request(msg: Request, timeoutMs = 10_000): Promise<ServerMessage> {
    const id = ++this.n;
    return new Promise((res, rej) => {
      const timer = setTimeout(() => { this.replies.delete(id); rej(new Error(`no reply to ${msg.type}`)); }, timeoutMs);
      this.replies.set(id, (m) => { clearTimeout(timer); this.replies.delete(id); res(m); });
      this.send({ ...msg, id } as ClientMessage);
    });
  }

  seq(): number { return Math.max(-1, ...this.heard.map((h) => h.seq)); }
  last = '';
  close(): void { this.stopped = true; this.ws?.close(); }
}

async function round(kind: 'kill' | 'stop', procs: Proc[], host: number, db: pg.Client): Promise<number> {
  const live = () => procs.filter((_, i) => i !== host || kind === 'stop').map((p) => p.url);
  const order = [host, (host + 1) % 3, (host + 2) % 3];
  const players = order.map((i, k) => new Player(`p${Date.now() % 100000}-${k}`, () => (procs[i]!.child === null ? live() : [procs[i]!.url, ...live()])));
  try {
    for (const p of players) await p.connect();
    const [creator, ...others] = players as [Player, Player, Player];
    const t = await creator.request({ type: 'table.create', game: 'flip-7', seats: 3 });
    if (t.type !== 'table') throw new Error(JSON.stringify(t));
    const tableId = t.table.id;
    for (const p of players) p.tableId = tableId;
    for (const [k, p] of others.entries()) {
      const r = await p.request({ type: 'table.sit', tableId, seat: k + 1 });
      if (r.type !== 'ok') throw new Error(JSON.stringify(r));
    }
    if (kind === 'stop') {
      // The creator gives their seat to a bot: everyone still playing is on another process.
      creator.playing = false;
      for (const m of [{ type: 'table.leave', tableId, seat: 0 }, { type: 'table.bot.add', tableId, seat: 0, level: 'basic' }] as const) {
        const r = await creator.request(m);
        if (r.type !== 'ok') throw new Error(JSON.stringify(r));
      }
    }
    if ((await creator.request({ type: 'table.start', tableId })).type !== 'ok') throw new Error('start refused');
    for (const p of players) p.send({ type: 'table.watch', tableId });
    const seqNow = () => Math.max(...players.map((p) => p.seq()));
    for (const until = Date.now() + 60_000; seqNow() < 6; await sleep(20)) {
      if (Date.now() > until) throw new Error(`the game did not get going (seq ${seqNow()}): ${players.map((p) => p.last).join(' | ')}\n${procs.map((p) => p.tail()).join('\n---\n')}`);
    }
    const child = procs[host]!.child!;
    const at = performance.now();
    if (kind === 'kill') { child.kill('SIGKILL'); procs[host]!.child = null; } else child.kill('SIGSTOP');
    // The last move the host stored, once a commit it sent just before the signal has landed (no
    // other process can have taken the table this soon: its lease has most of its time left).
    await sleep(300);
    const rows = await db.query<{ n: string }>('SELECT max(seq) AS n FROM actions WHERE table_id = $1', [tableId]);
    // An update's seq counts the moves before it: a move after the signal shows as seq stored + 2.
    const stored = Number(rows.rows[0]!.n ?? -1);
    const watchers = kind === 'kill' ? players : others;
    let next: number | null = null;
    for (const until = Date.now() + 60_000; next === null && Date.now() < until; await sleep(10)) {
      const after = watchers.flatMap((p) => p.heard.filter((h) => h.seq > stored + 1 && h.at > at)).map((h) => h.at);
      if (after.length > 0) next = Math.min(...after);
    }
    if (kind === 'stop') child.kill('SIGCONT');
    if (next === null) throw new Error(`no move accepted within 60 s of the ${kind === 'kill' ? 'SIGKILL' : 'SIGSTOP'}`);
    return next - at;
  } finally {
    for (const p of players) p.close();
  }
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  const database = `bench_failover_${process.pid}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  const env: Record<string, string> = {
    PARLOR_DB: url.toString(), PARLOR_REDIS: REDIS, PARLOR_REDIS_PREFIX: `bench-failover-${process.pid}`, LOG_LEVEL: 'silent',
    // A bot thinks as long as the players do, so that a bot's turn right after the fault measures the failover, not its thinking.
    PARLOR_BOT_DELAY_MS: `${THINK_MS}-${THINK_MS}`,
    ...(LEASE_MS === undefined ? {} : { PARLOR_LEASE_MS: LEASE_MS }),
  };
  const procs = [new Proc(await freePort(), env), new Proc(await freePort(), env), new Proc(await freePort(), env)];
  const db = new pg.Client({ connectionString: url.toString() });
  const figures: { kind: string; ms: number }[] = [];
  let failed = 0;
  try {
    await procs[0]!.start(); // the first creates the schema
    await Promise.all(procs.slice(1).map((p) => p.start()));
    await db.connect();
    console.log(`failover: cluster of 3, lease ${LEASE_MS ?? 'default (3000)'} ms, think ${THINK_MS} ms, ${ROUNDS} rounds of each; load average ${loadavg()[0]!.toFixed(1)}`);
    for (const kind of ['kill', 'stop'] as const) {
      for (let r = 0; r < ROUNDS; r++) {
        const host = (r + (kind === 'stop' ? 1 : 0)) % 3;
        try {
          const ms = await round(kind, procs, host, db);
          figures.push({ kind, ms });
          console.log(`  ${kind === 'kill' ? 'SIGKILL' : 'SIGSTOP'} of the host (process ${host + 1}): next accepted move ${(ms / 1000).toFixed(2)} s after the fault`);
        } catch (e) {
          failed++;
          console.log(`  ${kind} round ${r + 1}: not measured: ${(e as Error).message}`);
        }
        if (procs[host]!.child === null) {
          // Started again on a fresh port (the old one's sockets may linger), as a new instance would be.
          const fresh = new Proc(await freePort(), env);
          procs[host] = fresh;
          await fresh.start();
        }
        await sleep(1000); // the processes settle (leases handed round) before the next round
      }
    }
    for (const kind of ['kill', 'stop']) {
      const ms = figures.filter((f) => f.kind === kind).map((f) => f.ms / 1000);
      if (ms.length > 0) console.log(`${kind === 'kill' ? 'SIGKILL' : 'SIGSTOP'}: fault → next accepted move min ${Math.min(...ms).toFixed(2)} s, max ${Math.max(...ms).toFixed(2)} s over ${ms.length} rounds (aim: under 5 s)`);
    }
  } finally {
    await db.end().catch(() => {});
    for (const p of procs) await p.kill();
    await admin.query(`DROP DATABASE IF EXISTS ${database}`).catch(() => {});
    await admin.end();
  }
  if (failed > 0) process.exitCode = 1;
}

await main();
