import { describe, expect, it } from 'vitest';
import type { Mover, ServerMessage } from '@parlor/protocol';
import { createRng, gameModule } from '@parlor/rules';
import {
  type ActionRow, BotPool, type GameRow, type Person, type TableRow, TableRunner, type TableSettings, TestClock, type Write,
  newTableRow, newTableState, restoreTable,
} from '../src/index.js';

/**
 * No timed move is ever dropped: whatever a write of a bot's, a stand-in's, a clock's move or of a
 * game's end fails with, the runner tries it again with backoff until it is stored, and the game
 * finishes. The store here is in memory and fails the first tries of each kind of write on purpose;
 * the clock is a TestClock in `auto` mode, so the backoff's waits pass at once, in order.
 */

const SETTINGS: TableSettings = { botDelayMs: [100, 900], graceSeconds: 30, replaceAfterSeconds: 120, idleMinutes: 10, openTableMinutes: 30, timerScale: 1 };
const person = (name: string, connected = true): Person => ({ name, account: true, connected, since: null });
type Kind = Mover | 'finish';
/** Failures nobody listed as the store's: they are retried as well as the store's own. */
const FAULTS = [
  Object.assign(new Error('database "parlor" is not currently accepting connections'), { code: '55000' }),
  new Error('Query read timeout'),
  new Error('something nobody foresaw'),
];

