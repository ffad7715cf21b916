import { createHash } from 'node:crypto';
import { standInLevel } from '@parlor/bots';
import { type AnyGame, type GameEvent, GAMES, GAME_IDS, type GameId, type Rng, type Viewer, createRng } from '@parlor/rules';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../src/index.js';
import type { TestClient } from './support/client.js';
import { type GameLog, expectedFrame, json, readLog, stateParts } from './support/game-log.js';
import { serverPerTest } from './support/per-test.js';
import { testServer } from './support/server.js';
import { type Game, type TableMsg, TableDriver, isGame, isTable, openTable, seen } from './support/table-driver.js';

/**
 * The server's behaviour, checked the same way for every game in the registry (nothing below names
 * a game: a third one is covered by adding it to GAMES). Over real WebSockets, with a fixed seed per
 * game and a paused TestClock the test moves itself, so each case plays the same game every run:
 *  - no frame to a seat or a spectator holds what that viewer's view hides;
 *  - a player who disconnects on their turn is played by a stand-in after the table's grace period,
 *    with a move timer and without one (or by the idle rule once everyone is gone), and the game ends;
 *  - a restart mid-game resumes at the last acknowledged action, and the game ends;
 *  - a move timer and a response window run out exactly when the server's clock reaches their end.
 */

const { start, adopt, connect } = serverPerTest();

/** Each new game's seed: 64 hex characters like production's, fixed by the game and its number. */
const seedFor = (id: GameId) => ({ gameNo }: { readonly gameNo: number }) =>
  createHash('sha256').update(`every-game/${id}/${gameNo}`).digest('hex');

/** A seat count the game allows, as near `n` as it can be. */
const seatsNear = (module: AnyGame, n: number) => Math.min(module.maxPlayers, Math.max(module.minPlayers, n));

/** A generous ceiling for one whole game over the wire, checks included; a game takes a second or two. */
const GAME_MS = 120_000;

/** A person's seat in a `table` message. */
function playerSeat(t: TableMsg, seat: number) {
  const s = t.table.seats[seat];
  if (s?.kind !== 'player') throw new Error(`seat ${seat} is not a person's: ${JSON.stringify(s)}`);
  return s;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** `seat` alone is asked, on its own turn (not in a response window): at a table with a move timer of `timerMs`, its clock runs. */
const ownTurn = (seat: number, timerMs: number | null) => (m: Game): boolean =>
  m.outcome === null && m.waitingFor.length === 1 && m.waitingFor[0] === seat &&
  (timerMs === null ? m.deadline === null : m.deadline !== null && m.deadline - m.waitingSince! === timerMs);

/** How many times each position is drawn afresh for the information-set checks. */
const RESAMPLES = 3;

/** Arrays sorted at every depth (and keys in order): the same facts, whatever order they came in. */
function canon(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(canon).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (x !== null && typeof x === 'object') return Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canon(v)]));
  return x;
}

/** One connection whose frames are checked: a seat or a spectator, from the index of `received` it began watching at. */
interface Watched {
  readonly viewer: Viewer;
  readonly client: TestClient;
  readonly from: number;
}

interface Checked { frames: number; resamples: number; moves: number; moveResamples: number }

/**
 * Checks everything `w` received about the table against the stored game. What each game hides is
 * its own rule, implemented by its `view`, `eventsFor` and `resample`; this checks that the wire
 * carries no more than they allow:
 *  (a) every `game` message is exactly, field by field, the one the rules, the store and the
 *      table's clocks say this viewer gets (expectedFrame): the view, events filtered for it, its
 *      legal actions (none for others' seats), history, timings, the commitment — nothing added;
 *  (b) every position it was shown looks the same to it when what it may not know is drawn afresh
 *      (the module's resample): view, legal actions, who is waited for, whether a window is open;
 *  (c) every move it heard of, replayed from a position drawn afresh in what it could not know
 *      before the move, gives it the same events whenever that world also leaves it the same view
 *      after the move. Public events must match exactly; its own private events up to the order of
 *      their lists (a seat may see its cards in the order they came, which its view — what it
 *      holds — need not keep);
 *  (d) no message of any kind holds the seed, or its first 16 characters, before the game is over.
 */
