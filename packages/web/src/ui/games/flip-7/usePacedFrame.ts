import type { GameSnapshot } from '@parlor/protocol';
import type { F7View } from '@parlor/rules';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSettings } from '../../../state/settings.js';
import type { LogEntry } from '../../../state/store.js';
import { type F7Frame, enqueue, eventsSince, framesOf, heldFor } from './frames.js';

interface Paced {
  /** The moment shown, chosen at `shownAt` (performance.now()). */
  readonly shown: F7Frame;
  readonly shownAt: number;
  /** The moments waiting to be shown, oldest first. */
  readonly queue: readonly F7Frame[];
  /** The last snapshot taken in: its key, seq and view (what the next snapshot's events start from). */
  readonly lastKey: string;
  readonly lastSeq: number;
  readonly lastView: F7View;
  readonly gameNo: number;
}

const keyOf = (s: GameSnapshot) => `${s.gameNo}:${s.seq}`;

function start(snapshot: GameSnapshot, logLength: number): Paced {
  const [frame] = framesOf(null, snapshot, logLength, 'normal');
  return {
    shown: { ...frame!, hold: 0 }, shownAt: 0, queue: [], lastKey: keyOf(snapshot), lastSeq: snapshot.seq, lastView: snapshot.view as F7View, gameNo: snapshot.gameNo,
  };
}

/**
 * The moment of the game the table shows (frames.ts): each snapshot in turn, each held for its
 * time at the pace chosen in the settings, so that a bust, a Flip 7, an action card or a round's
 * end can be read before the next move replaces it. `live` is true when the moment shown is the
 * latest snapshot (then, and only then, the table asks for a decision). Lagging far behind, or
 * while a move timer runs on my decision, it hurries (frames.ts, heldFor). A snapshot carrying the
 * game's history (a reload, a reconnection) or a new game is shown at once; with `paced` false
 * (a game played in the browser, which paces itself) every snapshot is.
 */
export function usePacedFrame(snapshot: GameSnapshot, log: readonly LogEntry[], paced: boolean): { frame: F7Frame; live: boolean } {
  const logLength = log.length;
  const { pace } = useSettings();
  const [state, setState] = useState<Paced>(() => start(snapshot, logLength));
  const key = keyOf(snapshot);
  // My decision against a move timer: the table catches up quickly rather than spend my time.
  const hurry = snapshot.seat !== null && snapshot.deadline !== null && snapshot.legal.length > 0;

  // When the moment shown reached the screen: its time counts from then, not from when it was chosen
  // (on a busy device React may draw it a good while later).
  const drawnAt = useRef(0);
  useLayoutEffect(() => { drawnAt.current = performance.now(); }, [state.shown]);

  // Each new snapshot joins the queue (or starts afresh).
  useEffect(() => {
    setState((s) => {
      if (s.lastKey === key) return s;
      if (!paced || snapshot.history !== undefined || snapshot.gameNo !== s.gameNo) return start(snapshot, logLength);
      const frames = framesOf(s.lastView, snapshot, logLength, pace, eventsSince(s.lastSeq, snapshot, log));
      const next = { ...s, lastKey: key, lastSeq: snapshot.seq, lastView: snapshot.view as F7View };
      // Nothing waiting and the moment shown has had its time: the new one shows at once.
      if (s.queue.length === 0 && performance.now() - Math.max(s.shownAt, drawnAt.current) >= heldFor(s.shown, 0, hurry)) {
        const [first, ...rest] = frames;
        return { ...next, shown: first!, shownAt: performance.now(), queue: rest };
      }
      return { ...next, queue: enqueue(s.queue, frames, pace) };
    });
    // The snapshot and the log's length are those of its key.
  }, [key, paced]);

  // The moment shown gives way to the next one when its time is up.
  useEffect(() => {
    if (state.queue.length === 0) return;
    const wait = Math.max(0, Math.max(state.shownAt, drawnAt.current) + heldFor(state.shown, state.queue.length, hurry) - performance.now());
    const showing = state.shown;
    const id = window.setTimeout(() => setState((s) => {
      // Only the moment this timer was set for gives way (never the one after it, should two meet).
      if (s.queue.length === 0 || s.shown !== showing) return s;
      const [first, ...rest] = s.queue;
      return { ...s, shown: first!, shownAt: performance.now(), queue: rest };
    }), wait);
    return () => window.clearTimeout(id);
  }, [state.shown, state.shownAt, state.queue.length, hurry]);

  const live = state.queue.length === 0 && state.shown.key === key;
  return { frame: live ? { ...state.shown, view: snapshot.view as F7View } : state.shown, live };
}
