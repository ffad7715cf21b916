import { type Bot, type BotLevel, createBot, standInLevel } from '@parlor/bots';
import type { GameId, ServerMessage } from '@parlor/protocol';
import { type GameEvent, type Rng, createRng } from '@parlor/rules';
import type { TestClock } from '../../src/index.js';
import type { TestClient } from './client.js';
import { StepClock } from './step-clock.js';

export type Game = Extract<ServerMessage, { type: 'game' }>;
export type TableMsg = Extract<ServerMessage, { type: 'table' }>;
type Msg = ServerMessage;

/** How long (real time) a wait for a message may take before the test fails with what it saw. */
const WAIT_MS = 15_000;

export const isGame = (tableId: string, test: (m: Game) => boolean = () => true) => (m: Msg): m is Game =>
  m.type === 'game' && m.tableId === tableId && test(m);
export const isTable = (tableId: string, test: (m: TableMsg) => boolean = () => true) => (m: Msg): m is TableMsg =>
  m.type === 'table' && m.table.id === tableId && test(m);

/**
 * The first message `c` received at or after index `from` that passes `test`: one already received,
 * else the next to come.
 */
export function seen<T extends Msg>(c: TestClient, test: (m: Msg) => m is T, from = 0, timeoutMs = WAIT_MS): Promise<T> {
  for (let i = from; i < c.received.length; i++) {
    const m = c.received[i]!;
    if (test(m)) return Promise.resolve(m);
  }
  return c.waitFor(test, timeoutMs) as Promise<T>;
}

/** A seat held by a person: a test client whose moves a bot chooses from what the client receives. */
export interface Person {
  readonly seat: number;
  readonly client: TestClient;
  readonly bot: Bot;
  readonly rng: Rng;
  /** The last position (seq) whose events the bot has been shown; -1 before the first. */
  observed: number;
  /** Whether the person's client is connected and watching (frames reach it). */
  here: boolean;
}

export function person(game: GameId, seat: number, client: TestClient, level: BotLevel, seed: string): Person {
  return { seat, client, bot: createBot(game, level), rng: createRng(`${seed}/seat ${seat}`), observed: -1, here: true };
}

/** What a table looks like to the test after `sync()`: the spectator's snapshot and the table's seats. */
export interface Synced {
  readonly game: Game;
  readonly table: TableMsg;
}

/**
 * Plays a table through the protocol, one move at a time, so that the course of a game follows
 * from its seed alone: the people at it (each a client with a bot choosing from the view and legal
 * actions it received), a spectator connection that hears every move, and the server's clock, a
 * paused TestClock that the driver moves itself.
 *
 * At each position it waits until every person present has heard of it; then the first person
 * asked (in seat order) moves, and only when no person may move does it let the server's clock go
 * on: by 0 ms (bots and stand-ins think for 0 ms in the test servers), or with a StepClock to the
 * moment its next timer falls due (bots that think). After every tick of the clock it syncs with
 * the table (a spectator's `table.watch`, whose snapshot is sent after every change already under
 * way at the table), so that what one tick set off is over before the next — a bot's answer never
 * races a person's.
 */
export class TableDriver {
  /** The actions people sent that the server acknowledged (`ok`), in order. */
  readonly acked: { seat: number; seq: number; action: unknown }[] = [];

  constructor(
    readonly tableId: string,
    readonly clock: TestClock,
    readonly people: Person[],
    readonly spectator: TestClient,
    /** Milliseconds each person thinks before moving (the clock goes on meanwhile, firing what falls due). */
    readonly thinkMs = 0,
  ) {}

  /** The latest game message the spectator has (every move reaches it). */
  latest(): Game | undefined {
    return this.spectator.received.filter(isGame(this.tableId)).at(-1);
  }

  /** The spectator's latest position, waiting for the first one. */
  async position(): Promise<Game> {
    return this.latest() ?? await seen(this.spectator, isGame(this.tableId));
  }

  /** The latest seats the spectator was told of. */
  seats(): TableMsg {
    const t = this.spectator.received.filter(isTable(this.tableId)).at(-1);
    if (t === undefined) throw new Error('the spectator has no table message');
    return t;
  }

