import { type Bot, createBot, standInLevel } from '@parlor/bots';
import type { Seat } from '@parlor/rules';
import { LeaseLost, StoreUnavailable } from '../store/store.js';
import { broadcastTable, sendGameToAll } from './broadcast.js';
import { finish, play } from './game-life.js';
import type { RunningGame } from './running-game.js';
import type { Table } from './table.js';
import { Refusal } from './types.js';

/** Retries after a store failure wait this long at first, doubling up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 30_000;
/** A move timer that would run out sooner (after a restart, say) gives this long. */
const MIN_LEFT_SECONDS = 5;

/**
 * Who moves next, and when: bots (with a thinking time), the move timer of a person, the clock of
 * a response window (several seats answering at once), and stand-in bots for absent players.
 * Every move it makes runs on the table's queue, like a person's; a move the store could not
 * record is retried with backoff until it can, so no table stalls on a passing fault.
 */
export class MoveScheduler {
  /** What cancels each timer armed on the host's clock. */
  private readonly timers = new Set<() => void>();
  private readonly graceTimers = new Map<string, () => void>();
  private retryMs = 0;

  constructor(private readonly t: Table) {}

  /** After every change: bots and away seats get their move queued; timers start for people. */
  schedule(): void {
    const t = this.t;
    const g = t.game;
    if (g === null || t.row.status !== 'running') return;
    this.clearTimers();
    if (t.module.outcome(g.state) !== null) {
      // The last move is stored but the end of the game is not yet: record it.
      this.later(0, () => finish(t));
      return;
    }
    const toAct = t.module.toAct(g.state);
    const window = t.module.responseWindow;
    const isWindow = window !== null && window.isOpen(g.state);
    // When no person is left at the table, the bots finish the game at once.
    const rush = this.noPersonLeft();
    // In a window every seat asked answers at once; it closes the table's window length after the
    // move that opened it (a stored time, so a restart keeps the same end).
    g.windowOpened = isWindow ? g.windowOpened ?? g.waitingSince : null;
    g.windowEnds = g.windowOpened === null ? null : g.windowOpened + this.clock(t.row.responseWindow ?? window!.seconds.default);
    const seq = g.seq;
    for (const seat of toAct) {
      const bot = this.botFor(seat);
      if (bot === null) continue;
      this.later(rush ? 0 : this.botDelay(isWindow), async () => {
        if (t.game !== g || g.seq !== seq) return; // the game moved on: schedule() queued afresh
        if (this.botFor(seat) !== bot) return; // its player is back
        await this.botMove(g, seat, bot);
      });
    }
    const people = toAct.filter((seat) => this.botFor(seat) === null);
    g.deadline = null;
    if (isWindow) {
      const ends = g.windowEnds!;
      g.deadline = ends;
      // The window closes: every seat still silent gives the game's answer for silence.
      this.later(Math.max(0, ends - t.host.clock.now()), async () => {
        if (t.game !== g) return;
        for (const seat of t.module.toAct(g.state)) {
          if (t.game !== g || !window.isOpen(g.state) || !t.module.toAct(g.state).includes(seat)) break;
          await play(t, seat, window.silence(g.state, seat), 'timer');
        }
      });
    } else if (people.length === 1 && t.row.moveTimer > 0) {
      // The clock runs from when the game began waiting (a stored move's time, so that a restart,
      // a takeover by another process or someone else's coming and going does not reset it), with
      // at least MIN_LEFT_SECONDS left to act.
      const timer = this.clock(t.row.moveTimer);
      g.deadline = Math.max(g.waitingSince + timer, t.host.clock.now() + Math.min(timer, this.clock(MIN_LEFT_SECONDS)));
      const seat = people[0]!;
      this.later(g.deadline - t.host.clock.now(), async () => {
        if (t.game !== g || g.seq !== seq) return;
        t.away.set(seat, 'timeout'); // out of time: a stand-in bot plays this seat until its player is back
        this.refresh();
      });
    }
  }

  /** Someone's presence changed: reschedule, and tell everyone (seats, deadline, legal moves). */
  refresh(): void {
    broadcastTable(this.t);
    this.schedule();
    sendGameToAll(this.t, []);
  }

  /**
   * No person is left: every person's seat is played by a stand-in, and each of them left the game
   * or is not connected.
   */
  noPersonLeft(): boolean {
    const t = this.t;
    return t.row.seats.every((s, seat) => s.kind !== 'player' ||
      (t.away.has(seat) && (t.away.get(seat) === 'left' || !t.host.isConnected(s.playerId))));
  }

  /** No more moves: the game is over or the table closes. */
  stop(): void {
    this.clearTimers();
  }

  close(): void {
    this.clearTimers();
    for (const cancel of this.graceTimers.values()) cancel();
    this.graceTimers.clear();
  }

  private clearTimers(): void {
    for (const cancel of this.timers) cancel();
    this.timers.clear();
  }

  /** Runs `fn` on the table's queue after `ms`; a store failure schedules everything again, later. */
  private later(ms: number, fn: () => Promise<void>): void {
    const cancel = this.t.host.clock.after(ms, () => {
      this.timers.delete(cancel);
      this.t.exclusive(fn).then(() => { this.retryMs = 0; }, (e: unknown) => this.failed(e));
    });
    this.timers.add(cancel);
  }

