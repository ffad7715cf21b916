import { describe, expect, it } from 'vitest';
import { type AnyGame, gameModule } from '@parlor/rules';
import {
  type ActionRow, type Effect, type GameRow, type Person, type TableInput, type TableRow, type TableSettings, type TableState,
  newTableRow, newTableState, restoreTable, step,
} from '../src/index.js';

// Days off at a turn-based table (docs/protocol.md, "Turn-based tables"): at a table that allows
// them, a seat's clock stands still while its player is on vacation — the move's own time and the
// bank alike — so no stand-in plays for it then; a table that does not allow them runs on. The
// banks come from the log and the periods, so a table rebuilt from the store has the same ones.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const SETTINGS: TableSettings = { botDelayMs: [100, 900], graceSeconds: 30, replaceAfterSeconds: 120, idleMinutes: 10, openTableMinutes: 30, timerScale: 1 };
const person = (name: string, vacations?: { from: number; to: number }[]): Person =>
  ({ name, account: true, connected: false, since: START, ...(vacations === undefined ? {} : { vacations }) });

/** A shell around the pure table: stores its writes, arms its timers, answers its bots with their first legal action. */
class Shell {
  state: TableState;
  now = START;
  row: TableRow;
  game: GameRow | null = null;
  actions: ActionRow[] = [];
  readonly timers = new Map<string, number>();
  readonly asks: Extract<Effect, { kind: 'ask' }>['ask'][] = [];
  effects: readonly Effect[] = [];

  constructor(row: TableRow) {
    this.row = row;
    this.state = newTableState(row, { ann: person('Ann'), bob: person('Bob') }, SETTINGS, this.now);
  }

  get module(): AnyGame { return gameModule(this.state.row.game); }
  get g() { return this.state.game!; }

  ok(input: TableInput): void {
    const s = step(this.state, input, this.now);
    if (s.refusal !== null) throw new Error(`${input.type} refused: ${s.refusal.code}`);
    for (const w of s.writes) {
      if (w.op === 'table') this.row = w.row;
      else if (w.op === 'game') { this.game = w.game; this.actions = []; }
      else if (w.op === 'action') this.actions.push(w.action);
    }
    this.state = s.state;
    this.effects = s.effects;
    for (const e of s.effects) {
      if (e.kind === 'arm') this.timers.set(e.key, e.at);
      else if (e.kind === 'disarm') this.timers.delete(e.key);
      else if (e.kind === 'ask') this.asks.push(e.ask);
    }
  }

  /** Moves the clock to `at`, firing every timer due by then in order (bots answer at once). */
  until(at: number): void {
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t <= at).sort((a, b) => a[1] - b[1])[0];
      if (due === undefined) break;
      this.timers.delete(due[0]);
      this.now = Math.max(this.now, due[1]);
      this.ok({ type: 'timer', key: due[0] });
      for (let ask = this.asks.shift(); ask !== undefined; ask = this.asks.shift()) {
        this.ok({ type: 'bot', seat: ask.seat, seq: ask.seq, action: ask.legal[0] });
      }
    }
    this.now = Math.max(this.now, at);
  }

  get toAct(): number { return this.module.toAct(this.g.state)[0]!; }
  playerOf(seat: number): string { return seat === 0 ? 'ann' : 'bob'; }

  /** The player on the move plays their first legal action at `at`. */
  move(at: number): number {
    this.until(at);
    const seat = this.toAct;
    this.ok({ type: 'act', player: this.playerOf(seat), seat, seq: this.g.seq, action: this.module.legalActions(this.g.state, seat)[0] });
    return seat;
  }

  /** What the table knows of `player` becomes `p` (the server tells it when days off are declared or ended). */
  tell(player: string, p: Person): void { this.ok({ type: 'person', player, person: p, tell: true }); }

  restored(): TableState {
    const r = restoreTable({ row: this.row, game: this.game, actions: this.actions, people: this.state.people, settings: SETTINGS }, this.now);
    if (!r.ok) throw new Error(r.message);
    return r.state;
  }
}

