import type { Seat } from '../core/game.js';
import { stepDeal } from './deal.js';
import type { F7EventSink } from './events.js';
import { BY_DEAL, BY_HIT, flipFor } from './flip.js';
import { stepFlipThree } from './flip-three.js';
import { NO_RECEIVER, SEVERAL_RECEIVERS, discardUnreceivable, give, soleReceiver } from './give.js';
import { endRound } from './round.js';
import { type F7State } from './state.js';

/**
 * Plays every forced move (spec "Forced moves") until the game waits for a real decision or is
 * over: the deal, a Flip Three's flips, an action card only one player may receive (or none, F7-11),
 * a hit by a player with nothing in front of them (F7-5), the next turn, the end of a round.
 */
export function runForced(s: F7State, ev: F7EventSink): void {
  for (;;) {
    if (s.phase === 'over') return;
    if (s.ask === 'give') {
      const only = soleReceiver(s);
      if (only === SEVERAL_RECEIVERS) return;
      if (only === NO_RECEIVER) discardUnreceivable(s, ev);
      else give(s, only, ev);
      continue;
    }
    if (s.ask === 'choice') {
      if (s.lines[s.asker]!.length > 0) return;
      hit(s, s.asker, ev); // F7-5: staying needs a card in front; F7-4: such a player takes the deal card
      continue;
    }
    if (s.f3.length > 0) stepFlipThree(s, s.f3[s.f3.length - 1]!, ev);
    else if (s.phase === 'deal') stepDeal(s, ev);
    else nextTurn(s, ev);
  }
}

/**
 * F7-5: the next active player after the one whose turn it was (F7-10: also after a Flip Three)
 * is asked; F7-12: with no one active the round ends.
 */
export function nextTurn(s: F7State, ev: F7EventSink): void {
  const n = s.players;
  for (let i = 1; i <= n; i++) {
    const seat = (s.cursor + i) % n;
    if (s.status[seat] === 'active') {
      s.cursor = seat;
      s.ask = 'choice';
      s.asker = seat;
      return;
    }
  }
  endRound(s, 'no-one-active', -1, ev);
}

/** F7-5 hit (or F7-4: take the deal card). */
export function hit(s: F7State, seat: Seat, ev: F7EventSink): void {
  s.ask = 'none';
  flipFor(s, seat, s.phase === 'deal' ? BY_DEAL : BY_HIT, ev);
}

/** F7-5 stay (or F7-4: stay instead of taking the deal card): bank the line, out of the round. */
export function stay(s: F7State, seat: Seat, ev: F7EventSink): void {
  s.ask = 'none';
  s.status[seat] = 'stayed';
  if (ev) ev.push({ type: 'stay', seat, atDeal: s.phase === 'deal' });
}
