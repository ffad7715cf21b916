import type { Bot } from '@parlor/bots';
import type { ServerMessage } from '@parlor/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerConfig, TestClock } from '../src/index.js';
import { AutoPlayer } from './support/autoplay.js';
import type { TestClient } from './support/client.js';
import { readLog, waitingSinceAt, windowEndAt } from './support/game-log.js';
import { serverPerTest } from './support/per-test.js';
import { StepClock } from './support/step-clock.js';
import { isGame, isTable, openTable, seen } from './support/table-driver.js';

/**
 * Move timers, absent players (a basic bot plays for them after their time runs out, or after the
 * table's grace period when they are disconnected while someone else plays; the seat shows it), and taste-test windows (everyone eligible asked at once, first call
 * wins, silence trusts when the window closes, bots answer after a human-like delay). The server's
 * clock is a paused TestClock the test moves, so every timer runs out at the moment the test
 * chooses, and every time stored or sent is exact.
 */

type Game = Extract<ServerMessage, { type: 'game' }>;
type Table = Extract<ServerMessage, { type: 'table' }>;

const { start, connect } = serverPerTest();
const autos: AutoPlayer[] = [];
afterEach(() => {
  for (const a of autos.splice(0)) a.stop();
});
let dbPath = '';

/** A server on `clock`; with `deal`, every game it starts plays that seed (a known deal). */
async function startWith(clock: TestClock, config: Partial<ServerConfig> = {}, deal?: string): Promise<void> {
  dbPath = (await start(config, { clock, ...(deal === undefined ? {} : { seed: () => deal }) })).dbPath;
}
function auto(c: TestClient, seed: string, tableId: string): AutoPlayer {
  const a = new AutoPlayer(c, seed);
  a.tables.add(tableId);
  autos.push(a);
  return a;
}
const seatOf = (t: Table, seat: number) => t.table.seats[seat] as Extract<Table['table']['seats'][number], { kind: 'player' }>;
const isWindow = (m: Game) => m.legal.some((a) => a.type === 'taste-test');
/** Seat 0 alone is asked, on its own turn, with a move timer of `ms` running. */
const annsTurn = (ms: number) => (m: Game) =>
  m.outcome === null && m.waitingFor.length === 1 && m.waitingFor[0] === 0 && m.deadline !== null && m.deadline - m.waitingSince! === ms;

