import { describe, expect, it } from 'vitest';
import { gameModule } from '@parlor/rules';
import { BotPool, type Person, type TableSettings, type TableState, TableRunner, TestClock, newTableRow, newTableState } from '../src/index.js';

/**
 * The shell hears of every step in the order the steps were taken, each with its own before and
 * after: a bot that answers at once steps again inside its ask's effects, and what the shell keeps
 * of a table (its due moment, what its players are told) must not be overwritten by the older step.
 */

const SETTINGS: TableSettings = { botDelayMs: [0, 0], graceSeconds: 30, replaceAfterSeconds: 120, idleMinutes: 10, openTableMinutes: 30, timerScale: 1 };
const person = (name: string): Person => ({ name, account: true, connected: true, since: null });

describe('the runner tells the shell of each step', () => {
  it('in order, with a bot answering inside the step that asked it: each step starts where the last ended', async () => {
    const clock = new TestClock({ auto: true });
    const made = newTableRow({ game: 'flip-7', seats: 2, moveTimer: 0 }, { id: 'T', invite: 'secret', creator: 'ann', account: true, now: clock.now() });
    if (!made.ok) throw new Error(made.refusal.message);
    const steps: { before: TableState; after: TableState }[] = [];
    const runner = new TableRunner(newTableState(made.row, { ann: person('Ann') }, SETTINGS, clock.now()), {
      now: () => clock.now(),
      after: (ms, fn) => clock.after(ms, fn),
      write: async () => true,
      reload: async () => { throw new Error('nothing is reloaded here'); },
      send: () => {},
      changed: () => {},
      closed: () => {},
      played: () => {},
      log: () => {},
      failed: () => 'retry',
      stepped: (before, after) => steps.push({ before, after }),
    }, new BotPool());

    await runner.feed({ type: 'watch', watcher: 'w-ann', player: 'ann', person: person('Ann') });
    await runner.feed({ type: 'bot.add', player: 'ann', seat: 1, level: 'basic' });
    await runner.feed({ type: 'start', player: 'ann', seed: 'stepped in order' });
    // Ann stays whenever it is her move; the bot plays at once, inside the step of its moment.
    for (let turns = 0; runner.state.row.status === 'running' && steps.filter((s) => s.after.game?.lastSeat === 1).length < 3; turns++) {
      if (turns > 10_000) throw new Error('the bot never moved three times');
      const g = runner.state.game;
      if (g !== null && gameModule('flip-7').toAct(g.state as never).includes(0)) await runner.feed({ type: 'act', player: 'ann', seat: 0, seq: g.seq, action: { type: 'stay' } });
      else await new Promise((r) => setImmediate(r));
    }

    expect(steps.some((s) => s.after.game?.lastSeat === 1)).toBe(true);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.before, `step ${i} starts where step ${i - 1} ended`).toBe(steps[i - 1]!.after);
    expect(steps.at(-1)!.after).toBe(runner.state);
  });
});
