#!/usr/bin/env node
// Captures the example frames of docs/protocol.md from a real run. It starts the built server
// (packages/server/bin/parlor-server.js, what `npm start` runs) on a free port with a new database,
// walks a few clients through every message and refusal the page shows, and prints every frame as
// one JSON line: {"step", "who", "dir", "frame"}, where dir is ">>" (sent), "<<" (received),
// "close" (the client closed its socket) or "GET" (an HTTP request: frame is {url, status, body}).
//
//   npm install                                      # builds the server
//   node docs/tools/capture-frames.mjs > /tmp/frames.jsonl
//
// It takes about two minutes. To keep it short the server runs with PARLOR_BOT_DELAY_MS=50-150,
// PARLOR_REPLACE_AFTER_SECONDS=10 (so `replaceAfter` shows 10; the default is 120),
// PARLOR_OPEN_TABLE_MINUTES=1 and PARLOR_SWEEP_SECONDS=1; every other setting is the default.
// Plain Node and the `ws` package, like examples/bot-client.mjs. Exit code 0, or 1 on a failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- the transcript ------------------------------------------------------------------------------
let step = 'start';
function record(who, dir, frame) {
  process.stdout.write(`${JSON.stringify({ step, who, dir, frame })}\n`);
}

// ---- the server ----------------------------------------------------------------------------------
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

const port = await freePort();
const dir = mkdtempSync(join(tmpdir(), 'parlor-capture-'));
const HTTP = `http://127.0.0.1:${port}`;
const WS = `ws://127.0.0.1:${port}/ws`;
let serverLog = '';
const server = spawn(process.execPath, [join(ROOT, 'packages/server/bin/parlor-server.js')], {
  env: {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', PARLOR_DB: join(dir, 'parlor.db'), LOG_LEVEL: 'warn',
    PARLOR_BOT_DELAY_MS: '50-150', PARLOR_REPLACE_AFTER_SECONDS: '10', PARLOR_OPEN_TABLE_MINUTES: '1', PARLOR_SWEEP_SECONDS: '1',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (d) => { serverLog += d; });
server.stderr.on('data', (d) => { serverLog += d; });
const clients = [];
function stop(code, why) {
  if (why) console.error(`capture-frames: ${why}\n${serverLog}`);
  for (const c of clients) c.ws.terminate();
  server.kill();
  rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}
process.on('unhandledRejection', (e) => stop(1, e instanceof Error ? e.stack : String(e)));
for (let i = 0; ; i++) {
  try { if ((await fetch(`${HTTP}/healthz`)).ok) break; } catch { /* not up yet */ }
  if (i > 100) stop(1, 'the server did not start');
  await sleep(100);
}

async function get(who, path) {
  const res = await fetch(`${HTTP}${path}`);
  const text = await res.text();
  let body;
  try { body = JSON.parse(text); } catch { body = text; }
  record(who, 'GET', { url: path, status: res.status, body });
  return { status: res.status, body };
}

// ---- clients ---------------------------------------------------------------------------------------
class Client {
  constructor(who) {
    this.who = who;
    this.inbox = [];
    this.waiters = new Set();
    this.nextId = 1;
    this.policy = null;
    this.listeners = [];
    this.answered = new Map(); // seat -> the last seq answered
  }

  static open(who) {
    const c = new Client(who);
    clients.push(c);
    c.ws = new WebSocket(WS);
    c.ws.on('message', (data) => c.received(JSON.parse(String(data))));
    return new Promise((resolve, reject) => { c.ws.once('open', () => resolve(c)); c.ws.once('error', reject); });
  }

  /** Opens a socket and says hello (a new player, or `token`'s). */
  static async hello(who, name, token) {
    const c = await Client.open(who);
    const w = await c.request(token === undefined ? { type: 'hello', name, version: 1 } : { type: 'hello', token });
    if (w.type !== 'welcome') stop(1, `hello refused: ${JSON.stringify(w)}`);
    c.token = w.token;
    c.player = w.player;
    return c;
  }

  received(msg) {
    record(this.who, '<<', msg);
    this.inbox.push(msg);
    for (const w of [...this.waiters]) w();
    for (const l of this.listeners) l(msg);
    if (msg.type === 'game' && this.policy !== null) this.consider(msg);
  }

  send(msg) {
    record(this.who, '>>', msg);
    this.ws.send(JSON.stringify(msg));
  }

  sendText(text) {
    record(this.who, '>>', text);
    this.ws.send(text);
  }

  /** Sends `msg` with a fresh id (unless it has one) and resolves with the reply that carries it as `re`. */
  request(msg) {
    const m = msg.id === undefined ? { ...msg, id: this.nextId++ } : msg;
    const from = this.inbox.length;
    this.send(m);
    return this.waitFor((x) => x.re === m.id, from);
  }

  /** The first message from index `from` on that matches. */
  waitFor(test, from = 0, ms = 60_000) {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (let i = from; i < this.inbox.length; i++) {
          if (test(this.inbox[i])) { this.waiters.delete(check); clearTimeout(timer); resolve(this.inbox[i]); return true; }
        }
        return false;
      };
      const timer = setTimeout(() => { this.waiters.delete(check); reject(new Error(`${this.who} [${step}]: nothing came in ${ms} ms`)); }, ms);
      if (!check()) this.waiters.add(check);
    });
  }

  get mark() { return this.inbox.length; }

  /** Plays its seats at `tableId` with `policy(msg) -> action | null` (null: stays silent). */
  play(tableId, policy) {
    this.policy = { tableId, choose: policy };
    const last = new Map();
    for (const m of this.inbox) if (m.type === 'game' && m.tableId === tableId) last.set(m.seat, m);
    for (const m of last.values()) this.consider(m);
  }

  pause() { this.policy = null; }

  consider(msg) {
    const p = this.policy;
    if (msg.tableId !== p.tableId || msg.seat === null || msg.outcome !== null || msg.legal.length === 0) return;
    if ((this.answered.get(`${msg.tableId}/${msg.gameNo}/${msg.seat}`) ?? -1) >= msg.seq) return;
    const action = p.choose(msg);
    if (action === null) return;
    this.answered.set(`${msg.tableId}/${msg.gameNo}/${msg.seat}`, msg.seq);
    this.request({ type: 'action', tableId: msg.tableId, seat: msg.seat, seq: msg.seq, action }).catch(() => {}); // no reply after a close
  }

  close() {
    record(this.who, 'close', null);
    this.ws.close();
  }
}

