import type { ServerMessage } from '@parlor/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParlorServer, ServerConfig } from '../src/index.js';
import { AutoPlayer } from './support/autoplay.js';
import { TestClient } from './support/client.js';
import { replay } from './support/replay.js';
import { testServer } from './support/server.js';

/**
 * Issue items 5 and 6: move timers, absent players (a basic bot plays for them, the seat shows it;
 * without a timer the game waits and says for whom), and taste-test windows (everyone eligible asked
 * at once, first call wins, silence trusts when the window closes, bots answer after a human-like
 * delay). Clocks are shortened with `timerScale` (tests only); the protocol's values stay.
 */

type Game = Extract<ServerMessage, { type: 'game' }>;
type Table = Extract<ServerMessage, { type: 'table' }>;

let server: (ParlorServer & { dbPath: string }) | null = null;
const clients: TestClient[] = [];
const autos: AutoPlayer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const a of autos.splice(0)) a.stop();
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = null;
});

async function start(config: Partial<ServerConfig>): Promise<void> {
  server = await testServer(config);
}
async function connect(name: string): Promise<TestClient> {
  const c = await TestClient.connect(server!.url, name);
  clients.push(c);
  return c;
}
function auto(c: TestClient, seed: string, tableId: string): AutoPlayer {
  const a = new AutoPlayer(c, seed);
  a.tables.add(tableId);
  autos.push(a);
  return a;
}
const isGame = (tableId: string, seat?: number) => (m: ServerMessage): m is Game =>
  m.type === 'game' && m.tableId === tableId && (seat === undefined || m.seat === seat);
const isTable = (tableId: string, test: (t: Table) => boolean) => (m: ServerMessage): m is Table =>
  m.type === 'table' && m.table.id === tableId && test(m);
const seatOf = (t: Table, seat: number) => t.table.seats[seat] as Extract<Table['table']['seats'][number], { kind: 'player' }>;
const isWindow = (m: Game) => m.legal.some((a) => a.type === 'taste-test');

