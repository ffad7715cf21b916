import { type Bot, createBot, standInLevel } from '@parlor/bots';
import type { Seat } from '@parlor/rules';
import { broadcastTable, sendGameToAll } from './broadcast.js';
import { play } from './game-life.js';
import type { RunningGame } from './running-game.js';
import type { Table } from './table.js';
import { Refusal } from './types.js';

/**
 * Who moves next, and when: bots (with a thinking time), the move timer of a person, the clock of
 * a response window (several seats answering at once), and stand-in bots for absent players.
 * Every move it makes runs on the table's queue, like a person's.
 */
export class MoveScheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly t: Table) {}

  /** After every change: bots and away seats get their move queued; timers start for people. */
  schedule(): void {
    const t = this.t;
    const g = t.game;
    if (g === null || t.row.status !== 'running') return;
    this.clearTimers();
    const toAct = t.module.toAct(g.state);
    const window = t.module.responseWindow;
    const isWindow = window !== null && window.isOpen(g.state);
    // In a window every seat asked answers at once; it closes after the table's window length.
    if (!isWindow) g.windowEnds = null;
    else g.windowEnds ??= Date.now() + this.clock(t.row.responseWindow ?? window.seconds.default);
    const seq = g.seq;
    for (const seat of toAct) {
      const bot = this.botFor(seat);
      if (bot === null) continue;
      this.later(this.botDelay(isWindow), async () => {
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
      this.later(Math.max(0, ends - Date.now()), async () => {
        if (t.game !== g) return;
        for (const seat of t.module.toAct(g.state)) {
          if (t.game !== g || !window.isOpen(g.state) || !t.module.toAct(g.state).includes(seat)) break;
          await play(t, seat, window.silence(g.state, seat), 'timer');
        }
      });
    } else if (people.length === 1 && t.row.moveTimer > 0) {
      g.deadline = Date.now() + this.clock(t.row.moveTimer);
      const seat = people[0]!;
      this.later(this.clock(t.row.moveTimer), async () => {
        if (t.game !== g || g.seq !== seq) return;
        t.away.add(seat); // out of time: a stand-in bot plays this seat until its player is back
        this.refresh();
      });
    }
  }

  /** Someone's presence changed: reschedule, and tell everyone (seats, deadline, legal moves). */
  private refresh(): void {
    broadcastTable(this.t);
    this.schedule();
    sendGameToAll(this.t, []);
  }

  /** No more moves: the game is over or the table closes. */
  stop(): void {
    this.clearTimers();
  }

  close(): void {
    this.clearTimers();
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(ms: number, fn: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.t.exclusive(fn).catch((e: unknown) => this.t.host.log.error({ err: e, table: this.t.id }, 'timed move failed'));
    }, ms);
    this.timers.add(timer);
  }

  private botDelay(window: boolean): number {
    const [min, max] = this.t.host.config.botDelayMs;
    const g = this.t.game!;
    if (!window) return min + g.rng.float() * (max - min);
    // In a response window bots take a human-like moment, so people are not always beaten to the
    // call; never past what is left of the window (less a second), or silence would answer for them.
    const left = (g.windowEnds ?? Date.now()) - Date.now();
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
        return await play(t, seat, action, 'bot');
      } catch (e) {
        if (!(e instanceof Refusal) || e.code === 'STALE') throw e;
        t.host.log.error({ table: t.id, seat, level: bot.level, code: e.code }, 'bot chose an illegal action; playing a random legal action');
      }
    }
    if (legal.length === 0) return;
    await play(t, seat, legal[Math.floor(g.rng.float() * legal.length)], 'bot');
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
    if (t.row.status !== 'running' || t.row.moveTimer === 0 || t.seatsOf(playerId).length === 0) return;
    const before = this.graceTimers.get(playerId);
    if (before !== undefined) clearTimeout(before);
    const timer = setTimeout(() => {
      this.graceTimers.delete(playerId);
      void t.exclusive(() => {
        if (t.host.isConnected(playerId) || t.row.status !== 'running') return;
        for (const seat of t.seatsOf(playerId)) t.away.add(seat);
        this.refresh();
      });
    }, t.host.config.graceSeconds * 1000);
    this.graceTimers.set(playerId, timer);
  }

  /** A player is back (reconnected and watching): their seats are theirs again. */
  playerBack(playerId: string): void {
    const t = this.t;
    const timer = this.graceTimers.get(playerId);
    if (timer !== undefined) { clearTimeout(timer); this.graceTimers.delete(playerId); }
    let changed = false;
    for (const seat of t.seatsOf(playerId)) changed = t.away.delete(seat) || changed;
    // The game is re-sent too: the deadline and the legal moves change when the stand-in steps aside.
    if (changed) void t.exclusive(() => this.refresh());
    else broadcastTable(t);
  }
}