/** Flip 7: stay with 15 points or more in the line, else hit; give to someone else if possible. */
function f7Policy(msg) {
  const { view, legal, seat } = msg;
  if (view.pending?.kind === 'give') return legal.find((a) => a.to !== seat) ?? legal[0];
  const points = view.lines[seat].reduce((n, c) => n + (/^\d+$/.test(c) ? Number(c) : 0), 0);
  const stay = legal.find((a) => a.type === 'stay');
  return stay && points >= 15 ? stay : legal.find((a) => a.type === 'hit') ?? legal[0];
}

/**
 * Stir Fry Eighteen: taste-test every protein claimed by `suspect` (and any sure bluff), else trust;
 * discard down, cook the biggest dish, discard honestly (or bluff once, with `bluff`), end the turn.
 */
function sfPolicy(suspect, bluff = { once: false }) {
  return (msg) => {
    const { view, legal } = msg;
    const of = (type) => legal.filter((a) => a.type === type);
    if (of('trust').length > 0) {
      const d = view.declaration;
      const test = d && d.kind === 'protein' && (d.declarer === suspect || (view.hand ?? []).includes(d.claim));
      return test ? { type: 'taste-test' } : { type: 'trust' };
    }
    if (of('discard-down').length > 0) return of('discard-down')[0];
    const cooks = of('cook').sort((a, b) => b.cards.length - a.cards.length);
    if (cooks.length > 0) return cooks[0];
    const lie = bluff.once ? of('discard-protein').find((a) => a.card !== a.claim) : undefined;
    if (lie !== undefined) { bluff.once = false; return lie; }
    return of('discard-pair').find((a) => a.cards[0] === a.cards[1]) ?? of('discard-protein').find((a) => a.card === a.claim)
      ?? legal.find((a) => a.type === 'end-turn') ?? legal[0];
  };
}

const isGame = (tableId, seat, test = () => true) => (m) => m.type === 'game' && m.tableId === tableId && m.seat === seat && test(m);

