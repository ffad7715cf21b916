import type { GameSnapshot } from '@parlor/protocol';
import { f7CardCode, f7CardKind, type F7CardName, type F7Event, type F7View } from '@parlor/rules';
import { type Pace, holdMs, pacedMs } from '../../../state/settings.js';

/**
 * What the Flip 7 table shows at one moment, and for how long before the next one. The server sends
 * a snapshot after every move; the table shows them one after another, holding each long enough to
 * be read (busts, Flip 7s, action cards, round ends: the pace setting says how long). A snapshot in
 * which a round ends and the next one is dealt (F7-12, F7-14, F7-4: the deal is a forced move, so it
 * comes with the move that ended the round) is shown as two moments: the round's end, its lines as
 * they stood, then the new deal.
 */
export interface F7Frame {
  /** `${gameNo}:${seq}`, with `:end` for a round's end held before the deal that came with it. */
  readonly key: string;
  readonly seq: number;
  /** The view to draw (for a round's end: the lines as they stood, rebuilt from the events). */
  readonly view: F7View;
  /** The events this moment shows (flashes, cues, cards arriving). */
  readonly events: readonly F7Event[];
  /** How many entries of the table's log this moment has reached. */
  readonly logCount: number;
  /** How long to show it before the next one, in milliseconds. */
  readonly hold: number;
  /** A round's end held before the next deal. */
  readonly roundEnd: boolean;
}

/** What Flip 7's table holds longer than a move, in milliseconds at the normal pace. */
const F7_HOLD_MS = { bust: 1800, flip7: 2600, round: 2500 } as const;

/** The moments of Flip 7 the table holds: its own, and a move's (`declare`, the table's base). */
export type F7Moment = keyof typeof F7_HOLD_MS | 'declare';

/** How long to hold `moment` at `pace` (state/settings.ts scales it). */
export function f7HoldMs(moment: F7Moment, pace?: Pace): number {
  return moment === 'declare' ? holdMs(moment, pace) : pacedMs(F7_HOLD_MS[moment], pace);
}

/** The events worth a pause (F7-6 bust, F7-7 Flip 7, F7-8..F7-11 action cards, F7-12 a round's end). */
function momentOf(e: F7Event): F7Moment | null {
  switch (e.type) {
    case 'flip-7': return 'flip7';
    case 'round-end': return 'round';
    case 'bust': return 'bust';
    case 'freeze': case 'flip-three-start': case 'second-chance-kept': case 'second-chance-used': case 'set-aside': case 'discard':
      return 'declare';
    default: return null;
  }
}

/** A plain move (a hit, a stay, a deal) is shown for a moment too, so that each card is seen landing. */
export function stepMs(pace: Pace): number {
  return Math.round(holdMs('declare', pace) * 0.3);
}

/** How long a moment with these events is held at `pace`: its most notable event's hold, else a step. */
export function holdFor(events: readonly F7Event[], pace: Pace): number {
  let ms = stepMs(pace);
  for (const e of events) {
    const m = momentOf(e);
    if (m !== null) ms = Math.max(ms, f7HoldMs(m, pace));
  }
  return ms;
}

const kindOf = (card: F7CardName) => f7CardKind(f7CardCode(card));

/**
 * The view after `events`, as far as a table can tell from them (everything in front of players is
 * public, F7-16): cards flipped or dealt join their line (numbers and modifiers, F7-6, F7-10; an
 * action card waits to be given, F7-8), a Second Chance used takes itself and the repeated number
 * away (F7-11), a Freeze or a kept Second Chance joins the receiver's line (F7-11a), statuses and
 * scores follow. Used up to a round's end, whose lines the next snapshot no longer holds.
 */
export function foldEvents(view: F7View, events: readonly F7Event[]): F7View {
  const lines = view.lines.map((l) => l.slice());
  const status = view.status.slice();
  let scores = view.scores.slice();
  const discard = view.discardPile.slice();
  let draw = view.drawPileSize;
  for (const e of events) {
    switch (e.type) {
      case 'deal': case 'flip':
        draw = Math.max(0, draw - 1);
        if (kindOf(e.card) !== 'action') lines[e.seat]?.push(e.card);
        break;
      case 'second-chance-used': {
        const line = lines[e.seat] ?? [];
        const dup = line.lastIndexOf(e.card);
        if (dup >= 0) line.splice(dup, 1);
        const sc = line.lastIndexOf('second-chance');
        if (sc >= 0) line.splice(sc, 1);
        discard.push(e.card, 'second-chance');
        break;
      }
      case 'bust': status[e.seat] = 'busted'; break;
      case 'stay': status[e.seat] = 'stayed'; break;
      case 'freeze': lines[e.seat]?.push('freeze'); status[e.seat] = 'frozen'; break;
      case 'second-chance-kept': lines[e.seat]?.push('second-chance'); break;
      case 'discard': discard.push(e.card); break;
      case 'reshuffle': draw = e.cards; discard.length = 0; break;
      case 'round-end': scores = e.scores.slice(); break;
      default: break;
    }
  }
  return {
    ...view, lines, status, scores, discardPile: discard, drawPileSize: draw,
    phase: view.phase === 'over' ? 'turns' : view.phase, pending: null, toAct: [], flipThrees: [], inTransit: [], outcome: null,
  };
}