  /**
   * Waits until everything the table had under way when this was called has been done and sent:
   * the spectator watches again, and its snapshot (sent after that work) and the table message
   * after it show where the table stands.
   */
  async sync(): Promise<Synced> {
    const from = this.spectator.received.length;
    const reply = await this.spectator.request({ type: 'table.watch', tableId: this.tableId });
    if (reply.type !== 'table') throw new Error(`table.watch refused: ${JSON.stringify(reply)}`);
    const game = await seen(this.spectator, isGame(this.tableId, (m) => m.history !== undefined), from);
    const table = await seen(this.spectator, isTable(this.tableId), this.spectator.received.indexOf(game) + 1);
    return { game, table };
  }

  /** Moves the server's clock on by `ms` and waits until whatever fell due has been played and sent. */
  async advance(ms: number): Promise<Synced> {
    this.clock.advance(ms);
    return this.sync();
  }

  /** The frame a person has for position `seq` (the latest one, if the position was sent again). */
  private async frameAt(p: Person, seq: number): Promise<Game> {
    const mine = isGame(this.tableId, (m) => m.seat === p.seat && m.seq >= seq);
    const first = await seen(p.client, mine);
    if (first.seq > seq) return first;
    return p.client.received.filter(isGame(this.tableId, (m) => m.seat === p.seat && m.seq === seq)).at(-1)!;
  }

  /** Shows a person's bot the events of every move up to its latest frame, once each. */
  private observe(p: Person): void {
    for (const m of p.client.received.filter(isGame(this.tableId, (x) => x.seat === p.seat))) {
      if (m.seq <= p.observed) continue;
      if (m.history !== undefined && m.historyMoves !== undefined) {
        // A first or a watch snapshot: the events of the moves not yet shown, from its history.
        let at = 0;
        const missed: GameEvent[] = [];
        m.historyMoves.forEach((move, i) => {
          if (i > p.observed) missed.push(...(m.history!.slice(at, at + move.events) as GameEvent[]));
          at += move.events;
        });
        p.bot.observe?.(missed);
        p.observed = m.seq;
      } else if (m.seq === p.observed + 1 && m.by !== null) {
        p.bot.observe?.(m.events as GameEvent[]);
        p.observed = m.seq;
      }
    }
  }

  /** The seats the server itself moves for now: bots, and people away (played by a stand-in). */
  private serverSeats(): Set<number> {
    const out = new Set<number>();
    for (const s of this.seats().table.seats) if (s.kind === 'bot' || (s.kind === 'player' && s.away)) out.add(s.seat);
    return out;
  }

  /**
   * Plays until `stop` holds for the spectator's latest position (by default: the game is over).
   * `hold`: questions the people leave unanswered (the test lets a clock answer them, say). Fails
   * if nobody can move before `stop` holds, naming who the game waits for.
   */
  async playUntil(stop: (m: Game) => boolean = (m) => m.outcome !== null, hold: (p: Person, m: Game) => boolean = () => false): Promise<Game> {
    for (let moves = 0; ; moves++) {
      if (moves > 20_000) throw new Error('no end after 20,000 moves');
      const at = await this.position();
      if (stop(at)) return at;
      if (at.outcome !== null) throw new Error(`the game ended (seq ${at.seq}) before the awaited position`);
      const here = this.people.filter((p) => p.here);
      const frames = await Promise.all(here.map((p) => this.frameAt(p, at.seq)));
      if (frames.some((f) => f.seq > at.seq)) { await this.sync(); continue; } // the spectator lags: catch up
      for (const p of here) this.observe(p);
      const i = frames.findIndex((f, k) => f.legal.length > 0 && !hold(here[k]!, f));
      if (i >= 0) {
        if (this.thinkMs > 0) {
          const after = await this.advance(this.thinkMs);
          if (after.game.seq !== at.seq) continue; // something fell due meanwhile and moved
        }
        await this.act(here[i]!, frames[i]!);
        continue;
      }
      const server = this.serverSeats();
      if (!at.waitingFor.some((s) => server.has(s))) {
        throw new Error(`nobody moves at seq ${at.seq}: the game waits for ${JSON.stringify(at.waitingFor)}, none of them played by the server, and the test holds or lacks the others`);
      }
      await this.serverMove(at);
    }
  }