// ---- transport -------------------------------------------------------------------------------------
step = 'transport';
const anon = await Client.open('anon');
await anon.request({ type: 'ping', colour: 'red', id: 3 });
await anon.request({ type: 'ping', id: 2 });
await anon.request({ type: 'ping', id: 'ping-1' });
let m = anon.mark;
anon.sendText('hello');
await anon.waitFor((x) => x.type === 'error', m);
await anon.request({ type: 'lobby.watch', id: 5 });
await anon.request({ type: 'chat.send', tableId: 'MKlBV8bz', text: 'x'.repeat(9000), id: 4 });
m = anon.mark; // 1.5 is not a valid id: the refusal has no re
anon.send({ type: 'ping', id: 1.5 });
await anon.waitFor((x) => x.type === 'error', m);

step = 'rate';
const flood = await Client.open('flood');
m = flood.mark;
for (let id = 1; id <= 50; id++) flood.send({ type: 'ping', id });
await flood.waitFor((x) => x.re === 50, m);
flood.close();

// ---- hello -----------------------------------------------------------------------------------------
step = 'hello';
const ann = await Client.hello('ann', 'Ann');
const bob = await Client.hello('bob', 'Bob');
const cat = await Client.hello('cat', 'Cat');
const dan = await Client.hello('dan', 'Dan');
const eve = await Client.hello('eve', 'Eve');
const badName = await Client.open('anon2');
await badName.request({ type: 'hello', name: '\u3164\u3164' });
await badName.request({ type: 'hello', token: 'not-a-token-of-this-server' });
badName.close();

// ---- the lobby, first page ---------------------------------------------------------------------------
step = 'lobby-first';
await dan.request({ type: 'lobby.watch', limit: 2, id: 'lobby-1' });

// ---- a Flip 7 table --------------------------------------------------------------------------------
step = 'f7-create';
const f7 = await ann.request({ type: 'table.create', game: 'flip-7', seats: 3, options: { target: 200 }, moveTimer: 0 });
const F7 = f7.table.id;
await ann.request({ type: 'table.start', tableId: F7 });
step = 'f7-seats';
await bob.request({ type: 'table.watch', tableId: F7 });
await bob.request({ type: 'table.sit', tableId: F7, seat: 1 });
await bob.request({ type: 'table.sit', tableId: F7, seat: 2 });
await cat.request({ type: 'table.sit', tableId: F7, seat: 1 });
await ann.request({ type: 'table.bot.add', tableId: F7, seat: 2, level: 'grandmaster' });
await bob.request({ type: 'table.bot.add', tableId: F7, seat: 2, level: 'random' });
await ann.request({ type: 'table.bot.add', tableId: F7, seat: 2, level: 'expert' });
await ann.request({ type: 'table.bot.remove', tableId: F7, seat: 2 });
await ann.request({ type: 'table.bot.add', tableId: F7, seat: 2, level: 'basic' });
await cat.request({ type: 'table.watch', tableId: F7 });
await bob.request({ type: 'table.start', tableId: F7 });

step = 'f7-start';
m = ann.mark;
await ann.request({ type: 'table.start', tableId: F7 });
await ann.waitFor(isGame(F7, 0), m);
await cat.request({ type: 'table.sit', tableId: F7, seat: 1 });

step = 'f7-refusals';
// The first position that waits for a person (the bot at seat 2 moves by itself).
const asked = await ann.waitFor(isGame(F7, 0, (x) => x.waitingFor.includes(0) || x.waitingFor.includes(1)), m);
const P = asked.waitingFor.includes(0) ? 0 : 1;
const Q = 1 - P;
const [pc, qc] = P === 0 ? [ann, bob] : [bob, ann];
const at = asked.seq;
const own = await pc.waitFor(isGame(F7, P, (x) => x.seq === at));
await qc.request({ type: 'action', tableId: F7, seat: Q, seq: at, action: { type: 'hit' } });
await qc.request({ type: 'action', tableId: F7, seat: P, seq: at, action: { type: 'hit' } });
await qc.request({ type: 'table.replace', tableId: F7, seat: P });
await pc.request({ type: 'table.replace', tableId: F7, seat: Q });
await pc.request({ type: 'action', tableId: F7, seat: P, seq: at, action: { type: 'jump' } });
await pc.request({ type: 'action', tableId: 'nope1234', seat: P, seq: at, action: { type: 'hit' } });
await pc.request({ type: 'action', tableId: F7, seat: P, seq: at, action: own.legal[0], id: 17 });
await pc.request({ type: 'action', tableId: F7, seat: P, seq: at, action: own.legal[0], id: 18 });
pc.answered.set(`${F7}/1/${P}`, at);