/** Polls `test` until it holds (for conditions set by message listeners). */
async function until(test: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Creates a table; `who[i]` takes seat i (the first creates it), 'bot' seats get a basic bot. */
async function table(game: 'stir-fry-eighteen' | 'flip-7', who: (TestClient | 'bot')[], opts: { moveTimer?: 0 | 30 | 60 | 120; tasteWindow?: number } = {}): Promise<string> {
  const creator = who[0] as TestClient;
  const t = await creator.request({ type: 'table.create', game, seats: who.length, ...opts });
  if (t.type !== 'table') throw new Error(JSON.stringify(t));
  const tableId = t.table.id;
  for (const [seat, w] of who.entries()) {
    if (seat === 0) continue;
    if (w === 'bot') expect(await creator.request({ type: 'table.bot.add', tableId, seat, level: 'basic' })).toMatchObject({ type: 'ok' });
    else expect(await w.request({ type: 'table.sit', tableId, seat })).toMatchObject({ type: 'ok' });
  }
  return tableId;
}

/** The stored actions of the table's current game, with the state each was played in. */
async function log(tableId: string) {
  const t = server!.hub.tables.get(tableId)!;
  await t.exclusive(() => undefined);
  const r = await replay(server!.hub.store, t.row.game, tableId, t.row.gameNo);
  return r.actions.map((a, i) => ({ ...a, phase: (r.states[i] as { phase: string }).phase, atMs: Date.parse(a.at) }));
}

describe('move timer and absent players', () => {
  it('out of time: a basic bot plays the seat (shown as away) until its player acts again', async () => {
    // 30 s timer × 0.01 = 300 ms; bots think 150–250 ms, so a returning player can get a move in.
    await start({ timerScale: 0.01, botDelayMs: [150, 250] });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const tableId = await table('stir-fry-eighteen', [ann, bob], { moveTimer: 30 });
    auto(bob, 'bob', tableId);
    // The server's clock stands still (fake Date; timers stay real) until Ann is asked, so the
    // deadline she is shown can be known exactly.
    vi.useFakeTimers({ toFake: ['Date'] });
    const asOf = Date.now();
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    // Ann does nothing. When she is asked, the snapshot carries the deadline: the table's 30 s,
    // scaled by timerScale, from the moment she was asked.
    const asked = await ann.next((m) => isGame(tableId, 0)(m) && m.legal.length > 0 && !isWindow(m)) as Game;
    vi.useRealTimers();
    expect(asked.deadline).toBe(asOf + 30 * 1000 * 0.01);
    const away = await bob.waitFor(isTable(tableId, (t) => seatOf(t, 0).away), 15_000) as Table;
    expect(seatOf(away, 0)).toMatchObject({ connected: true, away: true });
    const seqAway = server!.hub.tables.get(tableId)!.game!.seq;
    // The stand-in bot moves for her: the game goes on without her.
    await bob.waitFor((m) => isGame(tableId, 1)(m) && m.seq >= seqAway + 6, 20_000);
    const moves = (await log(tableId)).filter((a) => a.seq >= asked.seq && a.seat === 0);
    expect(moves.length).toBeGreaterThan(0);
    // She acts again (even if the bot beat her to this move, her action brings her back).
    const q = await ann.next((m) => isGame(tableId, 0)(m) && m.legal.length > 0 && m.seq > seqAway, 20_000) as Game;
    const backSeen = bob.waitFor(isTable(tableId, (t) => !seatOf(t, 0).away), 10_000);
    const reply = await ann.request({ type: 'action', tableId, seat: 0, seq: q.seq, action: q.legal[0]! });
    expect(reply.type === 'ok' || (reply.type === 'error' && reply.code === 'STALE')).toBe(true);
    await backSeen;
    expect(server!.hub.tables.get(tableId)!.away.has(0)).toBe(false);
  });

  it('disconnected past the grace period: a bot plays for them; coming back gives the seat back', async () => {
    await start({ graceSeconds: 0.3, botDelayMs: [0, 10] });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const tableId = await table('stir-fry-eighteen', [ann, bob], { moveTimer: 120 });
    auto(bob, 'bob', tableId);
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    await ann.next(isGame(tableId, 0));
    ann.ws.close();
    const gone = await bob.waitFor(isTable(tableId, (t) => !seatOf(t, 0).connected), 10_000) as Table;
    expect(seatOf(gone, 0).away).toBe(false); // within the grace period, the seat waits for her
    await bob.waitFor(isTable(tableId, (t) => seatOf(t, 0).away), 10_000);
    const seqAway = server!.hub.tables.get(tableId)!.game!.seq;
    await bob.waitFor((m) => isGame(tableId, 1)(m) && m.seq >= seqAway + 6, 20_000);
    expect((await log(tableId)).some((a) => a.seq >= seqAway && a.seat === 0)).toBe(true);
    // She comes back with her token and watches the table: the seat is hers again.
    const backSeen = bob.waitFor(isTable(tableId, (t) => seatOf(t, 0).connected && !seatOf(t, 0).away), 10_000);
    await ann.reconnect();
    const w = ann.received.filter((m) => m.type === 'welcome').at(-1);
    expect(w).toMatchObject({ seatedAt: [tableId] });
    expect(await ann.request({ type: 'table.watch', tableId })).toMatchObject({ type: 'table' });
    await backSeen;
    expect(server!.hub.tables.get(tableId)!.away.size).toBe(0);
  });

  it('without a timer the game waits for an absent player, and everyone sees for whom', async () => {
    await start({ graceSeconds: 0.1, botDelayMs: [0, 10], timerScale: 0.1 });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const tableId = await table('stir-fry-eighteen', [ann, bob], { moveTimer: 0, tasteWindow: 3 });
    auto(bob, 'bob', tableId);
    const a = auto(ann, 'ann', tableId);
    // Ann plays until it is her own turn (not a taste-test answer), then leaves.
    let turn: Game | null = null;
    a.hold = (m) => { if (!isWindow(m) && m.seq >= 4) { turn ??= m; return true; } return false; };
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    await until(() => turn !== null, 20_000);
    const waitingAt = turn as unknown as Game;
    ann.ws.close();
    await bob.waitFor(isTable(tableId, (t) => !seatOf(t, 0).connected), 10_000);
    // Well past the grace period, nothing moves: the game waits for seat 0, and says so.
    await new Promise((r) => setTimeout(r, 800));
    const t = server!.hub.tables.get(tableId)!;
    expect(t.game!.seq).toBe(waitingAt.seq);
    expect(t.away.size).toBe(0);
    const last = bob.received.filter(isGame(tableId, 1)).at(-1)!;
    expect(last).toMatchObject({ seq: waitingAt.seq, waitingFor: [0], deadline: null });
    const seats = bob.received.filter(isTable(tableId, () => true)).at(-1)!;
    expect(seatOf(seats, 0)).toMatchObject({ connected: false, away: false });
  });

  it('Flip 7 too: a timed-out seat is played by a stand-in bot (basic, or random until Flip 7 has a basic bot)', async () => {
    await start({ timerScale: 0.01, botDelayMs: [0, 10] });
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const tableId = await table('flip-7', [ann, bob], { moveTimer: 30 });
    auto(bob, 'bob', tableId);
    expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    await bob.waitFor(isTable(tableId, (t) => seatOf(t, 0).away), 15_000);
    // The game is played to its end without Ann.
    const end = await bob.waitFor((m) => isGame(tableId, 1)(m) && m.outcome !== null, 30_000) as Game;
    expect(end.outcome).not.toBeNull();
    expect(bob.received.some((m) => m.type === 'error' && m.code === 'SERVER_ERROR')).toBe(false);
  });
});

describe('taste-test windows', () => {
  /**
   * Plays the people of a Stir Fry Eighteen table: on their turn each declares a discard when it
   * can (so windows open); window answers are left to the test (`answer`).
   */
  function drive(cs: TestClient[], tableId: string, answer: (c: TestClient, m: Game) => void): void {
    for (const c of cs) {
      const sent = new Set<number>();
      c.onMessage((m) => {
        if (!isGame(tableId)(m) || m.legal.length === 0 || m.outcome !== null || sent.has(m.seq)) return;
        sent.add(m.seq);
        if (isWindow(m)) return answer(c, m);
        const pick = m.legal.find((x) => x.type === 'discard-protein') ?? m.legal.find((x) => x.type === 'discard-pair') ?? m.legal[0]!;
        c.send({ type: 'action', tableId, seat: m.seat!, seq: m.seq, action: pick });
      });
    }
  }

  it('asks every eligible opponent at once; the first taste-test wins', async () => {
    await start({ timerScale: 0.2, botDelayMs: [0, 10] }); // 30 s window × 0.2 = 6 s
    const cs = [await connect('Ann'), await connect('Bob'), await connect('Cat')];
    const tableId = await table('stir-fry-eighteen', cs, { tasteWindow: 30 });
    const asked: { c: TestClient; m: Game }[] = [];
    let fire: (() => void) | null = null;
    const bothAsked = new Promise<void>((r) => { fire = r; });
    drive(cs, tableId, (c, m) => {
      asked.push({ c, m });
      if (asked.length === 2) fire!();
    });
    expect(await cs[0]!.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    await bothAsked;
    const [x, y] = asked as [{ c: TestClient; m: Game }, { c: TestClient; m: Game }];
    // Both opponents: the same moment of the game, the same window, both listed as waited for.
    expect(x.m.seq).toBe(y.m.seq);
    expect(x.m.seat).not.toBe(y.m.seat);
    expect([...x.m.waitingFor].sort()).toEqual([x.m.seat, y.m.seat].sort());
    expect(x.m.deadline).not.toBeNull();
    expect(x.m.deadline).toBe(y.m.deadline);
    expect(x.m.legal).toEqual(expect.arrayContaining([{ type: 'taste-test' }, { type: 'trust' }]));
    // Both call at once: one wins, the other is refused, and only one taste test is played.
    const replies = await Promise.all([x, y].map(({ c, m }) => c.request({ type: 'action', tableId, seat: m.seat!, seq: m.seq, action: { type: 'taste-test' } })));
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(1);
    expect(replies.filter((r) => r.type === 'error')).toHaveLength(1);
    const actions = await log(tableId);
    expect(actions[x.m.seq]).toMatchObject({ action: { type: 'taste-test' } });
    expect(actions.slice(x.m.seq + 1).filter((a) => a.phase === 'taste-test' && a.seq === x.m.seq + 1)).toHaveLength(0);
    const winner = actions[x.m.seq]!.seat;
    expect(replies[[x, y].findIndex(({ m }) => m.seat === winner)]).toMatchObject({ type: 'ok' });
  });

  it('who has not answered when the window closes trusts', async () => {
    await start({ timerScale: 0.1, botDelayMs: [0, 10] }); // 3 s window × 0.1 = 300 ms
    const cs = [await connect('Ann'), await connect('Bob'), await connect('Cat')];
    const tableId = await table('stir-fry-eighteen', cs, { tasteWindow: 3 });
    let window: Game | null = null;
    drive(cs, tableId, (_c, m) => { window ??= m; }); // nobody answers
    expect(await cs[0]!.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    await until(() => window !== null, 20_000);
    const w = window as unknown as Game;
    // Wait until the window has been closed by the server.
    await cs[0]!.waitFor((m) => isGame(tableId)(m) && m.seq >= w.seq + 2, 10_000);
    const actions = await log(tableId);
    const answers = actions.filter((a) => a.seq >= w.seq && a.seq < w.seq + 2);
    expect(answers.map((a) => a.action)).toEqual([{ type: 'trust' }, { type: 'trust' }]);
    expect(answers.map((a) => a.seat).sort()).toEqual([...w.waitingFor].sort());
    for (const a of answers) {
      expect(a.phase).toBe('taste-test');
      expect(a.by).toBe('timer'); // the window's clock answered for them, not anyone's move
    }
  });

  it('bots answer after a human-like random delay within the window, not at once', async () => {
    // Windows of 30 s × 0.1 = 3 s; bots think 100–200 ms, in a window 200–600 ms, and at the latest
    // 1 s × 0.1 before it closes.
    const [min, windowMs, margin] = [100, 3000, 100];
    await start({ timerScale: 0.1, botDelayMs: [min, 200] });
    const ann = await connect('Ann');
    const tableId = await table('stir-fry-eighteen', [ann, 'bot', 'bot'], { tasteWindow: 30 });
    const t = server!.hub.tables.get(tableId)!;
    // Ann answers the moment she is asked (trust in a window; a discard on her turn).
    const windows = new Map<number, number>(); // seq → deadline of the window open then
    drive([ann], tableId, (c, m) => c.send({ type: 'action', tableId, seat: 0, seq: m.seq, action: { type: 'trust' } }));
    ann.onMessage((m) => { if (isGame(tableId, 0)(m) && m.waitingFor.length > 0 && m.deadline !== null && !windows.has(m.seq)) windows.set(m.seq, m.deadline); });
    const botAnswers = async () => (await log(tableId)).filter((a) => a.phase === 'taste-test' && a.seat !== 0);
    // The server's clock is the test's: a bot's thinking time and a window's clock pass only when
    // the test moves time on (to the next timer), so every delay below is exact, however busy the
    // machine. Sockets stay real: before moving time, wait until nothing waits for Ann.
    const realWait = globalThis.setTimeout;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldClearNativeTimers: true });
    try {
      expect(await ann.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
      for (let moves = 0; moves < 400; moves++) {
        for (let polls = 0; ; polls++) {
          await t.exclusive(() => undefined); // whatever the last timer set off has run
          const g = t.game!;
          if (t.module.outcome(g.state) !== null || !t.module.toAct(g.state).includes(0)) break;
          if (polls > 2000) throw new Error(`Ann did not answer move ${g.seq}`);
          await new Promise((r) => realWait(r, 5)); // her answer is on its way over the socket
        }
        if (t.module.outcome(t.game!.state) !== null || (await botAnswers()).length >= 6) break;
        await vi.advanceTimersToNextTimerAsync();
      }
    } finally {
      vi.useRealTimers();
    }
    const answers = await botAnswers();
    expect(answers.length).toBeGreaterThanOrEqual(4);
    const delays: number[] = [];
    for (const a of answers) {
      // The bot answered, not the window's clock for it (silence).
      expect(a.by).toBe('bot');
      // Its window: the last opened at or before its move; it opened windowMs before its deadline.
      const deadline = [...windows.entries()].filter(([seq]) => seq <= a.seq).sort((p, q) => q[0] - p[0])[0]![1];
      const delay = a.atMs - (deadline - windowMs);
      delays.push(delay);
      expect(delay).toBeGreaterThanOrEqual(2 * min); // not at once: at least twice the shortest thinking time
      expect(a.atMs).toBeLessThanOrEqual(deadline - margin); // and well before it closes
    }
    expect(new Set(delays).size).toBeGreaterThan(1); // random, not fixed
  });
});
