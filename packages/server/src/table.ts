import { randomBytes } from 'node:crypto';
import { type Bot, botLevels, createBot } from '@parlor/bots';
import type { GameSnapshot, SeatInfo, ServerMessage, TableSummary } from '@parlor/protocol';
import { type GameEvent, type Rng, type Seat, createRng, eventsFor } from '@parlor/rules';
import type { ServerConfig } from './config.js';
import { type AnyGame, gameModule, gameStats, inWindow, windowDefault } from './games.js';
import { commitmentOf } from './identity.js';
import type { Metrics } from './metrics.js';
import type { GameRow, SeatRow, Store, TableRow } from './store/store.js';

/** A connection as a table sees it. */
export interface Client {
  readonly playerId: string;
  send(msg: ServerMessage): void;
}

/** What a table needs from the server around it. */
export interface TableHost {
  readonly store: Store;
  readonly metrics: Metrics;
  readonly config: ServerConfig;
  playerName(id: string): string;
  isConnected(playerId: string): boolean;
  tableChanged(table: Table): void;
  readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** A refusal to send back: a protocol or rule code and a sentence. */
export class Refusal extends Error {
  constructor(readonly code: string, message: string) { super(message); }
}

interface RunningGame {
  readonly no: number;
  readonly seed: string;
  readonly commitment: string;
  readonly module: AnyGame;
  state: unknown;
  /** Actions played so far. */
  seq: number;
  /** The last action's events (every audience), for snapshots sent between actions. */
  lastEvents: GameEvent[];
  /** Every event of the game so far (every audience), for the end-of-game statistics. */
  readonly allEvents: GameEvent[];
  /** Per-player statistics, once the game is over. */
  stats: unknown[] | null;
  /** Bots by seat: bot seats, and a basic bot for each seat played for an absent player. */
  readonly bots: Map<Seat, Bot>;
  readonly rng: Rng;
  deadline: number | null;
  /** When the current window (several seats asked at once: a taste test) closes, while it lasts. */
  windowEnds: number | null;
}

/**
 * One table: its seats, its current game (the fold of its action log), its watchers, timers and
 * bots. Every change runs in order on the table's queue, so two actions never interleave, and an
 * action is in the store before anyone hears of it.
 */
export class Table {
  game: RunningGame | null = null;
  readonly watchers = new Set<Client>();
  /** Seats whose player is away: a basic bot plays them until the player is back. */
  readonly away = new Set<Seat>();
  private queue: Promise<void> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();

  constructor(public row: TableRow, private readonly host: TableHost) {}

  get id(): string { return this.row.id; }

  /** Runs `fn` after everything queued before it; its refusal or result goes to the caller. */
  exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.then(() => undefined, () => undefined);
    return run;
  }

  // ---- what clients see -------------------------------------------------------------------

  seatInfo(): SeatInfo[] {
    return this.row.seats.map((s, seat): SeatInfo => {
      if (s.kind === 'empty') return { seat, kind: 'empty' };
      if (s.kind === 'bot') return { seat, kind: 'bot', level: s.level, name: `${s.level} bot` };
      return {
        seat, kind: 'player', player: { id: s.playerId, name: this.host.playerName(s.playerId) },
        connected: this.host.isConnected(s.playerId), away: this.away.has(seat),
      };
    });
  }

