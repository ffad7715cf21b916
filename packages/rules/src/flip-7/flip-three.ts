import type { Seat } from '../core/game.js';
import { F7_FLIP_THREE, F7_FREEZE, f7CardName } from './cards.js';
import type { F7EventSink } from './events.js';
import { BY_FLIP_THREE, FLIP_BUST, flipFor } from './flip.js';
import { freeze } from './freeze.js';
import { type F7FlipThree, type F7State } from './state.js';

/** F7-10: `seat` receives a Flip Three; the card lies in no one's line while its flips go on. */
export function startFlipThree(s: F7State, seat: Seat, ev: F7EventSink): void {
  s.f3.push({ r: seat, left: 3, stage: 'flipping', aside: [], to: [] });
  if (ev) ev.push({ type: 'flip-three-start', seat });
}

/**
 * One step of the innermost Flip Three `f` (F7-10): one flip; or the end of the flips; or asking
 * for the next set-aside card's receiver; or one given card taking effect (a Flip Three among them
 * pushes a new, innermost Flip Three, whose own cards are given and take effect before the older
 * ones still waiting).
 */
export function stepFlipThree(s: F7State, f: F7FlipThree, ev: F7EventSink): void {
  if (f.stage === 'flipping') {
    if (f.left > 0) {
      f.left -= 1;
      s.flipped[f.r] = 1; // F7-4: flipped through a Flip Three
      if (flipFor(s, f.r, BY_FLIP_THREE, ev) === FLIP_BUST) {
        // F7-10: a bust stops the Flip Three; it and the set-aside cards are discarded.
        s.discard.push(F7_FLIP_THREE);
        for (const c of f.aside) {
          s.discard.push(c);
          if (ev) ev.push({ type: 'discard', card: f7CardName(c), reason: 'flip-three-bust' });
        }
        s.f3.pop();
        if (ev) ev.push({ type: 'flip-three-end', seat: f.r, reason: 'bust' });
      }
      return; // (a Flip 7 or empty piles ended the round: endRound cleared the Flip Threes)
    }
    s.discard.push(F7_FLIP_THREE); // F7-10: discarded once its flips end
    if (ev) ev.push({ type: 'flip-three-end', seat: f.r, reason: 'done' });
    f.stage = 'giving';
  }
  if (f.stage === 'giving') {
    if (f.to.length < f.aside.length) { // F7-10: give them one at a time, in the order flipped
      s.ask = 'give';
      s.asker = f.r;
      s.card = f.aside[f.to.length]!;
      s.direct = 0;
      return;
    }
    f.stage = 'effects'; // only when all are given do they take effect, in the order given
  }
  if (f.aside.length === 0) {
    s.f3.pop();
    return;
  }
  const c = f.aside.shift()!;
  const to = f.to.shift()!;
  if (s.status[to] !== 'active') { // F7-10: its receiver is no longer active
    s.discard.push(c);
    if (ev) ev.push({ type: 'discard', card: f7CardName(c), reason: 'receiver-out' });
    return;
  }
  if (c === F7_FREEZE) freeze(s, to, ev);
  else startFlipThree(s, to, ev);
}
