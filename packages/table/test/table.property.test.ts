import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@parlor/protocol';
import { GAMES, GAME_IDS, type GameId, type Rng, type Seat, type Viewer, allowedValues, createRng } from '@parlor/rules';
import {
  type ActionRow, type Effect, type GameRow, type Person, type Step, type TableInput, type TableRow, type TableSettings, type TableState,
  newTableRow, newTableState, restoreTable, seatsOf, step,
} from '../src/index.js';

/**
 * The table core, driven by random inputs for every game in the registry, through a model shell
 * that does what a shell must (stores the writes first, keeps the state only if they are stored,
 * arms the timers, answers the bots, delivers the messages), checking after every input:
 *  - a refused input stores nothing and leaves the game and the table's row as they were;
 *  - every game message a watcher gets is exactly what its viewer may know: the rules' view for
 *    it, events public or its own, no seed before the end;
 *  - nothing stalls: a running game always waits for a person who can still act, or has a timer
 *    armed that will move it;
 *  - the table rebuilt from what was stored (a restart) is the same game;
 * and at the end, once every person has gone, the bots and clocks finish the game.
 */

const SETTINGS: TableSettings = { botDelayMs: [100, 900], graceSeconds: 30, replaceAfterSeconds: 120, idleMinutes: 10, openTableMinutes: 30, timerScale: 1 };
const START = Date.UTC(2026, 5, 1);
const json = (x: unknown) => JSON.stringify(x);

interface Stored {
  row: TableRow;
  games: Map<number, GameRow>;
  actions: Map<number, ActionRow[]>;
}

/** A shell with an in-memory store, a clock the test moves, bots that answer at once, and watchers' inboxes. */
class ModelShell {
  state: TableState;
  now = START;
  readonly stored: Stored;
  readonly timers = new Map<string, number>();
  readonly inbox = new Map<string, ServerMessage[]>();
  /** Bots' questions not yet answered. */
  readonly asks: Extract<Effect, { kind: 'ask' }>['ask'][] = [];
  /** Every position of the current game as stored so far (its log folded by the rules), by seq. */
  readonly positions: unknown[] = [];
  /** When set, the next step's first write fails (nothing is stored). */
  failNext = false;
  steps = 0;

  constructor(row: TableRow, people: Record<string, Person>) {
    this.state = newTableState(row, people, SETTINGS, this.now);
    this.stored = { row, games: new Map(), actions: new Map() };
  }

  get module() { return GAMES[this.state.row.game]; }

  feed(input: TableInput): Step {
    this.steps++;
    const before = this.state;
    const s = step(before, input, this.now);
    if (s.refusal !== null) {
      expect(s.writes, `a refused ${input.type} writes nothing`).toEqual([]);
      expect(json(s.state.row), `a refused ${input.type} leaves the row`).toBe(json(before.row));
      // The game as played: its position and log (a refused move by a seat a stand-in played still
      // brings its player back, which moves the clocks: that is not the game).
      const played = (t: TableState) => json(t.game === null ? null : [t.game.no, t.game.seq, t.game.state, t.game.moves, t.game.allEvents]);
      expect(played(s.state), `a refused ${input.type} leaves the game`).toBe(played(before));
    }
    if (s.writes.length > 0 && this.failNext) {
      this.failNext = false;
      return s; // the store failed at its first write: nothing stored, the table stays as it was
    }
    for (const w of s.writes) this.write(w);
    this.state = s.state;
    for (const e of s.effects) this.perform(e);
    return s;
  }

  private write(w: Step['writes'][number]): void {
    switch (w.op) {
      case 'table': this.stored.row = w.row; return;
      case 'game': {
        this.stored.games.set(w.game.gameNo, w.game);
        this.stored.actions.set(w.game.gameNo, []);
        const started = this.module.setup({ players: this.state.row.seats.length, options: w.game.options, seed: w.game.seed });
        if (!started.ok) throw new Error(started.error.message);
        this.positions.splice(0, this.positions.length, started.value);
        return;
      }
      case 'action': {
        const log = this.stored.actions.get(w.gameNo)!;
        expect(w.action.seq, 'actions are stored in order, once each').toBe(log.length);
        log.push(w.action);
        const r = this.module.apply(this.positions.at(-1) as never, w.action.seat, w.action.action);
        if (!r.ok) throw new Error(`a stored action is refused: ${r.error.message}`);
        this.positions.push(r.state);
        return;
      }
      case 'finish': {
        const g = this.stored.games.get(w.finish.gameNo)!;
        this.stored.games.set(g.gameNo, { ...g, finishedAt: w.finish.finishedAt, result: w.finish.result, stats: w.finish.stats });
      }
    }
  }