  /** Lets the clock go on until the server has moved from position `at`. */
  private async serverMove(at: Game): Promise<void> {
    for (let ticks = 0; ticks < 100; ticks++) {
      const due = this.clock instanceof StepClock ? this.clock.nextDue() : null;
      const after = await this.advance(due === null ? 0 : Math.max(0, due - this.clock.now()));
      if (after.game.seq !== at.seq) return;
      if (!(this.clock instanceof StepClock)) break;
    }
    throw new Error(`the server did not move at seq ${at.seq} for ${JSON.stringify(at.waitingFor)}`);
  }

  /** One person's move at its frame `m`: the bot's choice, sent and acknowledged (STALE: the game moved on). */
  async act(p: Person, m: Game): Promise<void> {
    const action = await p.bot.decide(m.view, m.legal, p.rng);
    const reply = await p.client.request({ type: 'action', tableId: this.tableId, seat: p.seat, seq: m.seq, action });
    if (reply.type === 'error' && reply.code === 'STALE') return;
    if (reply.type !== 'ok') throw new Error(`seat ${p.seat}'s ${JSON.stringify(action)} at seq ${m.seq} was refused: ${JSON.stringify(reply)}`);
    this.acked.push({ seat: p.seat, seq: m.seq, action });
    await seen(this.spectator, isGame(this.tableId, (x) => x.seq > m.seq));
  }
}

/** A table to open: people at its first seats, then server bots. */
export interface TableSpec {
  readonly game: GameId;
  readonly people: number;
  readonly bots?: number;
  /** The bot level choosing each person's moves, by seat (the stand-in level if left out). */
  readonly levels?: readonly BotLevel[];
  /** The level of the server's bot seats (the stand-in level if left out). */
  readonly botLevel?: BotLevel;
  readonly moveTimer?: 0 | 30 | 60 | 120;
  readonly responseWindow?: number;
  /** The table's own grace period for a disconnected player (seconds). */
  readonly grace?: number;
  readonly thinkMs?: number;
}

/**
 * Opens a table as `spec` says — person 0 creates it, the others sit, bot seats are added, a
 * spectator watches — and returns its driver; `start()` starts the game.
 */
export async function openTable(connect: (name: string) => Promise<TestClient>, clock: TestClock, spec: TableSpec, seed: string): Promise<TableDriver & { start(): Promise<void> }> {
  const seats = spec.people + (spec.bots ?? 0);
  const clients: TestClient[] = [];
  for (let s = 0; s < spec.people; s++) clients.push(await connect(`Person ${s}`));
  const creator = clients[0]!;
  const created = await creator.request({
    type: 'table.create', game: spec.game, seats,
    ...(spec.moveTimer === undefined ? {} : { moveTimer: spec.moveTimer }),
    ...(spec.responseWindow === undefined ? {} : { responseWindow: spec.responseWindow }),
    ...(spec.grace === undefined ? {} : { grace: spec.grace }),
  });
  if (created.type !== 'table') throw new Error(`table.create refused: ${JSON.stringify(created)}`);
  const tableId = created.table.id;
  for (let s = 1; s < seats; s++) {
    const r = s < spec.people
      ? await clients[s]!.request({ type: 'table.sit', tableId, seat: s })
      : await creator.request({ type: 'table.bot.add', tableId, seat: s, level: spec.botLevel ?? standInLevel(spec.game) });
    if (r.type !== 'ok') throw new Error(`seat ${s}: ${JSON.stringify(r)}`);
  }
  const spectator = await connect('Spectator');
  const watched = await spectator.request({ type: 'table.watch', tableId });
  if (watched.type !== 'table') throw new Error(`table.watch refused: ${JSON.stringify(watched)}`);
  const people = clients.map((c, s) => person(spec.game, s, c, spec.levels?.[s] ?? standInLevel(spec.game), seed));
  const driver = new TableDriver(tableId, clock, people, spectator, spec.thinkMs ?? 0);
  return Object.assign(driver, {
    async start(): Promise<void> {
      const r = await creator.request({ type: 'table.start', tableId });
      if (r.type !== 'ok') throw new Error(`table.start refused: ${JSON.stringify(r)}`);
    },
  });
}