function checkWire(log: GameLog, w: Watched, rng: Rng, counts: Checked): void {
  const { module } = log;
  const tableId = log.game.tableId;
  const last = log.states.length - 1;
  const seat = w.viewer === 'spectator' ? null : w.viewer;
  const received = w.client.received.slice(w.from);
  const frames = received.filter(isGame(tableId, (m) => m.seat === seat));
  const who = `${String(w.viewer)} (${module.id})`;
  expect(frames.length, `frames to ${who}`).toBeGreaterThan(0);
  // In order; the first (a game's first message, or a watch's) rebuilds the log; every move after
  // it is heard, once at least; the last shows the end.
  const seqs = frames.map((m) => m.seq);
  expect(seqs, `order of the frames to ${who}`).toEqual([...seqs].sort((a, b) => a - b));
  expect(frames[0]!.history, `history in the first frame to ${who}`).toBeDefined();
  const heard = new Set(frames.filter((m) => m.by !== null).map((m) => m.seq));
  for (let k = frames[0]!.seq + 1; k <= last; k++) expect(heard.has(k), `${who} heard of move ${k}`).toBe(true);
  expect(frames.at(-1)!.seq, `the last frame to ${who}`).toBe(last);
  expect(frames.at(-1)!.outcome, `the last frame to ${who}`).not.toBeNull();

  const moveChecked = new Set<number>();
  for (const m of frames) {
    const k = m.seq;
    const where = `${who}, seq ${k}${m.history === undefined ? '' : ' (snapshot)'}, by ${m.by}`;
    // (a)
    expect(m, where).toStrictEqual(expectedFrame(log, k, w.viewer, m));
    counts.frames++;
    if (m.outcome !== null) continue; // the end shows everything: nothing is hidden any more
    // (b)
    const state = log.states[k];
    const shown = JSON.stringify(stateParts(module, state, w.viewer));
    for (let i = 0; i < RESAMPLES; i++) {
      const other = module.resample(state, w.viewer, rng);
      expect(JSON.stringify(stateParts(module, other, w.viewer)), `${where}: resampled`).toBe(shown);
      counts.resamples++;
    }
    // (c)
    if (m.by === null || k === 0 || moveChecked.has(k)) continue;
    moveChecked.add(k);
    counts.moves++;
    const before = log.states[k - 1];
    const { seat: mover, action } = log.actions[k - 1]!;
    const viewAfter = JSON.stringify(json(module.view(state, w.viewer)));
    const split = (events: GameEvent[]) => ({
      public: JSON.stringify(events.filter((e) => e.only === undefined)),
      own: JSON.stringify(canon(events.filter((e) => e.only !== undefined))),
    });
    const heardEvents = split(json(m.events as GameEvent[]));
    for (let i = 0; i < RESAMPLES; i++) {
      const other = module.resample(before, w.viewer, rng);
      const r = module.apply(other, mover, action);
      if (!r.ok || JSON.stringify(json(module.view(r.state, w.viewer))) !== viewAfter) continue;
      counts.moveResamples++;
      expect(split(json(module.eventsFor(r.events, w.viewer))), `${where}: events from a resampled position`).toEqual(heardEvents);
    }
  }
  // (d)
  const end = received.findIndex(isGame(tableId, (m) => m.outcome !== null));
  expect(end).toBeGreaterThanOrEqual(0);
  for (const m of received.slice(0, end)) {
    const text = JSON.stringify(m);
    expect(text.includes(log.game.seed), `the seed in a ${m.type} message to ${who}`).toBe(false);
    expect(text.includes(log.game.seed.slice(0, 16)), `part of the seed in a ${m.type} message to ${who}`).toBe(false);
  }
}

