import { describe, expect, it } from 'vitest';
import { TURN_TIMEOUTS_TO_LEAVE } from '@parlor/protocol';
import { type AnyGame, gameModule } from '@parlor/rules';
import {
  type ActionRow, type Effect, type FinishedGame, type GameRow, type Person, type TableInput, type TableRow, type TableSettings, type TableState,
  type TurnNotice, newTableRow, newTableState, restoreTable, step, turnNotices,
} from '../src/index.js';

// A turn-based table on a clock the test moves by hours: each seat's time per move, then its
// time bank, then a stand-in bot for that one move; a seat given up after too many moves in a
// row played for it; nobody needs to be there (docs/protocol.md, "Turn-based tables").

const HOUR = 3_600_000;
const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const SETTINGS: TableSettings = { botDelayMs: [100, 900], graceSeconds: 30, replaceAfterSeconds: 120, idleMinutes: 10, openTableMinutes: 30, timerScale: 1 };
const away = (name: string): Person => ({ name, account: true, connected: false, since: START });

/** A shell around the pure table: stores its writes, arms its timers, answers its bots with their first legal action. */
class Shell {
  state: TableState;
  now = START;
  row: TableRow;
  game: GameRow | null = null;
  actions: ActionRow[] = [];
  finished: FinishedGame | null = null;
  readonly timers = new Map<string, number>();
  readonly asks: Extract<Effect, { kind: 'ask' }>['ask'][] = [];
  /** What each step gave its players to be told of, away from the table. */
  readonly notices: TurnNotice[] = [];

  constructor(row: TableRow) {
    this.row = row;
    this.state = newTableState(row, { ann: away('Ann'), bob: away('Bob') }, SETTINGS, this.now);
  }

  get module(): AnyGame { return gameModule(this.state.row.game); }
  get g() { return this.state.game!; }

  /** Feeds an input; a refusal is returned (and nothing is kept), else null. */
  feed(input: TableInput): { code: string } | null {
    const s = step(this.state, input, this.now);
    if (s.refusal !== null) return s.refusal;
    for (const w of s.writes) {
      if (w.op === 'table') this.row = w.row;
      else if (w.op === 'game') { this.game = w.game; this.actions = []; }
      else if (w.op === 'action') this.actions.push(w.action);
      else this.finished = w.finish;
    }
    this.notices.push(...turnNotices(this.state, s.state));
    this.state = s.state;
    for (const e of s.effects) {
      if (e.kind === 'arm') this.timers.set(e.key, e.at);
      else if (e.kind === 'disarm') this.timers.delete(e.key);
      else if (e.kind === 'ask') this.asks.push(e.ask);
    }
    return null;
  }