  private perform(e: Effect): void {
    switch (e.kind) {
      case 'send':
        for (const to of e.to) {
          this.checkSeen(to, e.msg);
          let box = this.inbox.get(to);
          if (box === undefined) this.inbox.set(to, (box = []));
          box.push(e.msg);
        }
        return;
      case 'arm': this.timers.set(e.key, e.at); return;
      case 'disarm': this.timers.delete(e.key); return;
      case 'ask': this.asks.push(e.ask); return;
      default: return;
    }
  }

  /** A game message holds only what its viewer may know: the position it shows, as the rules show it to that viewer. */
  private checkSeen(watcher: string, msg: ServerMessage): void {
    if (msg.type !== 'game') return;
    const g = this.state.game!;
    const m = this.module;
    const position = this.positions[msg.seq];
    expect(position, `a position that was stored (seq ${msg.seq})`).toBeDefined();
    const player = this.state.watchers[watcher];
    const seats = player === undefined ? [] : seatsOf(this.state.row, player);
    const viewer: Viewer = msg.seat ?? 'spectator';
    expect(msg.seat === null ? seats.length === 0 : seats.includes(msg.seat), 'a watcher gets its own seat, or the spectator view').toBe(true);
    expect(json(msg.view)).toBe(json(m.view(position as never, viewer)));
    for (const e of [...msg.events, ...(msg.history ?? [])]) expect((e as { only?: Seat }).only ?? viewer).toBe(viewer);
    const over = m.outcome(position as never) !== null;
    if (!over) {
      expect(msg.seed).toBeNull();
      expect(json(msg).includes(g.seed), 'the seed is secret until the end').toBe(false);
    }
    if (msg.seat === null || !msg.waitingFor.includes(msg.seat)) expect(msg.legal).toEqual([]);
    else expect(json(msg.legal)).toBe(json(m.legalActions(position as never, msg.seat)));
  }

  /** Moves the clock to the next timer and fires it (false: none is armed). */
  tick(): boolean {
    let next: [string, number] | null = null;
    for (const t of this.timers) if (next === null || t[1] < next[1]) next = t;
    if (next === null) return false;
    this.now = Math.max(this.now, next[1]);
    this.timers.delete(next[0]);
    this.feed({ type: 'timer', key: next[0] });
    return true;
  }

  /** Answers the bots' questions: mostly a legal action, sometimes nonsense or a failure (the core plays for them). */
  answer(rng: Rng): void {
    for (const ask of this.asks.splice(0)) {
      const r = rng.int(10);
      const action = r === 0 ? { type: 'nonsense' } : r === 1 ? undefined : ask.legal[rng.int(ask.legal.length)];
      this.feed({ type: 'bot', seat: ask.seat, seq: ask.seq, action, ...(r === 1 ? { failed: 'the bot threw' } : {}) });
    }
  }

  /** Nothing stalls: a running game waits for a person who may act, or a timer that will move it. */
  checkNotStalled(): void {
    const s = this.state;
    const g = s.game;
    if (g === null || s.row.status !== 'running') return;
    const m = this.module;
    if (m.outcome(g.state as never) !== null) {
      expect(this.timers.has('finish') || this.asks.length > 0, 'a game whose last move is stored has its end recorded').toBe(true);
      return;
    }
    const moving = this.timers.size > 0 || this.asks.length > 0;
    const people = m.toAct(g.state as never).filter((seat) => s.row.seats[seat]!.kind === 'player' && s.away[seat] === undefined);
    expect(moving || people.length > 0, `seq ${g.seq}: waits for ${json(m.toAct(g.state as never))}, none a person present, and no timer`).toBe(true);
  }

  /** The table as a restart would rebuild it from the store: the same game. */
  checkRestart(): void {
    const r = restoreTable({
      row: this.stored.row, game: this.stored.games.get(this.stored.row.gameNo) ?? null,
      actions: this.stored.actions.get(this.stored.row.gameNo) ?? [], people: this.state.people, settings: SETTINGS,
    }, this.now);
    if (!r.ok) throw new Error(r.message);
    expect(json(r.state.row)).toBe(json(this.state.row));
    const a = r.state.game;
    const b = this.state.game;
    // A closed table is not played again: a restart keeps its row alone.
    if (b === null || this.state.row.status === 'closed') return;
    expect(a).not.toBeNull();
    for (const k of ['no', 'seq', 'state', 'allEvents', 'moves', 'commitment', 'lastBy', 'lastSeat'] as const) {
      expect(json(a![k]), `restored ${k}`).toBe(json(b[k]));
    }
  }
}

const person = (name: string, connected = true, since: number | null = null): Person => ({ name, account: true, connected, since });