step = 'f7-chat';
await ann.request({ type: 'chat.send', tableId: F7, text: 'good luck!' });
await cat.waitFor((x) => x.type === 'chat');

step = 'f7-play';
ann.play(F7, f7Policy);
bob.play(F7, f7Policy);
await ann.waitFor(isGame(F7, 0, (x) => x.seq >= at + 8 || x.outcome !== null), m);

step = 'f7-leave';
bob.pause();
m = bob.mark;
await bob.request({ type: 'table.leave', tableId: F7, seat: 1 });
await bob.waitFor(isGame(F7, 1, (x) => x.by === 'stand-in' || x.outcome !== null), m);
step = 'f7-back';
await bob.request({ type: 'table.back', tableId: F7, seat: 1 });
bob.play(F7, f7Policy);

step = 'f7-replace';
bob.pause();
bob.close();
await sleep(200);
await ann.request({ type: 'table.replace', tableId: F7, seat: 1 });
await sleep(10_500);
m = ann.mark;
await ann.request({ type: 'table.replace', tableId: F7, seat: 1 });
await ann.waitFor((x) => x.type === 'table' && x.table.seats[1].awayReason === 'replaced', m);
await ann.waitFor(isGame(F7, 0, (x) => x.by === 'stand-in' || x.outcome !== null), m);

step = 'f7-reconnect';
const bob2 = await Client.hello('bob', undefined, bob.token);
m = bob2.mark;
await bob2.request({ type: 'table.watch', tableId: F7 });
await bob2.waitFor(isGame(F7, 1), m);
bob2.play(F7, f7Policy);

step = 'f7-end';
await ann.waitFor(isGame(F7, 0, (x) => x.outcome !== null), 0, 180_000);
await bob2.waitFor(isGame(F7, 1, (x) => x.outcome !== null));
await cat.waitFor(isGame(F7, null, (x) => x.outcome !== null));
step = 'f7-export';
await get('ann', `/tables/${F7}/export`);

step = 'f7-again';
m = ann.mark;
await bob2.request({ type: 'table.again', tableId: F7 });
await ann.waitFor(isGame(F7, 0, (x) => x.gameNo === 2), m);
step = 'f7-nobody-left';
ann.pause();
bob2.pause();
await ann.request({ type: 'table.leave', tableId: F7, seat: 0 });
await bob2.request({ type: 'table.leave', tableId: F7, seat: 1 });
await ann.waitFor(isGame(F7, 0, (x) => x.gameNo === 2 && x.outcome !== null), m, 120_000);

step = 'f7-exports';
await get('anyone', `/tables/${F7}/export?game=2`);
await get('anyone', `/tables/${F7}/export?game=3`);
await get('anyone', `/tables/${F7}/export?game=1e0`);
await get('anyone', `/tables/${F7}/export?game=01`);
await get('anyone', `/tables/${F7}/export?game=0`);
await get('anyone', '/tables/nope1234/export');
await ann.request({ type: 'table.replace', tableId: F7, seat: 1 });
await cat.request({ type: 'table.replace', tableId: F7, seat: 1 });

// ---- a private Stir Fry Eighteen table with a move timer ---------------------------------------------
step = 'sf-create';
await ann.request({ type: 'table.create', game: 'stir-fry-eighteen', seats: 6 });
await ann.request({ type: 'table.create', game: 'stir-fry-eighteen', seats: 3, options: { firstPlayer: 3 } });
await ann.request({ type: 'table.create', game: 'flip-7', seats: 3, responseWindow: 8 });
const sf = await ann.request({
  type: 'table.create', game: 'stir-fry-eighteen', seats: 3, private: true, moveTimer: 60, responseWindow: 8,
  options: { target: 50, firstPlayer: 0 },
});
const SF = sf.table.id;
step = 'sf-seats';
await cat.request({ type: 'table.watch', tableId: SF });
await cat.request({ type: 'table.watch', tableId: SF, invite: sf.invite });
await cat.request({ type: 'table.sit', tableId: SF, seat: 1, invite: sf.invite });
await ann.request({ type: 'table.bot.add', tableId: SF, seat: 2, level: 'basic' });
step = 'sf-start';
m = ann.mark;
const mc = cat.mark;
await ann.request({ type: 'table.start', tableId: SF });
const first = await ann.waitFor(isGame(SF, 0), m);
step = 'sf-refusals';
await ann.request({ type: 'action', tableId: SF, seat: 0, seq: first.seq, action: { type: 'cook', cards: ['noodles', 'noodles', 'noodles'] } });
const pair = first.legal.find((a) => a.type === 'discard-pair' && a.cards[0] === a.cards[1]) ?? first.legal.find((a) => a.type === 'discard-pair');
m = ann.mark;
await ann.request({ type: 'action', tableId: SF, seat: 0, seq: first.seq, action: pair });
ann.answered.set(`${SF}/1/0`, first.seq);
await cat.waitFor(isGame(SF, 1, (x) => x.seq === first.seq + 1), mc);
await ann.request({ type: 'action', tableId: SF, seat: 0, seq: first.seq + 1, action: { type: 'trust' } });
await ann.request({ type: 'table.replace', tableId: SF, seat: 1 });

