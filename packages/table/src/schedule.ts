import { type BotLevel, standInLevel } from '@parlor/bots';
import type { Seat } from '@parlor/rules';
import { type Draft, clockMs } from './draft.js';
import { broadcastTable, sendGame } from './messages.js';
import { graceMs, noPersonLeft, seatedPlayers, seatsOf, someoneElsePlays } from './people.js';
import type { TableState, Timer } from './state.js';
import { isTurnBased } from './turns.js';
import { clockEnd, seatVacations } from './vacation.js';

/** A move timer that would run out sooner (after a restart, say) gives this long. */
export const MIN_LEFT_SECONDS = 5;

/** The level of the bot that moves for `seat` now: its own, or a stand-in while its player is away; null for a person. */
export function botLevelFor(s: TableState, seat: Seat): BotLevel | null {
  const row = s.row.seats[seat];
  if (row?.kind === 'bot') return row.level;
  if (row?.kind === 'player' && s.away[seat] !== undefined) return standInLevel(s.row.game);
  return null;
}

/**
 * Who moves next, and when — after every change: a bot (own or stand-in) for each bot seat the
 * game waits for, after a human-like moment (at once when no person is left); the response
 * window's close; a person's move timer; the grace period of each disconnected player while someone
 * else plays; the end of a game whose last move is stored but not its result. Timers already
 * armed for the same move are kept as they are; the rest are armed or disarmed (effects).
 */
export function schedule(d: Draft): void {
  const want: Record<string, Timer> = {};
  const s = d.s;
  const g = s.game;
  if (g !== null && s.row.status === 'running') {
    const m = d.module;
    if (m.outcome(g.state) !== null) {
      want.finish = s.timers.finish ?? { at: d.now, seq: g.no };
    } else {
      const toAct = m.toAct(g.state);
      const window = m.responseWindow;
      const isWindow = window !== null && window.isOpen(g.state);
      const rush = noPersonLeft(s);
      // In a window every seat asked answers at once; it closes the table's window length after
      // the move that opened it (a stored time, so a restart keeps the same end).
      const windowOpened = isWindow ? g.windowOpened ?? g.waitingSince : null;
      const windowEnds = windowOpened === null ? null : windowOpened + clockMs(s, s.row.responseWindow ?? window!.seconds.default);
      d.setGame({ windowOpened, windowEnds });
      for (const seat of toAct) {
        if (botLevelFor(s, seat) === null) continue;
        const key = `bot:${seat}`;
        const old = s.timers[key];
        const keep = old !== undefined && old.seq === g.seq && (!rush || old.asked === true || old.at <= d.now);
        want[key] = keep ? old : { at: d.now + (rush ? 0 : Math.round(botDelay(d, isWindow))), seq: g.seq };
      }
      const people = toAct.filter((seat) => botLevelFor(s, seat) === null);
      let deadline: number | null = null;
      if (isWindow) {
        deadline = windowEnds;
        want.window = { at: windowEnds!, seq: g.no };
      } else if (people.length === 1 && s.row.moveTimer > 0) {
        // The clock runs from when the game began waiting (a stored move's time, so that a
        // restart, a takeover or someone else's coming and going does not reset it), with at
        // least MIN_LEFT_SECONDS left to act.
        const seat = people[0]!;
        const old = s.timers.move;
        // At a turn-based table the seat's time bank follows the move's own time (turns.ts), and
        // the clock stands still on its player's days off where the table allows them (vacation.ts):
        // a vacation declared or ended moves `due`, and the timer with it.
        const timer = clockMs(s, s.row.moveTimer) + (g.banks[seat] ?? 0);
        const due = clockEnd(seatVacations(s.row, s.people, seat), g.waitingSince, timer);
        const at = old !== undefined && old.seq === g.seq && old.seat === seat && (old.due ?? due) === due ? old.at
          : Math.max(due, d.now + Math.min(timer, clockMs(s, MIN_LEFT_SECONDS)));
        deadline = at;
        want.move = { at, seq: g.seq, seat, due };
      }
      d.setGame({ deadline });
    }
    // At every table, timed or not: a player disconnected for the grace period while someone else
    // plays has a stand-in play their seats, so that nobody waits on a closed tab.
    // A turn-based table expects nobody to stay: only its clocks call on stand-ins.
    for (const player of isTurnBased(s.row) ? [] : seatedPlayers(s.row)) {
      const p = s.people[player];
      if (p === undefined || p.connected || seatsOf(s.row, player).every((seat) => s.away[seat] !== undefined)) continue;
      if (!someoneElsePlays(s, player)) continue;
      const key = `grace:${player}`;
      want[key] = s.timers[key] ?? { at: (p.since ?? d.now) + graceMs(s), seq: 0 };
    }
  }
  setTimers(d, want);
}

/** The timers become `want`: what changed is armed, what went is disarmed. */
export function setTimers(d: Draft, want: Record<string, Timer>): void {
  const had = d.s.timers;
  for (const key of Object.keys(had)) if (want[key] === undefined && had[key]!.asked !== true) d.effect({ kind: 'disarm', key });
  for (const [key, t] of Object.entries(want)) {
    if (t.asked !== true && had[key]?.at !== t.at) d.effect({ kind: 'arm', key, at: t.at });
  }
  d.set({ timers: want });
}

/** A bot's thinking time in ms, from the game's generator. */
function botDelay(d: Draft, window: boolean): number {
  const [min, max] = d.s.settings.botDelayMs;
  if (!window) return min + d.float() * (max - min);
  // In a response window bots take a human-like moment, so people are not always beaten to the
  // call; never past what is left of the window (less a second), or silence would answer for them.
  const left = (d.game.windowEnds ?? d.now) - d.now;
  const ceiling = Math.max(0, left - clockMs(d.s, 1));
  return Math.min(ceiling, min * 2 + d.float() * (max * 3 - min * 2));
}

/** Someone's presence changed: everyone hears of the seats, the schedule follows, the game is sent again (deadline, legal moves). */
export function refresh(d: Draft): void {
  broadcastTable(d);
  schedule(d);
  sendGame(d, []);
}