describe('the runner retries every timed write until it is stored', () => {
  it('a bot\'s, a stand-in\'s, a closing window\'s move and the game\'s end, each failing three times: the game finishes, nothing twice', async () => {
    const clock = new TestClock({ auto: true });
    const made = newTableRow({ game: 'stir-fry-eighteen', seats: 3, moveTimer: 0, responseWindow: 5 },
      { id: 'T', invite: 'secret', creator: 'ann', account: true, now: clock.now() });
    if (!made.ok) throw new Error(made.refusal.message);
    const stored: { row: TableRow; game: GameRow | null; actions: ActionRow[] } = { row: made.row, game: null, actions: [] };
    const failures = new Map<Kind, number>();
    const retriedWhileWaiting = new Set<Kind>();
    const backoff: number[] = [];
    const logged: string[] = [];
    const rng = createRng('ann plays');
    const window = gameModule('stir-fry-eighteen').responseWindow!;
    let runner: TableRunner | null = null;

    const kindOf = (w: Write): Kind | null => (w.op === 'action' ? w.action.by ?? null : w.op === 'finish' ? 'finish' : null);
    const write = async (w: Write): Promise<boolean> => {
      const kind = kindOf(w);
      if (kind !== null && kind !== 'player') {
        const n = failures.get(kind) ?? 0;
        if (n > 0 && runner!.storeWait.retryingSince !== null) retriedWhileWaiting.add(kind);
        if (n < 3) {
          failures.set(kind, n + 1);
          throw FAULTS[n]!;
        }
      }
      switch (w.op) {
        case 'table': stored.row = w.row; return true;
        case 'game': stored.game = w.game; stored.actions = []; return true;
        case 'action':
          if (stored.actions.some((a) => a.seq === w.action.seq)) return false;
          expect(w.action.seq, 'actions are stored in order').toBe(stored.actions.length);
          stored.actions.push(w.action);
          return true;
        case 'finish':
          stored.game = { ...stored.game!, finishedAt: w.finish.finishedAt, result: w.finish.result };
          return true;
      }
    };
    const send = (to: readonly string[], msg: ServerMessage): void => {
      // Ann plays her own turns at once and stays silent in every taste-test window (SF-14: the window's clock answers for her).
      if (!to.includes('w-ann') || msg.type !== 'game' || msg.seat !== 0 || msg.outcome !== null) return;
      if (msg.legal.length === 0 || window.isOpen(runner!.state.game!.state as never)) return;
      void runner!.feed({ type: 'act', player: 'ann', seat: 0, seq: msg.seq, action: rng.pick(msg.legal) });
    };
    runner = new TableRunner(newTableState(made.row, { ann: person('Ann') }, SETTINGS, clock.now()), {
      now: () => clock.now(),
      after: (ms, fn) => {
        if (ms >= 250) backoff.push(ms);
        return clock.after(ms, fn);
      },
      write,
      reload: async () => {
        const r = restoreTable({ row: stored.row, game: stored.game, actions: stored.actions, people: runner!.state.people, settings: SETTINGS }, clock.now());
        if (!r.ok) throw new Error(r.message);
        return r.state;
      },
      send,
      changed: () => {},
      closed: () => {},
      played: () => {},
      log: (_level, msg) => { logged.push(msg); },
      failed: () => 'retry',
    }, new BotPool());

    expect(await runner.feed({ type: 'watch', watcher: 'w-ann', player: 'ann', person: person('Ann') })).toBeNull();
    expect(await runner.feed({ type: 'sit', player: 'bob', person: person('Bob'), seat: 1, watcher: 'w-bob' })).toBeNull();
    expect(await runner.feed({ type: 'bot.add', player: 'ann', seat: 2, level: 'basic' })).toBeNull();
    expect(await runner.feed({ type: 'start', player: 'ann', seed: 'retry every kind' })).toBeNull();
    // Bob leaves at once: a stand-in plays his seat for the whole game.
    expect(await runner.feed({ type: 'leave', player: 'bob', seat: 1 })).toBeNull();

    for (let turns = 0; stored.game?.finishedAt == null; turns++) {
      if (turns > 200_000) throw new Error(`the game did not finish: ${stored.actions.length} actions stored, failures ${JSON.stringify([...failures])}`);
      await new Promise((r) => setImmediate(r));
    }

    // Every kind of timed write failed three times, and was stored in the end.
    expect(Object.fromEntries(failures)).toEqual({ bot: 3, 'stand-in': 3, timer: 3, finish: 3 });
    const by = new Set(stored.actions.map((a) => a.by));
    expect([...by].sort()).toEqual(['bot', 'player', 'stand-in', 'timer']);
    // The runner said it was waiting to retry while it did (a write tried again while one was due:
    // the first try of a later position can also come before the retry, when the first went stale),
    // and the waits grew.
    expect([...retriedWhileWaiting].sort()).toEqual(['bot', 'finish', 'stand-in', 'timer']);
    expect(backoff).toContain(500);
    expect(logged).toContain('the store could not record a move; retrying with backoff');
    // The stored log is the game: each seq once, folded by the rules to the result recorded.
    expect(stored.actions.map((a) => a.seq)).toEqual(stored.actions.map((_, i) => i));
    const module = gameModule('stir-fry-eighteen');
    const setup = module.setup({ players: 3, options: stored.game!.options, seed: stored.game!.seed });
    if (!setup.ok) throw new Error(setup.error.message);
    let state: unknown = setup.value;
    for (const a of stored.actions) {
      const r = module.apply(state as never, a.seat, a.action);
      if (!r.ok) throw new Error(`action ${a.seq} refused: ${r.error.message}`);
      state = r.state;
    }
    expect(JSON.stringify(module.outcome(state as never))).toBe(JSON.stringify(stored.game!.result));
    // Nothing waits any more.
    expect(runner.storeWait).toEqual({ retryingSince: null, writingSince: null });
  });

  it('a write the store had already made (one that failed past its deadline, yet was stored) brings the table up to the store', async () => {
    const clock = new TestClock({ auto: true });
    const made = newTableRow({ game: 'flip-7', seats: 2, moveTimer: 0 }, { id: 'T', invite: 'secret', creator: 'ann', account: true, now: clock.now() });
    if (!made.ok) throw new Error(made.refusal.message);
    const stored: { row: TableRow; game: GameRow | null; actions: ActionRow[] } = { row: made.row, game: null, actions: [] };
    let lies = 0;
    let runner: TableRunner | null = null;
    runner = new TableRunner(newTableState(made.row, { ann: person('Ann') }, SETTINGS, clock.now()), {
      now: () => clock.now(),
      after: (ms, fn) => clock.after(ms, fn),
      write: async (w) => {
        switch (w.op) {
          case 'table': stored.row = w.row; return true;
          case 'game': stored.game = w.game; stored.actions = []; return true;
          case 'action': {
            if (stored.actions.some((a) => a.seq === w.action.seq)) return false;
            stored.actions.push(w.action);
            // The first two bot moves are stored, but their answer is lost: the write fails past its deadline.
            if (w.action.by === 'bot' && lies < 2) { lies++; throw new Error('Query read timeout'); }
            return true;
          }
          case 'finish': stored.game = { ...stored.game!, finishedAt: w.finish.finishedAt, result: w.finish.result }; return true;
        }
      },
      reload: async () => {
        const r = restoreTable({ row: stored.row, game: stored.game, actions: stored.actions, people: runner!.state.people, settings: SETTINGS }, clock.now());
        if (!r.ok) throw new Error(r.message);
        return r.state;
      },
      send: (to, msg) => {
        if (!to.includes('w-ann') || msg.type !== 'game' || msg.seat !== 0 || msg.outcome !== null || msg.legal.length === 0) return;
        void runner!.feed({ type: 'act', player: 'ann', seat: 0, seq: msg.seq, action: msg.legal[0] });
      },
      changed: () => {}, closed: () => {}, played: () => {}, log: () => {},
      failed: () => 'retry',
    }, new BotPool());
    expect(await runner.feed({ type: 'watch', watcher: 'w-ann', player: 'ann', person: person('Ann') })).toBeNull();
    expect(await runner.feed({ type: 'bot.add', player: 'ann', seat: 1, level: 'basic' })).toBeNull();
    expect(await runner.feed({ type: 'start', player: 'ann', seed: 'lost answers' })).toBeNull();
    for (let turns = 0; stored.game?.finishedAt == null; turns++) {
      if (turns > 100_000) throw new Error(`the game did not finish: the table is at seq ${runner.state.game?.seq}, the store has ${stored.actions.length} actions`);
      await new Promise((r) => setImmediate(r));
    }
    expect(lies).toBe(2);
    expect(stored.actions.map((a) => a.seq)).toEqual(stored.actions.map((_, i) => i));
    expect(runner.state.game!.seq).toBe(stored.actions.length);
  });
});
