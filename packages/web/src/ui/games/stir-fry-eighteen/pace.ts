import type { GameEvent, GameSnapshot } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { type Pace, holdMs, pacedMs, useSettings } from '../../../state/settings.js';

/** What Stir Fry Eighteen's table holds longer than a move, in milliseconds at the normal pace. */
const SF_HOLD_MS = { reveal: 2200, dish: 2200 } as const;

/** The moments of Stir Fry Eighteen the table holds long enough to be read: its own, and a declaration (`declare`, the table's base). */
export type SfMoment = keyof typeof SF_HOLD_MS | 'declare';

/** How long to hold `moment` at `pace` (state/settings.ts scales it). */
export function sfHoldMs(moment: SfMoment, pace?: Pace): number {
  return moment === 'declare' ? holdMs(moment, pace) : pacedMs(SF_HOLD_MS[moment], pace);
}

/** The moment a move's events make (a dish over a reveal over a declaration), or null. */
export function sfMomentOf(events: readonly GameEvent[]): SfMoment | null {
  let out: SfMoment | null = null;
  for (const e of events) {
    const type = (e as { type?: unknown }).type;
    if (type === 'cook') return 'dish';
    if (type === 'taste-test') out = 'reveal';
    else if (type === 'declare' && out === null) out = 'declare';
  }
  return out;
}

/** What the table shows: one snapshot (since `shownAt`, ms) and the newer ones waiting their turn. */
export interface PaceState {
  readonly shown: GameSnapshot;
  readonly shownAt: number;
  readonly queue: readonly GameSnapshot[];
}

/** More moves than this waiting, and the table jumps to the latest (a player back from another tab). */
export const MAX_WAITING = 6;

/**
 * A new snapshot arrives. It waits behind the moment on show unless the table must not make the
 * player wait: it asks this seat something (a turn, a taste test: the clock runs), it answers this
 * player's own move, the game is over, the snapshot on show asked something that is now stale, the
 * page is hidden, or too many moves wait. A snapshot of another game, or one not newer than what is
 * shown (a reload), replaces what is shown.
 */
export function paceArrive(state: PaceState | null, latest: GameSnapshot, me: number | null, now: number, hidden = false): PaceState {
  const show = (): PaceState => ({ shown: latest, shownAt: now, queue: [] });
  if (state === null || hidden) return show();
  const { shown, queue } = state;
  if (latest.gameNo !== shown.gameNo || latest.seq < shown.seq) return show();
  // The same move again (a presence change, a stand-in taking over): the newer copy in its place.
  if (latest.seq === shown.seq) return { ...state, shown: latest };
  const urgent = latest.legal.length > 0 || latest.outcome !== null || shown.legal.length > 0
    || (me !== null && latest.moveSeat === me && latest.by === 'player');
  if (urgent || queue.length + 1 > MAX_WAITING) return show();
  const waiting = queue.filter((s) => s.seq < latest.seq);
  return { ...state, queue: [...waiting, latest] };
}

/** When the next waiting snapshot is due (ms), or null when none waits. */
export function paceDue(state: PaceState, pace: Pace): number | null {
  if (state.queue.length === 0) return null;
  const moment = sfMomentOf(state.shown.events);
  return state.shownAt + (moment === null ? 0 : sfHoldMs(moment, pace));
}

/** The next waiting snapshot goes on show. */
export function paceAdvance(state: PaceState, now: number): PaceState {
  const [next, ...rest] = state.queue;
  return next === undefined ? state : { shown: next, shownAt: now, queue: rest };
}

/**
 * The snapshot to show now: the latest, except that a declaration, a reveal or a dish stays on show
 * for its hold time at the player's pace (settings) before the moves after it appear, one by one.
 */
export function usePacedSnapshot(latest: GameSnapshot, me: number | null): { shown: GameSnapshot; moment: SfMoment | null } {
  const { pace } = useSettings();
  const [state, setState] = useState<PaceState>(() => paceArrive(null, latest, me, Date.now()));
  const [seen, setSeen] = useState(latest);
  // A new snapshot: decided while rendering, so that nothing stale is drawn in between.
  let current = state;
  if (seen !== latest) {
    current = paceArrive(state, latest, me, Date.now(), typeof document !== 'undefined' && document.visibilityState === 'hidden');
    setSeen(latest);
    setState(current);
  }
  const due = paceDue(current, pace);
  useEffect(() => {
    if (due === null) return;
    const id = window.setTimeout(() => setState((s) => paceAdvance(s, Date.now())), Math.max(0, due - Date.now()));
    return () => window.clearTimeout(id);
  }, [due, current.queue.length]);
  // Coming back to the page shows where the game is.
  useEffect(() => {
    const onShow = () => { if (document.visibilityState === 'visible') setState((s) => (s.queue.length === 0 ? s : { shown: s.queue[s.queue.length - 1]!, shownAt: Date.now(), queue: [] })); };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, []);
  return { shown: current.shown, moment: sfMomentOf(current.shown.events) };
}
