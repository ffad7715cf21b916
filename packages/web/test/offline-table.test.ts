/**
 * The offline table as a shell of the table core (src/offline/table.ts, through the worker's engine
 * host and the page's session), on a clock the test moves: the response window closes at its end
 * with the game's answer for a silent seat (SF-14: trust), a bot that fails or chooses an illegal
 * action has a legal move played for it, and a record opened again (a reload) is the same game at
 * the same moment — the same position, log and window end — and plays on; records kept by the
 * earlier offline engine (moves without their time) still open, resume and finish.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameSnapshot } from '@parlor/protocol';
import { type Rng, createRng, gameModule } from '@parlor/rules';
import { type BotAnswer, type BotAsk, BotPool } from '@parlor/table';
import { describe, expect, it } from 'vitest';
import { verifyCommand } from '../../cli/src/commands/verify.js';
import type { EngineHost } from '../src/offline/engine-host.js';
import type { OfflineTiming } from '../src/offline/messages.js';
import { HUMAN, type OfflineRecord, exportOf } from '../src/offline/record.js';
import type { OfflineSession, SessionState } from '../src/offline/session.js';
import { AT_ONCE, MemoryStore, TestClock, page, record } from './offline-support.js';

/** Bots think 1 to 2 s, and the window lasts the seconds the record chose (8 s by default), as on the page at the normal pace. */
const PAGE_TIMING: OfflineTiming = { botDelayMs: [1000, 2000], timerScale: 1 };

interface Page { readonly session: OfflineSession; readonly host: EngineHost }

const inWindow = (s: GameSnapshot) => s.deadline !== null && s.outcome === null;

/**
 * Moves the game on until `stop` says so: the person plays a random legal move when asked outside
 * a response window (and stays silent in one), and otherwise the clock jumps to the next timer.
 * Everything the table queued has run each time `stop` is asked.
 */
async function drive(p: Page, clock: TestClock, rng: Rng, stop: (s: SessionState) => boolean): Promise<SessionState> {
  for (let guard = 0; guard < 5_000; guard++) {
    await p.host.settled();
    const s = p.session.get();
    if (s.problem !== null) throw new Error(`${s.problem.code}: ${s.problem.message}`);
    if (stop(s)) return s;
    const snapshot = s.snapshot!;
    if (snapshot.outcome !== null) throw new Error('the game ended first');
    if (snapshot.legal.length > 0 && !inWindow(snapshot)) {
      expect(await p.session.act(rng.pick(snapshot.legal))).toBe(true);
      continue;
    }
    const due = clock.nextDue();
    if (due === null) throw new Error('the game waits for nothing: nothing is armed and the person is not asked');
    clock.advance(due - clock.now());
  }
  throw new Error('the game did not get there');
}