/** Creates a table; `who[i]` takes seat i (the first creates it), 'bot' seats get a basic bot. */
async function table(game: 'stir-fry-eighteen' | 'flip-7', who: (TestClient | 'bot')[], opts: { moveTimer?: 0 | 30 | 60 | 120; tasteWindow?: number; grace?: number } = {}): Promise<string> {
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

/** The stored actions of the table's first game, with the phase of the state each was played in. */
async function log(tableId: string) {
  const r = await readLog(dbPath, tableId);
  return r.actions.map((a, i) => ({ ...a, phase: (r.states[i] as { phase: string }).phase, atMs: Date.parse(a.at) }));
}

describe('move timer and absent players', () => {
  it('out of time: a basic bot plays the seat (shown as away) until its player acts again', async () => {
    const clock = new TestClock();
    await startWith(clock);
    const d = await openTable(connect, clock, { game: 'stir-fry-eighteen', people: 2, moveTimer: 30 }, 'out of time');
    await d.start();
    // Ann does nothing when it is her turn. The snapshot carries the deadline: the table's 30 s
    // from the moment she was asked (the clock has not moved since).
    const hold = annsTurn(30_000);
    const asked = await d.playUntil(hold, (p, m) => p.seat === 0 && hold(m));
    expect(asked.deadline).toBe(clock.now() + 30_000);
    let now = await d.advance(30_000);
    expect(seatOf(now.table, 0)).toMatchObject({ connected: true, away: true, awayReason: 'timeout' });
    // The stand-in bot moves for her: the game goes on without her.
    await d.playUntil((m) => m.outcome !== null || m.seq >= asked.seq + 6, (p) => p.seat === 0);
    const moves = (await log(d.tableId)).filter((a) => a.seq >= asked.seq && a.seat === 0);
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((a) => a.by === 'stand-in')).toBe(true);
    // She acts again: even an action the game has moved past (STALE) brings her back.
    const ann = d.people[0]!.client;
    const last = ann.received.filter(isGame(d.tableId, (m) => m.seat === 0)).at(-1)!;
    const reply = await ann.request({ type: 'action', tableId: d.tableId, seat: 0, seq: last.seq - 1, action: { type: 'end-turn' } });
    expect(reply).toMatchObject({ type: 'error', code: 'STALE' });
    now = await d.sync();
    expect(seatOf(now.table, 0)).toMatchObject({ connected: true, away: false, awayReason: null });
  });

  it('disconnected past the grace period: a bot plays for them; coming back gives the seat back', async () => {
    const clock = new TestClock();
    const graceMs = 30_000;
    await startWith(clock, { graceSeconds: graceMs / 1000 });
    const d = await openTable(connect, clock, { game: 'stir-fry-eighteen', people: 2, moveTimer: 120 }, 'grace');
    await d.start();
    const ann = d.people[0]!;
    await seen(ann.client, isGame(d.tableId, (m) => m.seat === 0));
    ann.client.close();
    ann.here = false;
    const gone = await seen(d.spectator, isTable(d.tableId, (t) => !seatOf(t, 0).connected));
    expect(seatOf(gone, 0).away).toBe(false); // within the grace period, the seat waits for her
    let now = await d.advance(graceMs - 1);
    expect(seatOf(now.table, 0)).toMatchObject({ connected: false, away: false });
    now = await d.advance(1);
    expect(seatOf(now.table, 0)).toMatchObject({ connected: false, away: true, awayReason: 'disconnected' });
    const seqAway = now.game.seq;
    await d.playUntil((m) => m.outcome !== null || m.seq >= seqAway + 6);
    expect((await log(d.tableId)).some((a) => a.seq >= seqAway && a.seat === 0 && a.by === 'stand-in')).toBe(true);
    // She comes back with her token and watches the table: the seat is hers again.
    await ann.client.reconnect();
    const w = ann.client.received.filter((m) => m.type === 'welcome').at(-1);
    expect(w).toMatchObject({ seatedAt: [d.tableId] });
    const back = await ann.client.request({ type: 'table.watch', tableId: d.tableId });
    expect(back.type === 'table' && seatOf(back, 0)).toMatchObject({ connected: true, away: false });
    now = await d.sync();
    expect(now.table.table.seats.every((s) => s.kind !== 'player' || !s.away)).toBe(true);
  });

  it('without a timer too: after the table\'s own grace period a stand-in plays a disconnected player, and everyone saw when', async () => {
    const clock = new TestClock();
    await startWith(clock, { graceSeconds: 30 }, 'grace without a timer');
    const d = await openTable(connect, clock, { game: 'stir-fry-eighteen', people: 2, moveTimer: 0, grace: 15 }, 'grace without a timer');
    await d.start();
    // Ann (seat 0) is asked alone; she stays here and thinks.
    // Her own turn (SF-9), not a taste-test answer (whose window closes on its own clock, SF-14).
    const hersAlone = (m: Game) => m.outcome === null && m.seq >= 2 && m.waitingFor.length === 1 && m.waitingFor[0] === 0 &&
      (m.view as { phase: string }).phase === 'act';
    const asked = await d.playUntil(hersAlone, (p, m) => p.seat === 0 && hersAlone(m));
    let now = await d.advance(60_000);
    // A minute of thinking, connected: nothing is said of a stand-in, and the game waits for her.
    expect(now.game.seq).toBe(asked.seq);
    expect(seatOf(now.table, 0)).toMatchObject({ connected: true, away: false, standInAt: null });
    expect(d.spectator.received.filter(isTable(d.tableId)).every((t) => seatOf(t, 0).standInAt === null && seatOf(t, 1).standInAt === null)).toBe(true);
    // She closes her connection: everyone hears when a stand-in takes her seat — the table's 15 s,
    // not the server's 30.
    const ann = d.people[0]!;
    const closedAt = clock.now();
    ann.client.close();
    ann.here = false;
    const gone = await seen(d.spectator, isTable(d.tableId, (t) => !seatOf(t, 0).connected));
    expect(gone.table.grace).toBe(15);
    expect(seatOf(gone, 0)).toMatchObject({ away: false, disconnectedSince: closedAt, standInAt: closedAt + 15_000 });
    now = await d.advance(15_000 - 1);
    expect(now.game.seq).toBe(asked.seq);
    expect(seatOf(now.table, 0)).toMatchObject({ connected: false, away: false });
    // Then a stand-in plays her seat, and the game moves on at that moment.
    now = await d.advance(1);
    expect(seatOf(now.table, 0)).toMatchObject({ connected: false, away: true, awayReason: 'disconnected', standInAt: null });
    await d.playUntil((m) => m.outcome !== null || m.seq > asked.seq);
    const moved = (await log(d.tableId)).find((x) => x.seq === asked.seq);
    expect(moved).toMatchObject({ seat: 0, by: 'stand-in', atMs: closedAt + 15_000 });
  });

  it('a game of one person and bots waits for them: nobody else is kept waiting, so no stand-in takes over', async () => {
    const clock = new TestClock();
    const graceMs = 30_000;
    await startWith(clock, { graceSeconds: graceMs / 1000 }, 'grace alone');
    const d = await openTable(connect, clock, { game: 'stir-fry-eighteen', people: 1, bots: 1, moveTimer: 0 }, 'grace alone');
    await d.start();
    const hersAlone = (m: Game) => m.outcome === null && m.seq >= 2 && m.waitingFor.length === 1 && m.waitingFor[0] === 0 &&
      (m.view as { phase: string }).phase === 'act';
    const asked = await d.playUntil(hersAlone, (p, m) => p.seat === 0 && hersAlone(m));
    const ann = d.people[0]!;
    ann.client.close();
    ann.here = false;
    await seen(d.spectator, isTable(d.tableId, (t) => !seatOf(t, 0).connected));
    // Well past the grace period (five minutes, the idle sweep running every minute), nothing
    // moves: the game waits for seat 0, and no stand-in is announced. A spectator keeps no one waiting.
    for (let ms = 0; ms < 10 * graceMs; ms += 60_000) {
      const now = await d.advance(60_000);
      expect(seatOf(now.table, 0)).toMatchObject({ connected: false, away: false, standInAt: null });
      expect(now.game).toMatchObject({ seq: asked.seq, waitingFor: [0], deadline: null });
    }
  });

  it('Flip 7 too: a timed-out seat is played by a stand-in bot (basic, or random until Flip 7 has a basic bot)', async () => {
    const clock = new TestClock();
    await startWith(clock);
    const d = await openTable(connect, clock, { game: 'flip-7', people: 2, moveTimer: 30 }, 'flip-7 timeout');
    await d.start();
    // Ann never moves: at her first turn her clock runs out.
    const hold = annsTurn(30_000);
    const asked = await d.playUntil(hold, (p, m) => p.seat === 0 && hold(m));
    const now = await d.advance(asked.deadline! - clock.now());
    expect(seatOf(now.table, 0)).toMatchObject({ away: true, awayReason: 'timeout' });
    // The game is played to its end without Ann.
    const end = await d.playUntil((m) => m.outcome !== null, (p) => p.seat === 0);
    expect(end.outcome).not.toBeNull();
    expect(d.people.some((p) => p.client.received.some((m) => m.type === 'error' && m.code === 'SERVER_ERROR'))).toBe(false);
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
    const clock = new TestClock(); // paused: the 30 s window cannot close during the test
    await startWith(clock);
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
    expect(x.m.deadline).toBe(x.m.waitingSince! + 30_000);
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
    const clock = new TestClock();
    await startWith(clock);
    const cs = [await connect('Ann'), await connect('Bob'), await connect('Cat')];
    const tableId = await table('stir-fry-eighteen', cs, { tasteWindow: 3 });
    const opened = new Promise<Game>((resolve) => drive(cs, tableId, (_c, m) => resolve(m))); // nobody answers
    expect(await cs[0]!.request({ type: 'table.start', tableId })).toMatchObject({ type: 'ok' });
    const w = await opened;
    expect(w.deadline).toBe(w.waitingSince! + 3_000);
    // The window's 3 s pass on the server's clock: it closes.
    clock.advance(w.deadline! - clock.now());
    await seen(cs[0]!, isGame(tableId, (m) => m.seq >= w.seq + 2));
    const actions = await log(tableId);
    const answers = actions.filter((a) => a.seq >= w.seq && a.seq < w.seq + 2);
    expect(answers.map((a) => a.action)).toEqual([{ type: 'trust' }, { type: 'trust' }]);
    expect(answers.map((a) => a.seat).sort()).toEqual([...w.waitingFor].sort());
    for (const a of answers) {
      expect(a.phase).toBe('taste-test');
      expect(a.by).toBe('timer'); // the window's clock answered for them, not anyone's move
      expect(a.atMs).toBe(w.deadline); // when it closed
    }
  });

  it('bots answer after a human-like random delay within the window, not at once', async () => {
    // Windows of 30 s; bots think 100–200 ms, in a window 200–600 ms (twice to three times that),
    // and at the latest a second before it closes.
    const [min, max, windowMs, margin] = [100, 200, 30_000, 1000];
    // The clock stops at each timer's moment (a bot's thinking, a window's end), so every delay is
    // read exactly off the stored times of the moves.
    const clock = new StepClock();
    await startWith(clock, { botDelayMs: [min, max] });
    const d = await openTable(connect, clock, { game: 'stir-fry-eighteen', people: 1, bots: 2, responseWindow: windowMs / 1000 }, 'bot delays');
    // Ann answers the moment she is asked: trust in a window, a declared discard on her turn (so
    // that windows open for the bots).
    const ann: Bot = {
      level: 'basic',
      decide: (_view, legal) => {
        const has = (type: string) => (legal as { type: string }[]).find((x) => x.type === type);
        return has('trust') ?? has('discard-protein') ?? has('discard-pair') ?? legal[0];
      },
    };
    d.people[0] = { ...d.people[0]!, bot: ann };
    await d.start();
    await d.playUntil();
    const r = await readLog(dbPath, d.tableId);
    const window = r.module.responseWindow!;
    const windowAnswers = [];
    const thinking = [];
    for (const a of r.actions) {
      if (a.seat === 0) continue;
      const at = Date.parse(a.at);
      if (window.isOpen(r.states[a.seq])) {
        const ends = windowEndAt(r, a.seq)!;
        windowAnswers.push({ a, delay: at - (ends - windowMs), ends, at });
      } else {
        thinking.push(at - waitingSinceAt(r, a.seq));
      }
    }
    expect(windowAnswers.length).toBeGreaterThanOrEqual(4);
    for (const { a, delay, ends, at } of windowAnswers) {
      // The bot answered, not the window's clock for it (silence).
      expect(a.by, `move ${a.seq}`).toBe('bot');
      expect(delay, `move ${a.seq}`).toBeGreaterThanOrEqual(2 * min); // not at once: at least twice the shortest thinking time
      expect(at, `move ${a.seq}`).toBeLessThanOrEqual(ends - margin); // and well before it closes
    }
    expect(new Set(windowAnswers.map((x) => x.delay)).size).toBeGreaterThan(1); // random, not fixed
    // Outside windows a bot thinks for its configured time after the move before.
    expect(thinking.length).toBeGreaterThan(0);
    for (const ms of thinking) {
      expect(ms).toBeGreaterThanOrEqual(min);
      expect(ms).toBeLessThanOrEqual(max);
    }
  });
});