  summary(): TableSummary {
    const r = this.row;
    const seated = new Set(r.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : [])));
    return {
      id: r.id, game: r.game, options: r.options, seats: this.seatInfo(), status: r.status, private: r.private,
      moveTimer: r.moveTimer, tasteWindow: r.tasteWindow,
      creator: { id: r.creatorId, name: this.host.playerName(r.creatorId) },
      gameNo: r.gameNo, spectators: [...this.watchers].filter((c) => !seated.has(c.playerId)).length, createdAt: r.createdAt,
    };
  }

  seatsOf(playerId: string): Seat[] {
    return this.row.seats.flatMap((s, i) => (s.kind === 'player' && s.playerId === playerId ? [i] : []));
  }

  tableMessage(c: Client, re?: string | number): ServerMessage {
    const yourSeats = this.seatsOf(c.playerId);
    const member = yourSeats.length > 0 || c.playerId === this.row.creatorId;
    return { type: 'table', ...(re === undefined ? {} : { re }), table: this.summary(), invite: this.row.private && member ? this.row.invite : null, yourSeats };
  }

  /** The game as `seat` (null: a spectator) sees it, with `events` (all audiences) filtered for it. */
  snapshot(seat: Seat | null, events: readonly GameEvent[], withHistory = false): GameSnapshot {
    const g = this.game!;
    const viewer = seat ?? 'spectator';
    const over = g.module.outcome(g.state);
    const waitingFor = g.module.toAct(g.state);
    return {
      tableId: this.id, gameNo: g.no, seq: g.seq, seat,
      view: g.module.view(g.state, viewer),
      events: eventsFor(events, viewer) as GameSnapshot['events'],
      legal: seat !== null && waitingFor.includes(seat) ? [...g.module.legalActions(g.state, seat)] : [],
      waitingFor, deadline: g.deadline, commitment: g.commitment,
      seed: over === null ? null : g.seed,
      outcome: over,
      stats: over === null ? null : g.stats,
      ...(withHistory ? { history: eventsFor(g.allEvents, viewer) as GameSnapshot['events'] } : {}),
    };
  }

  /**
   * Sends `c` the game: one message per seat it holds, or the spectator's. `withHistory` (on
   * watching, e.g. after a reload) adds every event so far as that seat may see it, for the game log.
   */
  sendGame(c: Client, events: readonly GameEvent[], withHistory = false): void {
    if (this.game === null) return;
    const seats = this.seatsOf(c.playerId);
    if (seats.length === 0) c.send({ type: 'game', ...this.snapshot(null, events, withHistory) });
    for (const seat of seats) c.send({ type: 'game', ...this.snapshot(seat, events, withHistory) });
  }

  broadcastTable(): void {
    for (const c of this.watchers) c.send(this.tableMessage(c));
    this.host.tableChanged(this);
  }

  // ---- seats ------------------------------------------------------------------------------

  private editable(): void {
    if (this.row.status === 'running') throw new Refusal('ALREADY_RUNNING', 'The game has started: seats change between games.');
  }

  private seatRow(seat: Seat): SeatRow {
    const s = this.row.seats[seat];
    if (s === undefined) throw new Refusal('NO_SUCH_SEAT', `The table has no seat ${seat}.`);
    return s;
  }

  private async setSeats(seats: SeatRow[]): Promise<void> {
    this.row = { ...this.row, seats };
    await this.host.store.saveTable(this.row);
    this.broadcastTable();
  }

  async sit(playerId: string, seat: Seat): Promise<void> {
    this.editable();
    if (this.seatRow(seat).kind !== 'empty') throw new Refusal('SEAT_TAKEN', `Seat ${seat} is taken.`);
    await this.setSeats(this.row.seats.map((s, i) => (i === seat ? { kind: 'player', playerId } : s)));
  }

  async leave(playerId: string, seat: Seat): Promise<void> {
    this.editable();
    const s = this.seatRow(seat);
    if (s.kind !== 'player' || s.playerId !== playerId) throw new Refusal('NOT_YOUR_SEAT', `You do not hold seat ${seat}.`);
    await this.setSeats(this.row.seats.map((x, i) => (i === seat ? { kind: 'empty' } : x)));
  }

  async addBot(playerId: string, seat: Seat, level: 'random' | 'basic' | 'expert'): Promise<void> {
    this.creatorOnly(playerId);
    this.editable();
    if (!botLevels(this.row.game).includes(level)) {
      throw new Refusal('BAD_MESSAGE', `There is no ${level} bot for ${this.row.game}; choose ${botLevels(this.row.game).join(', ')}.`);
    }
    if (this.seatRow(seat).kind !== 'empty') throw new Refusal('SEAT_TAKEN', `Seat ${seat} is taken.`);
    await this.setSeats(this.row.seats.map((s, i) => (i === seat ? { kind: 'bot', level } : s)));
  }

  async removeBot(playerId: string, seat: Seat): Promise<void> {
    this.creatorOnly(playerId);
    this.editable();
    if (this.seatRow(seat).kind !== 'bot') throw new Refusal('NO_SUCH_SEAT', `Seat ${seat} holds no bot.`);
    await this.setSeats(this.row.seats.map((s, i) => (i === seat ? { kind: 'empty' } : s)));
  }

  private creatorOnly(playerId: string): void {
    if (playerId !== this.row.creatorId) throw new Refusal('NOT_CREATOR', 'Only the table creator may do that.');
  }

  // ---- games ------------------------------------------------------------------------------

  /** Starts a game (the first, or "play again" with the same seats). */
  async start(playerId: string): Promise<void> {
    const seated = this.seatsOf(playerId).length > 0;
    if (this.row.status === 'open') this.creatorOnly(playerId);
    else if (this.row.status === 'finished' && !seated && playerId !== this.row.creatorId) {
      throw new Refusal('NOT_CREATOR', 'Only the players at the table may start another game.');
    }
    this.editable();
    if (this.row.seats.some((s) => s.kind === 'empty')) throw new Refusal('NOT_READY', 'Every seat must be taken (by a player or a bot) first.');
    const seed = randomBytes(32).toString('hex');
    const no = this.row.gameNo + 1;
    const module = gameModule(this.row.game);
    const setup = module.start({ players: this.row.seats.length, options: this.row.options, seed });
    if (!setup.ok) throw new Refusal(setup.error.code, setup.error.message);
    const gameRow: GameRow = {
      tableId: this.id, gameNo: no, seed, commitment: commitmentOf(seed), options: this.row.options,
      seats: this.row.seats.map((s) => s.kind === 'bot'
        ? { kind: 'bot' as const, name: `${s.level} bot`, level: s.level }
        : { kind: 'player' as const, name: s.kind === 'player' ? this.host.playerName(s.playerId) : '?', ...(s.kind === 'player' ? { playerId: s.playerId } : {}) }),
      startedAt: new Date().toISOString(), finishedAt: null, result: null,
    };
    // Everything that can fail is done before anything is stored.
    const running = this.newRunning(gameRow, module, setup.value.state, setup.value.events);
    await this.host.store.addGame(gameRow);
    this.row = { ...this.row, status: 'running', gameNo: no };
    await this.host.store.saveTable(this.row);
    this.away.clear();
    this.game = running;
    // Fix: schedule first, so the first snapshot already carries the move timer's deadline
    // (it used to be sent before the timer started, with deadline null).
    this.schedule();
    this.broadcastTable();
    // The first snapshots carry the opening moves (the first draw or deal) as history, for the log.
    for (const c of this.watchers) this.sendGame(c, [], true);
  }

  /** A running game from its opening position; its bots see the opening events (their own first cards). */
  private newRunning(g: GameRow, module: AnyGame, state: unknown, opening: GameEvent[]): RunningGame {
    const bots = new Map<Seat, Bot>();
    this.row.seats.forEach((s, seat) => {
      if (s.kind !== 'bot') return;
      const bot = createBot(this.row.game, s.level);
      bot.observe?.(eventsFor(opening, seat));
      bots.set(seat, bot);
    });
    return {
      no: g.gameNo, seed: g.seed, commitment: g.commitment, module, state, seq: 0, lastEvents: [], allEvents: opening.slice(), stats: null, bots,
      rng: createRng(`${g.seed}/bots`), deadline: null, windowEnds: null,
    };
  }

  /** Rebuilds the running game from its stored log (after a restart): state = fold of the actions. */
  async restore(): Promise<void> {
    if (this.row.status !== 'running') return;
    const g = await this.host.store.game(this.id, this.row.gameNo);
    if (g === null) throw new Error(`table ${this.id}: game ${this.row.gameNo} is missing`);
    const module = gameModule(this.row.game);
    const setup = module.start({ players: this.row.seats.length, options: g.options, seed: g.seed });
    if (!setup.ok) throw new Error(`table ${this.id}: ${setup.error.message}`);
    this.game = this.newRunning(g, module, setup.value.state, setup.value.events);
    for (const a of await this.host.store.actions(this.id, g.gameNo)) {
      const r = module.apply(this.game.state, a.seat, a.action);
      if (!r.ok) throw new Error(`table ${this.id}: stored action ${a.seq} is refused on replay: ${r.error.message}`);
      this.game.state = r.state;
      this.game.seq = a.seq + 1;
      this.game.lastEvents = r.events;
      this.game.allEvents.push(...r.events);
      for (const [seat, bot] of this.game.bots) bot.observe?.(eventsFor(r.events, seat));
    }
    if (module.outcome(this.game.state) !== null) await this.finish();
  }

  /** A player's action for one of their seats, checked in order: seat, game, sequence, rules. */
  async act(playerId: string, seat: Seat, seq: number, action: unknown, received: number): Promise<void> {
    const s = this.seatRow(seat);
    if (s.kind !== 'player' || s.playerId !== playerId) throw new Refusal('NOT_YOUR_SEAT', `You do not hold seat ${seat}.`);
    // Acting brings a player back — even an action that is refused (stale, say: the stand-in bot
    // moved first), since the player is evidently here. Fix: this used to happen only after the
    // sequence check, and a refused action left the stand-in bot's queued move in place, so it
    // still played for the player who had just come back.
    const back = this.away.delete(seat);
    if (back) this.broadcastTable();
    try {
      const g = this.game;
      if (g === null || this.row.status !== 'running') throw new Refusal('NOT_RUNNING', 'No game is running at this table.');
      if (seq !== g.seq) throw new Refusal('STALE', `The game is at move ${g.seq}, not ${seq}: your action was not played.`);
      await this.play(seat, action, 'player');
    } catch (e) {
      if (back && this.game !== null && this.row.status === 'running') {
        this.schedule(); // the seat is the player's again: drop the bot's queued move, restart the timer
        for (const c of this.watchers) this.sendGame(c, []);
      }
      throw e;
    }
    this.host.metrics.actionLatency.observe((performance.now() - received) / 1000);
  }

  /**
   * Plays `action` for `seat`: the rules check it, the store records it, and only then does anyone
   * hear of it. Refusals change nothing.
   */
  private async play(seat: Seat, action: unknown, by: 'player' | 'bot' | 'timer'): Promise<void> {
    const g = this.game!;
    let r: ReturnType<AnyGame['apply']>;
    try {
      r = g.module.apply(g.state, seat, action);
    } catch (err) {
      // Fix: a rules module that throws on odd input (Stir Fry Eighteen's parser did on
      // {"type":"constructor"}) came back as SERVER_ERROR; it is the player's malformed action.
      this.host.log.warn({ err, table: this.id }, 'the rules threw on an action; refused it');
      throw new Refusal('MALFORMED_ACTION', 'That action is not understood.');
    }
    if (!r.ok) throw new Refusal(r.error.code, r.error.message);
    const stored = await this.host.store.appendAction(this.id, g.no, { seq: g.seq, seat, action, at: new Date().toISOString() });
    if (!stored) throw new Refusal('STALE', 'That move was already played.');
    g.state = r.state;
    g.seq += 1;
    g.lastEvents = r.events;
    g.allEvents.push(...r.events);
    this.host.metrics.actions.inc({ game: this.row.game, by });
    for (const [botSeat, bot] of g.bots) bot.observe?.(eventsFor(r.events, botSeat));
    if (g.module.outcome(g.state) !== null) {
      await this.finish();
      for (const c of this.watchers) this.sendGame(c, r.events);
      return;
    }
    this.schedule();
    for (const c of this.watchers) this.sendGame(c, r.events);
  }

  private async finish(): Promise<void> {
    const g = this.game!;
    this.clearTimers();
    g.deadline = null;
    const outcome = g.module.outcome(g.state);
    g.stats = gameStats(this.row.game, g.allEvents, this.row.seats.length);
    await this.host.store.finishGame(this.id, g.no, outcome, new Date().toISOString(), g.stats);
    this.row = { ...this.row, status: 'finished' };
    await this.host.store.saveTable(this.row);
    this.away.clear();
    this.broadcastTable();
  }

  // ---- who moves next: bots, timers, absent players -------------------------------------------

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private later(ms: number, fn: () => Promise<void>): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.exclusive(fn).catch((e: unknown) => this.host.log.error({ err: e, table: this.id }, 'timed move failed'));
    }, ms);
    this.timers.add(t);
  }

  private botDelay(window: boolean): number {
    const [min, max] = this.host.config.botDelayMs;
    const g = this.game!;
    if (!window) return min + g.rng.float() * (max - min);
    // In a taste-test window bots take a human-like moment, so people are not always beaten to the call.
    // Fix: the ceiling is what is left of the window (a bot re-queued after someone else answered
    // used to get a full window's delay again, so the closing window trusted for it instead).
    const left = (g.windowEnds ?? Date.now() + this.clock(this.row.tasteWindow)) - Date.now();
    const ceiling = Math.max(0, left - this.clock(1));
    return Math.min(ceiling, min * 2 + g.rng.float() * (max * 3 - min * 2));
  }

  /** A game clock in ms: `seconds` scaled by `timerScale` (1 except in tests). */
  private clock(seconds: number): number {
    return seconds * 1000 * (this.host.config.timerScale ?? 1);
  }

  /** After every change: bots and away seats get their move queued; timers start for people. */
  schedule(): void {
    const g = this.game;
    if (g === null || this.row.status !== 'running') return;
    this.clearTimers();
    const toAct = g.module.toAct(g.state);
    const isWindow = inWindow(this.row.game, g.state);
    // Opponents answer at once: the window closes after tasteWindow seconds; silence trusts (SF-14).
    if (!isWindow) g.windowEnds = null;
    else g.windowEnds ??= Date.now() + this.clock(this.row.tasteWindow);
    const seq = g.seq;
    for (const seat of toAct) {
      const bot = this.botFor(seat);
      if (bot === null) continue;
      this.later(this.botDelay(isWindow), async () => {
        if (this.game !== g || g.seq !== seq) return; // the game moved on: schedule() queued afresh
        if (this.botFor(seat) !== bot) return; // its player is back (fix: the bot used to play anyway)
        await this.botMove(g, seat, bot);
      });
    }
    const people = toAct.filter((seat) => this.botFor(seat) === null);
    g.deadline = null;
    if (isWindow) {
      const ends = g.windowEnds!;
      g.deadline = ends;
      this.later(Math.max(0, ends - Date.now()), async () => {
        if (this.game !== g) return;
        const fallback = windowDefault(this.row.game);
        for (const seat of g.module.toAct(g.state)) {
          if (this.game !== g || !inWindow(this.row.game, g.state) || !g.module.toAct(g.state).includes(seat)) break;
          await this.play(seat, fallback, 'timer');
        }
      });
    } else if (people.length === 1 && this.row.moveTimer > 0) {
      g.deadline = Date.now() + this.clock(this.row.moveTimer);
      const seat = people[0]!;
      this.later(this.clock(this.row.moveTimer), async () => {
        if (this.game !== g || g.seq !== seq) return;
        this.away.add(seat); // out of time: a basic bot plays this seat until its player is back
        this.broadcastTable();
        this.schedule();
        for (const c of this.watchers) this.sendGame(c, []);
      });
    }
  }

  /**
   * A bot's move. Fix: a bot that throws, or whose choice the rules refuse, used to stall the game
   * for good (the error was only logged); it now plays a random legal action instead.
   */
  private async botMove(g: RunningGame, seat: Seat, bot: Bot): Promise<void> {
    const legal = g.module.legalActions(g.state, seat);
    let action: unknown;
    try {
      action = await bot.decide(g.module.view(g.state, seat), legal, g.rng);
    } catch (err) {
      this.host.log.error({ err, table: this.id, seat, level: bot.level }, 'bot failed to decide; playing a random legal action');
      action = undefined;
    }
    if (action !== undefined) {
      try {
        return await this.play(seat, action, 'bot');
      } catch (e) {
        if (!(e instanceof Refusal) || e.code === 'STALE') throw e;
        this.host.log.error({ table: this.id, seat, level: bot.level, code: e.code }, 'bot chose an illegal action; playing a random legal action');
      }
    }
    if (legal.length === 0) return;
    await this.play(seat, legal[Math.floor(g.rng.float() * legal.length)], 'bot');
  }

  /** The bot that moves for `seat` now: its own, or a basic one while its player is away. */
  private botFor(seat: Seat): Bot | null {
    const g = this.game!;
    const own = g.bots.get(seat);
    if (own !== undefined && this.row.seats[seat]!.kind === 'bot') return own;
    if (!this.away.has(seat)) return null;
    if (own === undefined) {
      // Fix: createBot threw when the game has no basic bot yet (Flip 7), from inside schedule(),
      // after the move was stored — the mover got SERVER_ERROR and the game stalled.
      const level = botLevels(this.row.game).includes('basic') ? 'basic' : 'random';
      const stand = createBot(this.row.game, level);
      g.bots.set(seat, stand);
    }
    return g.bots.get(seat)!;
  }

  /** A player's last connection closed: on timed tables, after the grace period a bot plays for them. */
  playerGone(playerId: string): void {
    this.broadcastTable();
    if (this.row.status !== 'running' || this.row.moveTimer === 0 || this.seatsOf(playerId).length === 0) return;
    // Fix: one grace timer per player (a restart called this once per seat, leaking timers).
    const before = this.graceTimers.get(playerId);
    if (before !== undefined) clearTimeout(before);
    const t = setTimeout(() => {
      this.graceTimers.delete(playerId);
      void this.exclusive(() => {
        if (this.host.isConnected(playerId) || this.row.status !== 'running') return;
        for (const seat of this.seatsOf(playerId)) this.away.add(seat);
        this.broadcastTable();
        this.schedule();
        for (const c of this.watchers) this.sendGame(c, []);
      });
    }, this.host.config.graceSeconds * 1000);
    this.graceTimers.set(playerId, t);
  }

  /** A player is back (reconnected and watching): their seats are theirs again. */
  playerBack(playerId: string): void {
    const t = this.graceTimers.get(playerId);
    if (t !== undefined) { clearTimeout(t); this.graceTimers.delete(playerId); }
    let changed = false;
    for (const seat of this.seatsOf(playerId)) changed = this.away.delete(seat) || changed;
    // Fix: the game is re-sent too (deadline and legal moves change when the bot steps aside), and
    // the table's watchers — not only the lobby — hear that the player is connected again.
    if (changed) void this.exclusive(() => { this.schedule(); this.broadcastTable(); for (const c of this.watchers) this.sendGame(c, []); });
    else this.broadcastTable();
  }

  close(): void {
    this.clearTimers();
    for (const t of this.graceTimers.values()) clearTimeout(t);
    this.graceTimers.clear();
  }
}