/**
 * The moments of one snapshot: itself, or — when a round ended in it and more came after (the next
 * deal, or the game's end) — the round's end first, rebuilt from `before` (the view shown before
 * this snapshot), then the snapshot. `logLength` is the table log's length with this snapshot's
 * events in it; `events`, the events since the view before (the snapshot's own, unless snapshots
 * came faster than the screen took them in: then every event since, from the table's log).
 */
export function framesOf(before: F7View | null, snapshot: GameSnapshot, logLength: number, pace: Pace,
  events: readonly F7Event[] = snapshot.events as F7Event[]): F7Frame[] {
  const view = snapshot.view as F7View;
  const key = `${snapshot.gameNo}:${snapshot.seq}`;
  const whole: F7Frame = { key, seq: snapshot.seq, view, events, logCount: logLength, hold: holdFor(events, pace), roundEnd: false };
  const end = events.findIndex((e) => e.type === 'round-end');
  if (before === null || end < 0 || end === events.length - 1 || before.round !== (events[end] as { round: number }).round) return [whole];
  const upTo = events.slice(0, end + 1);
  const after = events.slice(end + 1);
  return [
    {
      key: `${key}:end`, seq: snapshot.seq, view: foldEvents(before, upTo), events: upTo,
      logCount: logLength - after.length, hold: holdFor(upTo, pace), roundEnd: true,
    },
    { ...whole, events: after, hold: holdFor(after, pace) },
  ];
}

/**
 * How far the table may lag behind the game before it hurries: past this many moments waiting, the
 * plain ones (a hit, a stay) are skipped — their lines stay in the log — and the notable ones are
 * held a third of their time. A notable moment is never skipped: every bust, Flip 7, action card
 * and round's end is shown.
 */
export const MAX_BEHIND = 6;

/** Whether a moment is worth a pause of its own (more than a plain move's step). */
export const notable = (f: F7Frame, pace: Pace): boolean => f.hold > stepMs(pace);

/** The queue after a new snapshot's moments join it: past MAX_BEHIND waiting, the plain ones but the newest are dropped. */
export function enqueue(queue: readonly F7Frame[], frames: readonly F7Frame[], pace: Pace): F7Frame[] {
  const all = [...queue, ...frames];
  if (all.length <= MAX_BEHIND) return all;
  return all.filter((f, i) => i === all.length - 1 || notable(f, pace));
}

/** How long the moment shown is held: its time, or a third of it when the table lags (`waiting` moments) or a move timer runs for me. */
export function heldFor(frame: F7Frame, waiting: number, hurry: boolean): number {
  return waiting > MAX_BEHIND || hurry ? Math.round(frame.hold / 3) : frame.hold;
}

/**
 * The events since the snapshot of `seq` `lastSeq` up to `snapshot`: the snapshot's own when it is
 * the next one; when one or more came in between unseen, every event logged after `lastSeq` up to
 * the snapshot's (the log holds them with their seq).
 */
export function eventsSince(lastSeq: number, snapshot: GameSnapshot, log: readonly { readonly seq: number; readonly event: unknown }[]): F7Event[] {
  if (snapshot.seq <= lastSeq + 1) return snapshot.events as F7Event[];
  const missed = log.filter((x) => x.seq > lastSeq && x.seq <= snapshot.seq).map((x) => x.event as F7Event);
  return missed.length > 0 ? missed : snapshot.events as F7Event[];
}

/**
 * The cards that arrive in a moment, for the cards' travel: for each seat, the cards that joined its
 * line through this moment's events, in the order they came (a card twice when it came twice).
 */
export function arrivals(events: readonly F7Event[]): { seat: number; card: F7CardName; order: number }[] {
  const out: { seat: number; card: F7CardName; order: number }[] = [];
  for (const e of events) {
    if ((e.type === 'deal' || e.type === 'flip') && kindOf(e.card) !== 'action') out.push({ seat: e.seat, card: e.card, order: out.length });
    else if (e.type === 'freeze') out.push({ seat: e.seat, card: 'freeze', order: out.length });
    else if (e.type === 'second-chance-kept') out.push({ seat: e.seat, card: 'second-chance', order: out.length });
  }
  return out;
}