  ok(input: TableInput): void {
    const r = this.feed(input);
    if (r !== null) throw new Error(`${input.type} refused: ${r.code}`);
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

  /** The seat on the move lets its clock run out: the stand-in moves for it (after a bot's moment, under a second). */
  timeOut(): void { this.until(this.g.deadline! + 1000); }

  /** The seat the game waits for now (a turn-based Flip 7 game waits for one at a time here). */
  get toAct(): number { return this.module.toAct(this.g.state)[0]!; }
  playerOf(seat: number): string { return seat === 0 ? 'ann' : 'bob'; }

  /** The player on the move plays their first legal action at `at`. */
  move(at: number): number {
    this.until(at);
    const seat = this.toAct;
    this.ok({ type: 'act', player: this.playerOf(seat), seat, seq: this.g.seq, action: this.module.legalActions(this.g.state, seat)[0] });
    return seat;
  }
}

function turnTable(bankSeconds = 3600): Shell {
  const made = newTableRow({ game: 'flip-7', seats: 2, turnBased: { moveSeconds: 4 * 3600, bankSeconds } }, { id: 't1', invite: 'inv', creator: 'ann', account: true, now: START });
  if (!made.ok) throw new Error(made.refusal.message);
  const sh = new Shell(made.row);
  sh.ok({ type: 'sit', player: 'bob', seat: 1 });
  sh.ok({ type: 'start', player: 'ann', seed: 'turn-based-test' });
  return sh;
}

describe('a turn-based table', () => {
  it("has the move's own time, then its bank, spent by the time past the move's", () => {
    const sh = turnTable();
    expect(sh.row.moveTimer).toBe(4 * 3600);
    expect(sh.g.banks).toEqual([HOUR, HOUR]);
    const first = sh.toAct;
    // The deadline is the move's 4 hours and the whole 1-hour bank.
    expect(sh.g.deadline).toBe(START + 5 * HOUR);
    const seat = sh.move(START + 4.5 * HOUR); // half an hour into the bank
    expect(seat).toBe(first);
    const banks = [HOUR, HOUR];
    banks[seat] = HOUR / 2;
    expect(sh.g.banks).toEqual(banks);
    // Next on the move: its own 4 hours and its own bank, from the move before.
    expect(sh.g.deadline).toBe(START + 4.5 * HOUR + 4 * HOUR + banks[sh.toAct]!);
  });

  it('plays one move by a stand-in when both are gone, then gives the seat back', () => {
    const sh = turnTable();
    const seat = sh.toAct;
    sh.timeOut(); // the move's time and the bank run out at 5 hours: the stand-in moves
    const at = Date.parse(sh.actions.at(-1)!.at);
    expect(at).toBeGreaterThanOrEqual(START + 5 * HOUR);
    expect(at).toBeLessThan(START + 5 * HOUR + 1000);
    expect(sh.actions.at(-1)).toMatchObject({ seat, by: 'stand-in' });
    expect(sh.g.banks[seat]).toBe(0);
    expect(sh.g.standInMoves[seat]).toBe(1);
    expect(sh.state.away[seat]).toBeUndefined();
    // Back on the seat's turn, its player moves themselves: the count starts again.
    for (let guard = 0; sh.module.outcome(sh.g.state) === null && sh.toAct !== seat; guard++) {
      if (guard > 500) throw new Error('the seat never moved again');
      sh.move(sh.now + HOUR);
    }
    if (sh.module.outcome(sh.g.state) === null) {
      expect(sh.g.deadline).toBe(sh.g.waitingSince + 4 * HOUR); // no bank left
      sh.move(sh.now + HOUR);
      expect(sh.g.standInMoves[seat]).toBe(0);
    }
  });

  it(`gives a seat up to its stand-in after ${TURN_TIMEOUTS_TO_LEAVE} such moves in a row: refused back, scored as left, kept after a restart`, () => {
    const sh = turnTable(0);
    const quitter = sh.toAct;
    const other = 1 - quitter;
    // The other player moves within their time; the quitter never does.
    for (let guard = 0; sh.g.standInMoves[quitter]! < TURN_TIMEOUTS_TO_LEAVE; guard++) {
      if (guard > 500 || sh.finished !== null) throw new Error('the game ended, or went on, without the seat being given up');
      if (sh.toAct === other) sh.move(sh.now + HOUR);
      else sh.timeOut();
    }
    // (Its stand-in may already have played on: the seat was given up with the last of them.)
    const quitterMoves = sh.actions.filter((a) => a.seat === quitter).map((a) => a.by);
    expect(quitterMoves.length).toBeGreaterThanOrEqual(TURN_TIMEOUTS_TO_LEAVE);
    expect(new Set(quitterMoves)).toEqual(new Set(['stand-in']));
    expect(sh.state.away[quitter]).toBe('left');
    const before = sh.state;
    // Refused, and nothing changes: no write, the same state.
    const refusedWith = (input: TableInput) => {
      const r = step(before, input, sh.now);
      expect(r.refusal?.code).toBe('TIMED_OUT');
      expect(r.writes).toEqual([]);
      expect(r.state).toBe(before);
    };
    refusedWith({ type: 'back', player: sh.playerOf(quitter), seat: quitter });
    if (sh.toAct === quitter) {
      refusedWith({ type: 'act', player: sh.playerOf(quitter), seat: quitter, seq: sh.g.seq, action: sh.module.legalActions(sh.g.state, quitter)[0] });
    }

    // Rebuilt from what was stored, the table has the same banks, counts and given-up seat.
    const restored = restoreTable({ row: sh.row, game: sh.game, actions: sh.actions, people: before.people, settings: SETTINGS }, sh.now);
    if (!restored.ok) throw new Error(restored.message);
    expect(restored.state.game!.banks).toEqual(before.game!.banks);
    expect(restored.state.game!.standInMoves).toEqual(before.game!.standInMoves);
    expect(restored.state.away).toEqual({ [quitter]: 'left' });

    // The stand-in plays the seat to the end; its player is scored as having left.
    for (let guard = 0; sh.finished === null; guard++) {
      if (guard > 2000) throw new Error('the game did not end');
      if (sh.toAct === other) sh.move(sh.now + HOUR);
      else sh.until(sh.now + HOUR);
    }
    expect(sh.finished.left).toEqual([quitter]);
    // Everyone hears where they came, the one who left too (ranked last).
    const ended = sh.notices.filter((n) => n.kind === 'game-ended');
    const places = (sh.module.outcome(sh.g.state) as { places: number[] }).places;
    expect(ended.map((n) => [n.playerId, n.place])).toEqual([['ann', places[0]], ['bob', places[1]]]);
  });

  it("tells the player on the move, with when it is due, once a position", () => {
    const sh = turnTable();
    // The first move is the start's: its player hears of it.
    expect(sh.notices).toEqual([{ kind: 'your-move', playerId: sh.playerOf(sh.toAct), tableId: 't1', moveKey: '1:0', dueAt: START + 5 * HOUR }]);
    sh.notices.length = 0;
    const seat = sh.move(START + HOUR);
    const next = sh.toAct;
    expect(sh.notices).toEqual([{ kind: 'your-move', playerId: sh.playerOf(next), tableId: 't1', moveKey: `1:${sh.g.seq}`, dueAt: sh.g.deadline }]);
    expect(next === seat || sh.notices[0]!.playerId !== sh.playerOf(seat)).toBe(true);
    // A step that changes no position (a watcher comes) tells nobody again.
    sh.notices.length = 0;
    sh.ok({ type: 'watch', watcher: 'w1', player: 'carol' });
    expect(sh.notices).toEqual([]);
  });

  it('waits with nobody there: no grace stand-ins, and the idle sweep leaves the game alone', () => {
    const sh = turnTable();
    expect([...sh.timers.keys()].filter((k) => k.startsWith('grace:'))).toEqual([]);
    const seq = sh.g.seq;
    sh.now = START + 3 * HOUR; // far past the idle minutes, still within the move's time
    sh.ok({ type: 'sweep' });
    expect(sh.state.away).toEqual({});
    expect(sh.g.seq).toBe(seq);
    expect(sh.asks).toEqual([]);
  });

  it('is refused with a clear message for clocks it cannot have', () => {
    const make = (req: object) => newTableRow({ game: 'flip-7', seats: 2, ...req } as never, { id: 't', invite: 'i', creator: 'ann', account: true, now: START });
    expect(make({ turnBased: { moveSeconds: 4 * 3600 }, moveTimer: 30 })).toMatchObject({ ok: false, refusal: { code: 'BAD_MESSAGE', message: expect.stringContaining('"moveTimer"') } });
    expect(make({ turnBased: { moveSeconds: 100 } })).toMatchObject({ ok: false, refusal: { message: expect.stringContaining('"turnBased.moveSeconds" must be one of') } });
    expect(make({ turnBased: { moveSeconds: 86_400, bankSeconds: -1 } })).toMatchObject({ ok: false, refusal: { message: expect.stringContaining('bankSeconds') } });
    expect(make({ turnBased: { moveSeconds: 86_400, windowSeconds: 600 } })).toMatchObject({ ok: false, refusal: { message: expect.stringContaining('no response window') } });
    const sf = newTableRow({ game: 'stir-fry-eighteen', seats: 3, turnBased: { moveSeconds: 86_400, windowSeconds: 2 * 3600 } }, { id: 't', invite: 'i', creator: 'ann', account: true, now: START });
    expect(sf).toMatchObject({ ok: true, row: { moveTimer: 86_400, responseWindow: 7200, turnBased: { bankSeconds: 3 * 86_400, vacation: false } } });
  });
});