  private failed(e: unknown): void {
    const t = this.t;
    // Another process hosts the table now (a cluster): this one stops, having written nothing.
    if (e instanceof LeaseLost) return t.host.leaseLost(t);
    if (!(e instanceof StoreUnavailable) && !(e instanceof Refusal && e.code === 'STORE_UNAVAILABLE')) {
      t.host.log.error({ err: e, table: t.id }, 'timed move failed');
      return;
    }
    if (this.retryMs === 0) t.host.log.error({ err: e, table: t.id }, 'the store could not record a move; retrying with backoff');
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs === 0 ? RETRY_FIRST_MS : this.retryMs * 2);
    const cancel = t.host.clock.after(this.retryMs, () => {
      this.timers.delete(cancel);
      void t.exclusive(() => this.schedule());
    });
    this.timers.add(cancel);
  }

  private botDelay(window: boolean): number {
    const [min, max] = this.t.host.config.botDelayMs;
    const g = this.t.game!;
    if (!window) return min + g.rng.float() * (max - min);
    // In a response window bots take a human-like moment, so people are not always beaten to the
    // call; never past what is left of the window (less a second), or silence would answer for them.
    const now = this.t.host.clock.now();
    const left = (g.windowEnds ?? now) - now;
    const ceiling = Math.max(0, left - this.clock(1));
    return Math.min(ceiling, min * 2 + g.rng.float() * (max * 3 - min * 2));
  }

  /** A game clock in ms: `seconds` scaled by `timerScale` (1 except in tests). */
  private clock(seconds: number): number {
    return seconds * 1000 * (this.t.host.config.timerScale ?? 1);
  }

  /**
   * A bot's move. A bot that throws, or whose choice the rules refuse, plays a random legal action
   * instead, so that no bot can stall a game.
   */
  private async botMove(g: RunningGame, seat: Seat, bot: Bot): Promise<void> {
    const t = this.t;
    const by = t.row.seats[seat]!.kind === 'bot' ? 'bot' : 'stand-in';
    const legal = t.module.legalActions(g.state, seat);
    let action: unknown;
    try {
      action = await bot.decide(t.module.view(g.state, seat), legal, g.rng);
    } catch (err) {
      t.host.log.error({ err, table: t.id, seat, level: bot.level }, 'bot failed to decide; playing a random legal action');
      action = undefined;
    }
    if (action !== undefined) {
      try {
        return await play(t, seat, action, by);
      } catch (e) {
        if (!(e instanceof Refusal) || e.code === 'STALE' || e.code === 'STORE_UNAVAILABLE') throw e;
        t.host.log.error({ table: t.id, seat, level: bot.level, code: e.code }, 'bot chose an illegal action; playing a random legal action');
      }
    }
    if (legal.length === 0) return;
    await play(t, seat, legal[Math.floor(g.rng.float() * legal.length)], by);
  }

  /** The bot that moves for `seat` now: its own, or a stand-in while its player is away. */
  private botFor(seat: Seat): Bot | null {
    const t = this.t;
    const g = t.game!;
    const own = g.bots.get(seat);
    if (own !== undefined && t.row.seats[seat]!.kind === 'bot') return own;
    if (!t.away.has(seat)) return null;
    if (own === undefined) g.bots.set(seat, createBot(t.row.game, standInLevel(t.row.game)));
    return g.bots.get(seat)!;
  }

  /** A player's last connection closed: on timed tables, after the grace period a bot plays for them. */
  playerGone(playerId: string): void {
    const t = this.t;
    broadcastTable(t);
    if (t.row.status !== 'running' || t.seatsOf(playerId).length === 0) return;
    // The last person present may have gone: then the bots finish at once.
    if (this.noPersonLeft()) void t.exclusive(() => this.schedule());
    if (t.row.moveTimer === 0) return;
    const before = this.graceTimers.get(playerId);
    before?.();
    const cancel = t.host.clock.after(t.host.config.graceSeconds * 1000, () => {
      this.graceTimers.delete(playerId);
      void t.exclusive(() => {
        if (t.host.isConnected(playerId) || t.row.status !== 'running') return;
        for (const seat of t.seatsOf(playerId)) if (!t.away.has(seat)) t.away.set(seat, 'disconnected');
        this.refresh();
      });
    });
    this.graceTimers.set(playerId, cancel);
  }

  /**
   * A player is back (reconnected and watching; run on the table's queue): seats a bot played
   * because of their absence are theirs again; a seat they left stays with its bot until they take
   * it back.
   */
  playerBack(playerId: string): void {
    const t = this.t;
    const timer = this.graceTimers.get(playerId);
    if (timer !== undefined) { timer(); this.graceTimers.delete(playerId); }
    let changed = false;
    for (const seat of t.seatsOf(playerId)) {
      if (t.away.has(seat) && t.away.get(seat) !== 'left') changed = t.away.delete(seat) || changed;
    }
    // The game is re-sent too: the deadline and the legal moves change when the stand-in steps aside.
    if (changed) this.refresh();
    else broadcastTable(t);
  }

  /**
   * The idle rule, checked by the server's sweep: a running game whose people have all been gone
   * for `idleMinutes` is handed to bots, which finish it at once.
   */
  idle(now: number): void {
    const t = this.t;
    if (t.row.status !== 'running') return;
    const limit = t.host.config.idleMinutes * 60_000;
    const people = t.row.seats.flatMap((s, seat) => (s.kind === 'player' ? [{ seat, id: s.playerId }] : []));
    const allGone = people.every((p) => {
      const since = t.host.disconnectedSince(p.id);
      return since !== null && now - since >= limit;
    });
    if (!allGone) return;
    for (const p of people) if (!t.away.has(p.seat)) t.away.set(p.seat, 'disconnected');
    void t.exclusive(() => this.refresh());
  }
}