step = 'sf-play';
// Ann bluffs once and tests the bot's proteins; Cat tests Ann's, and leaves the first windows she is
// asked in to the clock, until silence has answered for her once.
let timerSeen = false;
ann.play(SF, sfPolicy(2, { once: true }));
const catPolicy = sfPolicy(0);
cat.listeners.push((x) => {
  if (!timerSeen && x.type === 'game' && x.tableId === SF && x.by === 'timer') {
    timerSeen = true;
    cat.play(SF, catPolicy);
  }
});
cat.play(SF, (x) => (!timerSeen && x.view.phase === 'taste-test' ? null : catPolicy(x)));
step = 'sf-end';
await ann.waitFor(isGame(SF, 0, (x) => x.outcome !== null), m, 240_000);
await cat.waitFor(isGame(SF, 1, (x) => x.outcome !== null), mc, 60_000);
step = 'sf-export';
await get('ann', `/tables/${SF}/export?invite=${sf.invite}`);
await get('anyone', `/tables/${SF}/export`);
step = 'sf-leave';
ann.pause();
cat.pause();
await cat.request({ type: 'table.leave', tableId: SF, seat: 1 });
await cat.request({ type: 'table.unwatch', tableId: SF });

// ---- limits ----------------------------------------------------------------------------------------
step = 'too-many-tables';
const eveTables = [];
for (let i = 0; i < 6; i++) {
  const t = await eve.request({ type: 'table.create', game: 'flip-7', seats: 2 });
  if (t.type === 'table') eveTables.push(t.table.id);
  await sleep(300); // each change reaches Dan's lobby page in a batch of its own (batches of 200 ms)
}

step = 'lobby-pages';
const page1 = await dan.request({ type: 'lobby.watch', game: 'flip-7', status: 'open', freeSeats: true, limit: 2 });
await dan.request({ type: 'lobby.watch', game: 'flip-7', status: 'open', freeSeats: true, limit: 2, cursor: page1.next });
await dan.request({ type: 'lobby.watch', limit: 2 });

step = 'connections';
const extra = [];
for (let i = 0; i < 64; i++) {
  const ws = new WebSocket(WS);
  const res = await new Promise((resolve) => {
    ws.once('open', () => resolve(null));
    ws.once('unexpected-response', (_req, r) => {
      let body = '';
      r.on('data', (d) => { body += d; });
      r.on('end', () => resolve({ status: r.statusCode, body: JSON.parse(body) }));
    });
    ws.once('error', () => {});
  });
  if (res !== null) { record('anon3', 'GET', { url: '/ws (upgrade)', ...res }); break; }
  extra.push(ws);
}
for (const ws of extra) ws.close();
await sleep(300);

step = 'guests';
for (let i = 0; i < 40; i++) {
  const g = await Client.open('guest');
  const w = await g.request({ type: 'hello', name: `Guest ${i}` });
  g.close();
  if (w.type === 'error') break;
}

// ---- closing -------------------------------------------------------------------------------------
step = 'table-closed';
for (const id of eveTables) await eve.waitFor((x) => x.type === 'table' && x.table.id === id && x.table.status === 'closed', 0, 120_000);
await eve.request({ type: 'table.watch', tableId: eveTables[0] });
await get('anyone', `/tables/${eveTables[0]}/export`);
await sleep(500);
await dan.request({ type: 'lobby.unwatch' });

step = 'end';
stop(0);