/** The position after the record's moves. */
function positionAfter(r: OfflineRecord, moves: number): unknown {
  const module = gameModule(r.game);
  const setup = module.setup({ players: r.players, options: r.options, seed: r.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  for (const a of r.actions.slice(0, moves)) {
    const next = module.apply(state, a.seat, a.action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.state;
  }
  return state;
}

async function verifies(r: OfflineRecord): Promise<number> {
  const file = join(mkdtempSync(join(tmpdir(), 'parlor-offline-')), 'game.json');
  writeFileSync(file, JSON.stringify(exportOf(r)));
  return verifyCommand(file, () => undefined);
}

/** The person asked in an open taste-test window (SF-14). */
const personInWindow = (s: SessionState) => s.snapshot !== null && inWindow(s.snapshot) && s.snapshot.waitingFor.includes(HUMAN);
/** The person the last one asked in an open taste-test window: the bots have answered (and trusted). */
const alone = (s: SessionState) => personInWindow(s) && s.snapshot!.waitingFor.length === 1;

/** The move that opened the response window open after the record's moves. */
function openerOf(r: OfflineRecord): OfflineRecord['actions'][number] {
  const window = gameModule(r.game).responseWindow!;
  for (let i = r.actions.length - 1; i >= 0; i--) {
    if (!window.isOpen(positionAfter(r, i))) return r.actions[i]!;
  }
  throw new Error('no window is open');
}

/** A snapshot without the history a first snapshot carries (for the log). */
const position = (s: GameSnapshot) => ({ ...s, history: undefined, historyMoves: undefined });

describe('the offline table on the table core', () => {
  it('SF-14: the taste-test window closes at its end on the table\'s clock, the silent person trusting', async () => {
    const store = new MemoryStore();
    const clock = new TestClock();
    const p = page(store, clock, PAGE_TIMING);
    const r = record('stir-fry-eighteen', 3, 'basic', 21);
    await store.put(r);
    expect(await p.session.open(r)).toBe(true);
    const rng = createRng('window');
    const open = await drive(p, clock, rng, alone);
    const deadline = open.snapshot!.deadline!;
    const kept = store.records.get(r.id)!;
    const seq = kept.actions.length;
    // The window runs the record's seconds from the move that opened it.
    expect(deadline).toBe(Date.parse(openerOf(kept).at!) + r.windowSeconds! * 1000);

    // A millisecond before its end the window is open and the person is still asked: nothing is played for them.
    clock.advance(deadline - 1 - clock.now());
    await p.host.settled();
    expect(p.session.get().snapshot!.waitingFor).toContain(HUMAN);
    expect(store.records.get(r.id)!.actions.slice(seq).some((a) => a.seat === HUMAN)).toBe(false);

    // At its end the clock answers for the person with the game's silence: trust, by the timer.
    const before = store.records.get(r.id)!;
    clock.advance(1);
    await p.host.settled();
    const after = store.records.get(r.id)!;
    const silence = after.actions.slice(before.actions.length).find((a) => a.seat === HUMAN)!;
    expect(silence).toMatchObject({ seat: HUMAN, by: 'timer', at: new Date(deadline).toISOString() });
    const state = positionAfter(after, silence.seq);
    expect(silence.action).toEqual(gameModule('stir-fry-eighteen').responseWindow!.silence(state, HUMAN));
    expect(silence.action).toEqual({ type: 'trust' });
    // The page shows the window closed, the person no longer asked in it, and the move it was.
    const shown = p.session.get();
    expect(shown.snapshot!.seq).toBe(after.actions.length);
    expect(personInWindow(shown)).toBe(false);
    expect(shown.log.some((e) => e.seq === silence.seq + 1 && e.by === 'timer' && e.seat === HUMAN)).toBe(true);
    await p.session.close();
  });

  it('a bot that throws, or chooses what the rules refuse, has a legal move played for it, and the game goes on to its end', async () => {
    /** Seat 1's bot throws; seat 2's answers nonsense; any other plays as usual. */
    class BrokenBots extends BotPool {
      override async decide(tableId: string, ask: BotAsk): Promise<BotAnswer> {
        if (ask.seat === 1) throw new Error('the bot broke');
        if (ask.seat === 2) return { action: { type: 'nonsense' } };
        return super.decide(tableId, ask);
      }
    }
    const store = new MemoryStore();
    const clock = new TestClock();
    const logged: string[] = [];
    const p = page(store, clock, AT_ONCE, { bots: new BrokenBots(), log: (msg) => logged.push(msg) });
    const r = record('flip-7', 3, 'basic', 8, { target: 100 });
    await store.put(r);
    expect(await p.session.open(r)).toBe(true);
    await drive(p, clock, createRng('broken'), (s) => s.record?.finishedAt != null && s.snapshot?.outcome != null);
    await p.session.close();
    const kept = store.records.get(r.id)!;
    const module = gameModule('flip-7');
    const bots = kept.actions.filter((a) => a.seat !== HUMAN);
    expect(bots.some((a) => a.seat === 1)).toBe(true);
    expect(bots.some((a) => a.seat === 2)).toBe(true);
    // Each a legal move of its position, made by the bot's seat.
    for (const a of bots) {
      expect(a.by).toBe('bot');
      expect(module.legalActions(positionAfter(kept, a.seq), a.seat)).toContainEqual(a.action);
    }
    expect(logged).toContain('bot failed to decide; playing a random legal action');
    expect(logged).toContain('bot chose an illegal action; playing a random legal action');
    expect(kept.finishedAt).not.toBeNull();
    expect(await verifies(kept)).toBe(0);
  });

  it('a record opened again (a reload) is the same game at the same moment: position, log and window end; it plays on and verifies', async () => {
    const store = new MemoryStore();
    const clock = new TestClock();
    const r = record('stir-fry-eighteen', 3, 'basic', 34);
    await store.put(r);
    const first = page(store, clock, PAGE_TIMING);
    expect(await first.session.open(r)).toBe(true);
    const rng = createRng('reload');
    // Some way into the game, with the person asked in a taste-test window.
    let moves = 0;
    const shown = await drive(first, clock, rng, (s) => alone(s) && (moves = s.record!.actions.length) >= 6);
    await first.session.close();
    const kept = store.records.get(r.id)!;
    expect(kept.actions.length).toBe(moves);
    expect(shown.snapshot!.seq).toBe(moves);

    // A new page, a new worker: the record read back, a moment later.
    clock.advance(500);
    const second = page(store, clock, PAGE_TIMING);
    expect(await second.session.open(structuredClone(kept))).toBe(true);
    const again = second.session.get();
    expect(position(again.snapshot!)).toEqual(position(shown.snapshot!));
    expect(again.snapshot!.deadline).toBe(shown.snapshot!.deadline);
    expect(again.log).toEqual(shown.log);
    expect(again.record).toEqual(kept);

    // The window still closes at the end it had, and the game plays on to its end.
    const deadline = again.snapshot!.deadline!;
    clock.advance(deadline - clock.now());
    await second.host.settled();
    expect(store.records.get(r.id)!.actions[moves]).toMatchObject({ seat: HUMAN, by: 'timer', at: new Date(deadline).toISOString() });
    await drive(second, clock, rng, (s) => s.record?.finishedAt != null && s.snapshot?.outcome != null);
    await second.session.close();
    const done = store.records.get(r.id)!;
    expect(done.actions.slice(0, moves)).toEqual(kept.actions);
    expect(await verifies(done)).toBe(0);
  });
  it('a record kept before moves had their time opens, plays on from the opening and verifies; a finished one opens finished', async () => {
    const store = new MemoryStore();
    const clock = new TestClock();
    const r = record('stir-fry-eighteen', 3, 'basic', 55);
    await store.put(r);
    const first = page(store, clock, PAGE_TIMING);
    await first.session.open(r);
    const rng = createRng('old');
    await drive(first, clock, rng, (s) => (s.record?.actions.length ?? 0) >= 10 && s.snapshot!.seq === s.record!.actions.length);
    await first.session.close();
    // As the earlier version kept it: the same fields, no time on any move.
    const old: OfflineRecord = { ...store.records.get(r.id)!, actions: store.records.get(r.id)!.actions.map(({ at: _at, ...a }) => a) };
    await store.put(old);

    clock.advance(60_000);
    const second = page(store, clock, PAGE_TIMING);
    expect(await second.session.open(structuredClone(old))).toBe(true);
    const opened = second.session.get().snapshot!;
    expect(opened.seq).toBe(old.actions.length);
    // The moves without a time count as played at the opening: a window open then runs its full length from now.
    expect(opened.waitingSince).toBe(clock.now());
    if (opened.deadline !== null) expect(opened.deadline).toBe(clock.now() + r.windowSeconds! * 1000);
    await drive(second, clock, rng, (s) => s.record?.finishedAt != null && s.snapshot?.outcome != null);
    await second.session.close();
    const done = store.records.get(r.id)!;
    expect(done.actions.slice(0, old.actions.length)).toEqual(old.actions);
    expect(await verifies(done)).toBe(0);

    // Finished, without times: it opens as it ended, and nothing more is stored.
    const finished: OfflineRecord = { ...done, actions: done.actions.map(({ at: _at, ...a }) => a) };
    await store.put(finished);
    const writes = store.writes;
    const third = page(store, clock, PAGE_TIMING);
    expect(await third.session.open(structuredClone(finished))).toBe(true);
    await third.host.settled();
    expect(third.session.get().snapshot).toMatchObject({ seq: finished.actions.length, outcome: finished.outcome, stats: finished.stats, seed: r.seed, legal: [] });
    expect(clock.nextDue()).toBeNull();
    expect(store.writes).toBe(writes);
    await third.session.close();
  });

  it('a game whose last move was stored but not its end (the page closed between) is finished when opened', async () => {
    const store = new MemoryStore();
    const clock = new TestClock();
    const r = record('flip-7', 2, 'basic', 13, { target: 100 });
    await store.put(r);
    const first = page(store, clock, AT_ONCE);
    await first.session.open(r);
    await drive(first, clock, createRng('end'), (s) => s.record?.finishedAt != null && s.snapshot?.outcome != null);
    await first.session.close();
    const done = store.records.get(r.id)!;
    const unfinished: OfflineRecord = { ...done, finishedAt: null, outcome: null, stats: null };
    await store.put(unfinished);

    const second = page(store, clock, AT_ONCE);
    expect(await second.session.open(structuredClone(unfinished))).toBe(true);
    // Over by the rules, the end not yet stored: the table's finish falls due at once.
    expect(second.session.get().snapshot!.outcome).toEqual(done.outcome);
    expect(clock.nextDue()).toBe(clock.now());
    clock.advance(0);
    await second.host.settled();
    expect(second.session.get().record!.finishedAt).toBe(new Date(clock.now()).toISOString());
    await second.session.close();
    const kept = store.records.get(r.id)!;
    expect(kept.actions).toEqual(done.actions);
    expect(kept.outcome).toEqual(done.outcome);
    expect(kept.stats).toEqual(done.stats);
    expect(await verifies(kept)).toBe(0);
  });
});