for (const id of GAME_IDS) {
  const module: AnyGame = GAMES[id];
  /** People's bots: the stand-in's level and random, by turns, so that both careful and odd moves are played. */
  const peopleLevels = [standInLevel(id), 'random' as const, standInLevel(id), 'random' as const, standInLevel(id)];
  /** A response-window length other than the 30 s move timer's, so that their deadlines cannot be taken for each other. */
  const windowSetting = module.responseWindow === null ? undefined
    : module.responseWindow.seconds.min !== 30 ? module.responseWindow.seconds.min : module.responseWindow.seconds.min + 1;

  describe(`every game: ${module.name}`, () => {
    const plans = [
      { people: seatsNear(module, 4) - 1, bots: 1 },
      { people: module.minPlayers, bots: 0 },
    ];
    for (const plan of plans) {
      it(`no frame to a seat or a spectator holds what its view hides (people: ${plan.people}, bots: ${plan.bots})`, async () => {
        const clock = new TestClock();
        const s = await start({}, { clock, seed: seedFor(id) });
        const d = await openTable(connect, clock, { game: id, ...plan, levels: peopleLevels, thinkMs: 1000 }, `every-game ${id}`);
        const watched: Watched[] = [
          ...d.people.map((p) => ({ viewer: p.seat, client: p.client, from: 0 })),
          { viewer: 'spectator' as const, client: d.spectator, from: 0 },
        ];
        await d.start();
        // Half way through a game (a few moves in), a spectator arrives and a seated person
        // watches again (a reload): their snapshots are checked too.
        const midway = await d.playUntil((m) => m.outcome !== null || m.seq >= 6);
        if (midway.outcome === null) {
          const late = await connect('Late spectator');
          const from = late.received.length;
          expect(await late.request({ type: 'table.watch', tableId: d.tableId })).toMatchObject({ type: 'table' });
          watched.push({ viewer: 'spectator', client: late, from });
          const again = d.people.at(-1)!;
          expect(await again.client.request({ type: 'table.watch', tableId: d.tableId })).toMatchObject({ type: 'table' });
        }
        const end = await d.playUntil();
        expect(end.outcome).not.toBeNull();
        // Everyone has heard the end before the log is read.
        for (const w of watched) await seen(w.client, isGame(d.tableId, (m) => m.outcome !== null && m.seat === (w.viewer === 'spectator' ? null : w.viewer)), w.from);

        const log = await readLog(s.dbPath, d.tableId);
        expect(log.game.seed).toBe(seedFor(id)({ gameNo: 1 }));
        expect(createHash('sha256').update(log.game.seed).digest('hex')).toBe(log.game.commitment);
        expect(log.actions.length).toBeGreaterThan(6);
        const counts: Checked = { frames: 0, resamples: 0, moves: 0, moveResamples: 0 };
        const rng = createRng(`every-game ${id} check`);
        for (const w of watched) checkWire(log, w, rng, counts);
        // The event check (c) ran: some worlds drawn afresh agreed with every view.
        expect(counts.moveResamples, JSON.stringify(counts)).toBeGreaterThan(0);
      }, GAME_MS);
    }

    it('a player who disconnects on their turn at a table with a move timer is played by a stand-in once the grace period is over, and the game ends', async () => {
      const clock = new TestClock();
      const graceMs = 10_000; // shorter than the move timer, so that it is the disconnection that hands the seat over
      const s = await start({ graceSeconds: graceMs / 1000 }, { clock, seed: seedFor(id) });
      const d = await openTable(connect, clock, { game: id, people: 2, bots: seatsNear(module, 3) - 2, moveTimer: 30, responseWindow: windowSetting }, `every-game ${id}`);
      await d.start();
      const turn = ownTurn(0, 30_000);
      const asked = await d.playUntil(turn, (p, m) => p.seat === 0 && turn(m));
      d.people[0]!.client.close();
      d.people[0]!.here = false;
      const goneAt = clock.now();
      const gone = await seen(d.spectator, isTable(d.tableId, (t) => !playerSeat(t, 0).connected));
      expect(playerSeat(gone, 0)).toMatchObject({ away: false, disconnectedSince: goneAt });
      // Within the grace period the seat waits for its player …
      let now = await d.advance(graceMs - 1);
      expect(now.game.seq).toBe(asked.seq);
      expect(playerSeat(now.table, 0)).toMatchObject({ connected: false, away: false });
      // … and at its end a stand-in takes it, and plays on until the end of the game.
      now = await d.advance(1);
      expect(playerSeat(now.table, 0)).toMatchObject({ connected: false, away: true, awayReason: 'disconnected' });
      const end = await d.playUntil();
      const log = await readLog(s.dbPath, d.tableId);
      const hers = log.actions.filter((a) => a.seq >= asked.seq && a.seat === 0);
      expect(hers[0]).toMatchObject({ seq: asked.seq, by: 'stand-in', at: iso(goneAt + graceMs) });
      expect(hers.every((a) => a.by === 'stand-in')).toBe(true);
      expect(end.outcome).toEqual(json(module.outcome(log.states.at(-1))));
      expect(log.game.finishedAt).not.toBeNull();
    }, GAME_MS);

    it('without a move timer a disconnected player is waited for through the table\'s grace period, then a stand-in plays, and the game ends', async () => {
      const clock = new TestClock();
      const graceMs = 20_000;
      const s = await start({}, { clock, seed: seedFor(id) });
      const d = await openTable(connect, clock, { game: id, people: 2, bots: seatsNear(module, 3) - 2, grace: graceMs / 1000 }, `every-game ${id}`);
      await d.start();
      const turn = ownTurn(0, null);
      const asked = await d.playUntil(turn, (p, m) => p.seat === 0 && turn(m));
      d.people[0]!.client.close();
      d.people[0]!.here = false;
      const goneAt = clock.now();
      await seen(d.spectator, isTable(d.tableId, (t) => !playerSeat(t, 0).connected));
      // Nothing moves for her meanwhile: the game waits, and says for whom and until when.
      let now = await d.advance(graceMs - 1);
      expect(now.game).toMatchObject({ seq: asked.seq, waitingFor: [0], deadline: null });
      expect(playerSeat(now.table, 0)).toMatchObject({ connected: false, away: false, standInAt: goneAt + graceMs });
      now = await d.advance(1);
      expect(playerSeat(now.table, 0)).toMatchObject({ away: true, awayReason: 'disconnected', standInAt: null });
      const end = await d.playUntil();
      const log = await readLog(s.dbPath, d.tableId);
      const hers = log.actions.filter((a) => a.seq >= asked.seq && a.seat === 0);
      expect(hers[0]).toMatchObject({ seq: asked.seq, by: 'stand-in', at: iso(goneAt + graceMs) });
      expect(hers.every((a) => a.by === 'stand-in')).toBe(true);
      expect(end.outcome).toEqual(json(module.outcome(log.states.at(-1))));
    }, GAME_MS);

    it('without a move timer, once every person has been gone for the idle time, bots finish the game', async () => {
      const clock = new TestClock();
      const [idleMs, sweepMs] = [10 * 60_000, 60_000];
      const s = await start({ idleMinutes: idleMs / 60_000, sweepSeconds: sweepMs / 1000 }, { clock, seed: seedFor(id) });
      const d = await openTable(connect, clock, { game: id, people: 2, bots: seatsNear(module, 3) - 2 }, `every-game ${id}`);
      await d.start();
      const turn = ownTurn(0, null);
      const asked = await d.playUntil(turn, (p, m) => p.seat === 0 && turn(m));
      for (const p of d.people) { p.client.close(); p.here = false; }
      const goneAt = clock.now();
      await seen(d.spectator, isTable(d.tableId, (t) => d.people.every((p) => !playerSeat(t, p.seat).connected)));
      // The idle sweep runs every sweepSeconds: until the people have been gone idleMinutes, the
      // game waits for them; at the first sweep from then on, stand-ins take every seat.
      let now = await d.advance(0);
      while (d.people.every((p) => !playerSeat(now.table, p.seat).away)) {
        expect(clock.now() - goneAt, 'gone for, when no stand-in had come yet').toBeLessThan(idleMs + sweepMs);
        expect(now.game.seq).toBe(asked.seq);
        now = await d.advance(sweepMs);
      }
      expect(clock.now() - goneAt, 'gone for, when the stand-ins came').toBeGreaterThanOrEqual(idleMs);
      for (const p of d.people) expect(playerSeat(now.table, p.seat)).toMatchObject({ away: true, awayReason: 'disconnected' });
      const end = await d.playUntil();
      const log = await readLog(s.dbPath, d.tableId);
      const after = log.actions.slice(asked.seq);
      expect(after.length).toBeGreaterThan(0);
      for (const a of after) expect(a.by, `move ${a.seq}`).toBe(a.seat < d.people.length ? 'stand-in' : 'bot');
      expect(end.outcome).toEqual(json(module.outcome(log.states.at(-1))));
      expect(log.game.finishedAt).not.toBeNull();
    }, GAME_MS);

    it('a restart mid-game resumes at the last acknowledged action: the next action at that seq is accepted, and the game ends', async () => {
      const clock = new TestClock();
      const first = await start({}, { clock, seed: seedFor(id) });
      const d = await openTable(connect, clock, { game: id, people: 2, bots: seatsNear(module, 3) - 2, thinkMs: 1000 }, `every-game ${id}`);
      await d.start();
      const people = new Set(d.people.map((p) => p.seat));
      // Stop after a person's acknowledged move, with a person asked next (not in a window).
      const at = await d.playUntil((m) => m.outcome !== null ||
        (m.seq >= 6 && m.by === 'player' && m.deadline === null && m.waitingFor.length === 1 && people.has(m.waitingFor[0]!)));
      expect(at.outcome).toBeNull();
      const acked = d.acked.at(-1)!;
      expect(acked.seq + 1).toBe(at.seq);
      await first.close();
      const survived = await readLog(first.dbPath, d.tableId);
      expect(survived.actions.length).toBe(at.seq);
      expect(survived.actions.at(-1)).toMatchObject({ seq: acked.seq, seat: acked.seat, action: acked.action, by: 'player' });

      // A new server on the same database, its clock a minute on.
      const later = new TestClock({ start: clock.now() + 60_000 });
      const second = adopt(await testServer({ dbPath: first.dbPath }, { clock: later, seed: seedFor(id) }));
      const d2 = new TableDriver(d.tableId, later, d.people, d.spectator, 1000);
      const back = new Map<number, Game>();
      for (const c of [...d.people.map((p) => p.client), d.spectator]) {
        c.url = second.url;
        await c.reconnect();
      }
      for (const p of d.people) {
        const welcome = p.client.received.filter((m) => m.type === 'welcome').at(-1);
        expect(welcome).toMatchObject({ seatedAt: [d.tableId] });
        const from = p.client.received.length;
        expect(await p.client.request({ type: 'table.watch', tableId: d.tableId })).toMatchObject({ type: 'table' });
        const snap = await seen(p.client, isGame(d.tableId, (m) => m.seat === p.seat && m.history !== undefined), from);
        // The stored game, where it was: its seq, this seat's view, the same commitment, and it has
        // waited since its last stored move.
        expect(snap.seq).toBe(at.seq);
        expect(snap.view).toEqual(json(module.view(survived.states[at.seq], p.seat)));
        expect(snap.commitment).toBe(survived.game.commitment);
        expect(snap.waitingSince).toBe(Date.parse(survived.actions.at(-1)!.at));
        back.set(p.seat, snap);
      }
      await d2.sync();
      const mover = d.people.find((p) => p.seat === at.waitingFor[0])!;
      const actAt = later.now();
      await d2.act(mover, back.get(mover.seat)!);
      expect(d2.acked[0]).toMatchObject({ seq: at.seq, seat: mover.seat });
      const end = await d2.playUntil();
      const log = await readLog(second.dbPath, d.tableId);
      expect(log.actions.slice(0, survived.actions.length)).toEqual(survived.actions);
      expect(log.actions[at.seq]).toMatchObject({ seat: mover.seat, action: d2.acked[0]!.action, by: 'player', at: iso(actAt) });
      expect(end.outcome).toEqual(json(module.outcome(log.states.at(-1))));
      expect(log.game.result).toEqual(end.outcome);
    }, GAME_MS);

    it('a move timer runs out exactly when the server\'s clock reaches its deadline, and a stand-in moves then', async () => {
      const clock = new TestClock();
      const s = await start({}, { clock, seed: seedFor(id) });
      const d = await openTable(connect, clock, { game: id, people: 2, bots: seatsNear(module, 3) - 2, moveTimer: 30, responseWindow: windowSetting }, `every-game ${id}`);
      await d.start();
      const turn = ownTurn(0, 30_000);
      const asked = await d.playUntil(turn, (p, m) => p.seat === 0 && turn(m));
      expect(asked.deadline).toBe(clock.now() + 30_000);
      const deadline = asked.deadline!;
      // A millisecond before: nothing.
      let now = await d.advance(deadline - 1 - clock.now());
      expect(now.game).toMatchObject({ seq: asked.seq, deadline });
      expect(playerSeat(now.table, 0)).toMatchObject({ connected: true, away: false });
      // At the deadline the seat goes to a stand-in, which moves at once (bots think 0 ms here).
      now = await d.advance(1);
      expect(clock.now()).toBe(deadline);
      expect(playerSeat(now.table, 0)).toMatchObject({ connected: true, away: true, awayReason: 'timeout' });
      now = await d.advance(0);
      expect(now.game.seq).toBe(asked.seq + 1);
      const moved = d.spectator.received.find(isGame(d.tableId, (m) => m.seq === asked.seq + 1 && m.by !== null));
      expect(moved).toMatchObject({ by: 'stand-in', moveSeat: 0 });
      const log = await readLog(s.dbPath, d.tableId);
      expect(log.actions[asked.seq]).toMatchObject({ seat: 0, by: 'stand-in', at: iso(deadline) });
      // She acts again when next asked (which brings her back), and the game ends.
      const end = await d.playUntil();
      const full = await readLog(s.dbPath, d.tableId);
      expect(full.actions.some((a) => a.seq > asked.seq && a.seat === 0 && a.by === 'player')).toBe(true);
      expect(end.outcome).toEqual(json(module.outcome(full.states.at(-1))));
    }, GAME_MS);

    const window = module.responseWindow;
    if (window !== null) {
      it('a response window closes exactly at its end, each silent seat giving the game\'s answer for silence', async () => {
        const clock = new TestClock();
        const s = await start({}, { clock, seed: seedFor(id) });
        const seconds = window.seconds.default;
        const d = await openTable(connect, clock, { game: id, people: seatsNear(module, 3), bots: 0, responseWindow: seconds }, `every-game ${id}`);
        await d.start();
        // Without a move timer, a deadline is a response window's: nobody answers it.
        const inWindow = (m: Game) => m.outcome === null && m.deadline !== null;
        const open = await d.playUntil(inWindow, (_p, m) => inWindow(m));
        expect(open.deadline).toBe(open.waitingSince! + seconds * 1000);
        const deadline = open.deadline!;
        const before = await readLog(s.dbPath, d.tableId);
        expect(before.actions.length).toBe(open.seq);
        // What silence answers, seat by seat in the order the window asks, while it stays open.
        let state = before.states[open.seq];
        expect(window.isOpen(state)).toBe(true);
        const silent: { seat: number; action: unknown }[] = [];
        for (const seat of module.toAct(state)) {
          if (!window.isOpen(state) || !module.toAct(state).includes(seat)) break;
          const action = window.silence(state, seat);
          silent.push({ seat, action: json(action) });
          const r = module.apply(state, seat, action);
          if (!r.ok) throw new Error(`silence refused: ${r.error.message}`);
          state = r.state;
        }
        expect(silent.length).toBeGreaterThan(0);
        // A millisecond before its end: still open, nobody answered.
        let now = await d.advance(deadline - 1 - clock.now());
        expect(now.game).toMatchObject({ seq: open.seq, deadline, waitingFor: open.waitingFor });
        // At its end: the clock answers for every silent seat, at that moment.
        now = await d.advance(1);
        expect(clock.now()).toBe(deadline);
        expect(now.game.seq).toBe(open.seq + silent.length);
        const log = await readLog(s.dbPath, d.tableId);
        expect(log.actions.slice(open.seq, open.seq + silent.length).map((a) => ({ seat: a.seat, action: a.action, by: a.by, at: a.at })))
          .toEqual(silent.map((x) => ({ ...x, by: 'timer', at: iso(deadline) })));
        // Everyone heard each answer as the clock's.
        for (const [i, x] of silent.entries()) {
          const heard = d.spectator.received.find(isGame(d.tableId, (m) => m.seq === open.seq + i + 1 && m.by !== null));
          expect(heard).toMatchObject({ by: 'timer', moveSeat: x.seat });
        }
        const end = await d.playUntil();
        expect(end.outcome).not.toBeNull();
      }, GAME_MS);
    } else {
      it('has no response window: a table refuses the setting (so no window clock to test)', async () => {
        await start();
        const ann = await connect('Ann');
        expect(await ann.request({ type: 'table.create', game: id, seats: module.minPlayers, responseWindow: 8 }))
          .toMatchObject({ type: 'error', code: 'BAD_MESSAGE' });
      });
    }
  });
}
