import type { AwayReason, GameSnapshot, PlayerInfo, SeatInfo } from '@parlor/protocol';
import type { LogEntry, TableState } from './store.js';

/**
 * Who is here at a table, from its seats (`away`, `awayReason`, `connected`, `disconnectedSince`)
 * and the game (`waitingFor`, `waitingSince`): pure functions of the state and a clock, for the
 * away banner, the player cards' badges and "Replace with a bot" (issue 10).
 */

type PlayerSeat = Extract<SeatInfo, { kind: 'player' }>;

export function playerSeat(table: TableState, seat: number): PlayerSeat | null {
  const s = table.summary.seats[seat];
  return s?.kind === 'player' ? s : null;
}

/** The seat this browser's player holds at the table (one seat per person), or null. */
export function mySeat(table: TableState): number | null {
  return table.yourSeats[0] ?? null;
}

/** A game is being played at the table (not over). */
export function gameRunning(table: TableState, snapshot: GameSnapshot | undefined): boolean {
  return table.summary.status === 'running' && snapshot !== undefined && snapshot.outcome === null;
}

/** Why a stand-in bot plays my seat right now, or null when I play it myself (or hold none). */
export function myAwayReason(table: TableState): AwayReason | null {
  const seat = mySeat(table);
  const s = seat === null ? null : playerSeat(table, seat);
  if (s === null || !s.away) return null;
  return s.awayReason ?? 'left';
}

/**
 * Since when (ms since the epoch) a seated player has been absent in the sense of `table.replace`:
 * disconnected, or silent while the game waits for them — the earlier of the two; null while they
 * are neither.
 */
export function absentSince(seat: PlayerSeat, snapshot: GameSnapshot | undefined): number | null {
  const gone = seat.connected ? null : (seat.disconnectedSince ?? null);
  const waited = snapshot !== undefined && snapshot.outcome === null && snapshot.waitingFor.includes(seat.seat) ? (snapshot.waitingSince ?? null) : null;
  if (gone === null) return waited;
  if (waited === null) return gone;
  return Math.min(gone, waited);
}

/**
 * Seconds until a stand-in bot takes a disconnected player's seat (their grace period, which runs
 * only while someone else plays at the table), or null: connected, played by a bot already, or
 * nobody waiting on them. Never more than the table's grace period `graceSeconds` (the page's clock
 * and the server's differ a little).
 */
export function standInIn(seat: PlayerSeat, now: number, graceSeconds = Infinity): number | null {
  const at = seat.standInAt ?? null;
  if (seat.connected || seat.away || at === null) return null;
  return Math.min(graceSeconds, Math.max(0, Math.ceil((at - now) / 1000)));
}

/**
 * The seat the game waits on whose player is disconnected (no stand-in yet), for the status line:
 * "Mia is disconnected — a bot takes over in 0:24"; null when the game waits on nobody gone.
 */
export function waitedOnGone(table: TableState, snapshot: GameSnapshot | undefined): PlayerSeat | null {
  if (!gameRunning(table, snapshot)) return null;
  for (const seat of snapshot!.waitingFor) {
    const s = playerSeat(table, seat);
    if (s !== null && !s.connected && !s.away) return s;
  }
  return null;
}

/** What my page offers for another player's seat: nothing, the time until they may be replaced, or the button. */
export type ReplaceState =
  | { readonly kind: 'none' }
  | { readonly kind: 'wait'; readonly seconds: number }
  | { readonly kind: 'ready' };

const NONE: ReplaceState = { kind: 'none' };

/**
 * `table.replace` as this page may offer it for `seat` at `now`: only on a table without a move
 * timer (`replaceAfter` set), while its game runs, for another person's seat that no bot plays yet
 * and who is absent; and only to a person seated there and present themselves.
 */
export function replaceState(table: TableState, snapshot: GameSnapshot | undefined, seat: number, me: PlayerInfo | null, now: number): ReplaceState {
  const after = table.summary.replaceAfter ?? null;
  if (after === null || !gameRunning(table, snapshot)) return NONE;
  const mine = mySeat(table);
  if (mine === null || mine === seat || myAwayReason(table) !== null) return NONE;
  const s = playerSeat(table, seat);
  if (s === null || s.away || (me !== null && s.player.id === me.id)) return NONE;
  const since = absentSince(s, snapshot);
  if (since === null) return NONE;
  const left = since + after * 1000 - now;
  return left <= 0 ? { kind: 'ready' } : { kind: 'wait', seconds: Math.ceil(left / 1000) };
}

/** "1:05" for 65 seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * What an event says of who did it, for `standInMarks`: a seat, null for an event nobody did (a
 * reshuffle: it neither ends the mover's part nor is marked) or 'end' where the move's own part is
 * over (a new turn or round begins).
 */
export type Actor = number | null | 'end';

/**
 * For each log entry, the seat a stand-in bot played for when it made that line's event, else null.
 * A stand-in's move marks the events the mover did (`actorOf` names an event's actor) up to the first
 * one someone else did or that ends its part: its own discard, cook or flip and what they drew, not
 * what follows for others (the next turn, the next round).
 */
export function standInMarks(entries: readonly LogEntry[], actorOf: (e: LogEntry['event']) => Actor): (number | null)[] {
  const out: (number | null)[] = [];
  let mover: number | null = null;
  let marking = false;
  entries.forEach((e, i) => {
    const actor = actorOf(e.event);
    if (i === 0 || entries[i - 1]!.seq !== e.seq) {
      marking = e.by === 'stand-in';
      mover = marking ? (e.seat ?? (typeof actor === 'number' ? actor : null)) : null;
    }
    if (marking && actor !== null && actor !== mover) marking = false;
    out.push(marking && mover !== null && actor === mover ? mover : null);
  });
  return out;
}

/** The longest wait a browser's timer takes (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * How long until a page showing something that holds until `until` (a seat's "on vacation until …")
 * should look again, so that it goes away on time: just past `until`, or the longest wait a timer
 * takes when `until` is further off (it looks again then); null when `until` is past or absent.
 */
export function lookAgainIn(until: number | undefined, now: number): number | null {
  if (until === undefined || until <= now) return null;
  return Math.min(until - now + 1, LONGEST_TIMER_MS);
}