/** One random table's life for `game`: people and bots sit, games start, and random inputs arrive. */
function life(game: GameId, seed: number): void {
  const rng = createRng(`table-core ${game} ${seed}`);
  const module = GAMES[game];
  const players = module.minPlayers + rng.int(Math.min(module.maxPlayers, 5) - module.minPlayers + 1);
  const options = Object.fromEntries(module.options.fields.map((f) => [f.key, rng.pick(allowedValues(f, players))]));
  const window = module.responseWindow;
  const made = newTableRow({
    game, seats: players, options, moveTimer: rng.pick([0, 30]),
    ...(window === null ? {} : { responseWindow: window.seconds.min + rng.int(window.seconds.max - window.seconds.min + 1) }),
  }, { id: 'T', invite: 'secret', creator: 'p0', account: true, now: START });
  if (!made.ok) throw new Error(made.refusal.message);
  const ids = Array.from({ length: players }, (_, i) => `p${i}`);
  const shell = new ModelShell(made.row, { p0: person('p0') });
  shell.feed({ type: 'watch', watcher: 'w-p0', player: 'p0' });
  for (let seat = 1; seat < players; seat++) {
    if (rng.int(2) === 0) {
      shell.feed({ type: 'sit', player: ids[seat]!, person: person(ids[seat]!), seat, watcher: `w-${ids[seat]}` });
    } else {
      expect(shell.feed({ type: 'bot.add', player: 'p0', seat, level: 'random' }).refusal).toBeNull();
    }
  }
  shell.feed({ type: 'watch', watcher: 'spectator', player: 'someone', person: person('someone') });
  expect(shell.feed({ type: 'start', player: 'p0', seed: `deal ${seed}` }).refusal).toBeNull();
  const seated = () => ids.filter((id) => seatsOf(shell.state.row, id).length > 0);
  for (let n = 0; n < 250 && shell.state.row.status !== 'finished'; n++) {
    const g = shell.state.game!;
    const who = rng.pick(seated().length > 0 ? seated() : ['p0']);
    const seat = seatsOf(shell.state.row, who)[0] ?? 0;
    const legal = module.legalActions(g.state as never, seat);
    const roll = rng.int(20);
    if (roll < 8 && legal.length > 0) shell.feed({ type: 'act', player: who, seat, seq: g.seq, action: legal[rng.int(legal.length)] });
    else if (roll === 8) shell.feed({ type: 'act', player: who, seat, seq: g.seq, action: { type: 'nonsense' } });
    else if (roll === 9) shell.feed({ type: 'act', player: who, seat, seq: g.seq - 1, action: legal[0] ?? null });
    else if (roll === 10) shell.feed({ type: 'act', player: 'stranger', seat, seq: g.seq, action: legal[0] ?? null });
    else if (roll === 11) shell.feed({ type: 'person', player: who, person: person(who, false, shell.now) });
    else if (roll === 12) shell.feed({ type: 'watch', watcher: `w-${who}`, player: who, person: person(who) });
    else if (roll === 13) shell.feed({ type: rng.pick(['leave', 'back', 'replace'] as const), player: who, seat: rng.int(players) });
    else if (roll === 14) shell.feed({ type: rng.pick(['sit', 'bot.remove'] as const) === 'sit' ? 'sit' : 'bot.remove', player: who, seat: rng.int(players) } as TableInput);
    else if (roll === 15) { shell.failNext = true; if (legal.length > 0) shell.feed({ type: 'act', player: who, seat, seq: g.seq, action: legal[0] }); shell.failNext = false; }
    else if (roll === 16) shell.feed({ type: 'sweep' });
    else if (roll === 17) shell.checkRestart();
    else shell.tick();
    shell.answer(rng);
    shell.checkNotStalled();
  }
  shell.checkRestart();
  // Everyone goes; after the idle time the bots finish whatever is left.
  for (const id of seated()) shell.feed({ type: 'person', player: id, person: person(id, false, shell.now) });
  shell.now += SETTINGS.idleMinutes * 60_000;
  shell.feed({ type: 'sweep' });
  for (let n = 0; n < 20_000 && shell.state.row.status === 'running'; n++) {
    shell.answer(rng);
    shell.checkNotStalled();
    if (!shell.tick() && shell.asks.length === 0) break;
  }
  // A game that ended earlier leaves a finished table, which the idle sweep then closes.
  expect(['finished', 'closed'], `${game}: the bots and clocks finish the game`).toContain(shell.state.row.status);
  expect(shell.stored.games.get(shell.state.row.gameNo)!.finishedAt).not.toBeNull();
  shell.checkRestart();
}

describe.each(GAME_IDS)('the table core with %s', (game) => {
  it('random inputs: refusals change nothing, watchers see only their view, nothing stalls, a restart gives the same game', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => { life(game, seed); }), { numRuns: 8, seed: 7 });
  });
});