/** A 2-seat turn-based Flip 7 table, 4 hours a move and a 1-hour bank, started. */
function table(vacation: boolean, people?: Record<string, Person>): Shell {
  const made = newTableRow({ game: 'flip-7', seats: 2, turnBased: { moveSeconds: 4 * 3600, bankSeconds: 3600, vacation } },
    { id: 't1', invite: 'inv', creator: 'ann', account: true, now: START });
  if (!made.ok) throw new Error(made.refusal.message);
  const sh = new Shell(made.row);
  if (people !== undefined) sh.state = { ...sh.state, people };
  sh.ok({ type: 'sit', player: 'bob', seat: 1 });
  sh.ok({ type: 'start', player: 'ann', seed: 'turn-based-test' });
  return sh;
}

/** The player the game starts with (the same seed every time). */
const FIRST = (() => { const sh = table(false); return sh.playerOf(sh.toAct); })();
const OTHER = FIRST === 'ann' ? 'bob' : 'ann';
/** Two days off for the first mover, from an hour into their first move. */
const OFF = { from: START + HOUR, to: START + HOUR + 2 * DAY };
const withOff = (): Record<string, Person> => ({ [FIRST]: person(FIRST, [OFF]), [OTHER]: person(OTHER) });

describe('days off at a turn-based table that allows them', () => {
  it("stop the seat's clock: the deadline moves by the vacation, no stand-in plays during it, and the bank is untouched", () => {
    const sh = table(true, withOff());
    expect(sh.playerOf(sh.toAct)).toBe(FIRST);
    // 4 hours and the 1-hour bank, with 2 days standing still in between.
    expect(sh.g.deadline).toBe(START + 5 * HOUR + 2 * DAY);
    expect(sh.timers.get('move')).toBe(START + 5 * HOUR + 2 * DAY);
    // Past the time the clock would have run out without the vacation: nothing is played.
    sh.until(START + 6 * HOUR + DAY);
    expect(sh.actions).toEqual([]);
    expect(sh.asks).toEqual([]);
    expect(sh.state.away).toEqual({});
    // Back, they move after 4 hours of running clock in all (1 before, 3 after): the bank is whole.
    const seat = sh.move(OFF.to + 3 * HOUR);
    expect(sh.actions.at(-1)).toMatchObject({ seat, by: 'player' });
    expect(sh.g.banks[seat]).toBe(HOUR);
  });

  it('run the clock again once over: the time past the move comes out of the bank, then a stand-in plays', () => {
    const sh = table(true, withOff());
    const seat = sh.toAct;
    sh.until(OFF.to + 5 * HOUR - HOUR - 1); // 1 hour before, 4 hours − 1 ms after: just in time
    expect(sh.actions).toEqual([]);
    sh.until(OFF.to + 4 * HOUR + 1000); // the move's 4 hours and the bank's 1 are spent, and a bot's moment
    expect(sh.actions.at(-1)).toMatchObject({ seat, by: 'stand-in' });
    expect(Date.parse(sh.actions.at(-1)!.at)).toBeGreaterThanOrEqual(OFF.to + 4 * HOUR);
    expect(Date.parse(sh.actions.at(-1)!.at)).toBeLessThan(OFF.to + 4 * HOUR + 1000);
    expect(sh.g.banks[seat]).toBe(0);
  });

  it('shows the seat on vacation until its end while it lasts, and not before or after', () => {
    const sh = table(true, withOff());
    const seat = sh.toAct;
    const seatOf = () => {
      sh.ok({ type: 'watch', watcher: `w${sh.now}`, player: 'carol' });
      const msg = sh.effects.find((e) => e.kind === 'send' && e.msg.type === 'table') as Extract<Effect, { kind: 'send' }>;
      return (msg.msg as { table: { seats: Record<string, unknown>[] } }).table.seats[seat]!;
    };
    expect(seatOf()).not.toHaveProperty('vacationUntil');
    sh.now = OFF.from;
    expect(seatOf()).toMatchObject({ vacationUntil: OFF.to });
    sh.now = OFF.to;
    expect(seatOf()).not.toHaveProperty('vacationUntil');
  });

  it('declared or ended during a move re-arm its timer and send the new deadline', () => {
    const sh = table(true);
    expect(sh.g.deadline).toBe(START + 5 * HOUR);
    sh.ok({ type: 'watch', watcher: 'w', player: 'carol' });
    sh.until(START + HOUR);
    sh.tell(FIRST, person(FIRST, [OFF]));
    expect(sh.effects).toContainEqual({ kind: 'arm', key: 'move', at: START + 5 * HOUR + 2 * DAY });
    const sent = sh.effects.filter((e) => e.kind === 'send' && e.msg.type === 'game').map((e) => (e as { msg: { deadline: number } }).msg.deadline);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent)).toEqual(new Set([START + 5 * HOUR + 2 * DAY]));
    // Ended a day in: the day off counts, the rest does not.
    sh.until(START + HOUR + DAY);
    sh.tell(FIRST, person(FIRST, [{ from: OFF.from, to: sh.now }]));
    expect(sh.timers.get('move')).toBe(START + 5 * HOUR + DAY);
    expect(sh.g.deadline).toBe(START + 5 * HOUR + DAY);
    // Nothing changes that does not move it: the timer is not armed again.
    sh.tell(FIRST, person(FIRST, [{ from: OFF.from, to: sh.now }]));
    expect(sh.effects.filter((e) => e.kind === 'arm')).toEqual([]);
  });

  it('give a table rebuilt from its log the same banks and deadline', () => {
    const sh = table(true, withOff());
    // A few moves: the first across the vacation, half an hour into its bank; the rest in time.
    sh.move(OFF.to + 3.5 * HOUR);
    for (let i = 0; i < 6 && sh.module.outcome(sh.g.state) === null; i++) sh.move(sh.now + 3 * HOUR);
    const live = sh.state.game!;
    expect(live.banks[FIRST === 'ann' ? 0 : 1]).toBe(HOUR / 2);
    const first = sh.actions.find((a) => a.seat === (FIRST === 'ann' ? 0 : 1))!;
    expect(Date.parse(first.at)).toBe(OFF.to + 3.5 * HOUR);
    const again = sh.restored();
    expect(again.game!.banks).toEqual(live.banks);
    // Without the periods, the same log would give other banks: the vacation is what keeps them.
    const without = restoreTable({ row: sh.row, game: sh.game, actions: sh.actions, people: { ann: person('Ann'), bob: person('Bob') }, settings: SETTINGS }, sh.now);
    if (!without.ok) throw new Error(without.message);
    expect(without.state.game!.banks).not.toEqual(live.banks);
    const loaded = step(again, { type: 'load' }, sh.now);
    expect(loaded.state.game!.deadline).toBe(live.deadline);
  });
});

describe('days off at a turn-based table that does not allow them', () => {
  it('change nothing: the clock runs and a stand-in plays at the usual time', () => {
    const sh = table(false, withOff());
    const seat = sh.toAct;
    expect(sh.g.deadline).toBe(START + 5 * HOUR);
    sh.until(START + 5 * HOUR + 1000); // and a bot's moment
    expect(sh.actions.at(-1)).toMatchObject({ seat, by: 'stand-in' });
    sh.ok({ type: 'watch', watcher: 'w', player: 'carol' });
    const msg = sh.effects.find((e) => e.kind === 'send' && e.msg.type === 'table') as Extract<Effect, { kind: 'send' }>;
    expect((msg.msg as { table: { seats: object[] } }).table.seats[seat]).not.toHaveProperty('vacationUntil');
  });
});
