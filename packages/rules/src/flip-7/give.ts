import type { Seat } from '../core/game.js';
import { F7_FLIP_THREE, F7_FREEZE, F7_SECOND_CHANCE, f7CardName } from './cards.js';
import type { F7EventSink } from './events.js';
import { startFlipThree } from './flip-three.js';
import { freeze } from './freeze.js';
import { keepSecondChance } from './second-chance.js';
import { type F7State } from './state.js';

/** F7-8: any active player may receive an action card; F7-11: a Second Chance only one who holds none. */
export function mayReceive(s: F7State, card: number, to: Seat): boolean {
  return s.status[to] === 'active' && (card !== F7_SECOND_CHANCE || s.sc[to] === 0);
}

export const NO_RECEIVER = -1;
export const SEVERAL_RECEIVERS = -2;

/**
 * The one player who may receive the card being given, NO_RECEIVER when none may (F7-11) or
 * SEVERAL_RECEIVERS when there is a choice to ask for.
 */
export function soleReceiver(s: F7State): number {
  let found = NO_RECEIVER;
  for (let i = 0; i < s.players; i++) {
    if (mayReceive(s, s.card, i)) {
      if (found !== NO_RECEIVER) return SEVERAL_RECEIVERS;
      found = i;
    }
  }
  return found;
}

/** The players who may receive the card being given, in seat order. */
export function receivers(s: F7State): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < s.players; i++) if (mayReceive(s, s.card, i)) out.push(i);
  return out;
}

/**
 * The asked player gives the card to `to` (checked by the caller). A card flipped now takes effect
 * at once (F7-8..F7-11); a set-aside card only records its receiver (F7-10).
 */
export function give(s: F7State, to: Seat, ev: F7EventSink): void {
  const c = s.card;
  s.ask = 'none';
  if (ev) ev.push({ type: 'give', from: s.asker, to, card: f7CardName(c), setAside: s.direct === 0 });
  if (s.direct === 0) {
    s.f3[s.f3.length - 1]!.to.push(to);
    return;
  }
  if (c === F7_FREEZE) freeze(s, to, ev);
  else if (c === F7_FLIP_THREE) startFlipThree(s, to, ev);
  else keepSecondChance(s, to, ev);
}

/** F7-11: a Second Chance no one may receive is discarded. */
export function discardUnreceivable(s: F7State, ev: F7EventSink): void {
  s.discard.push(s.card);
  s.ask = 'none';
  if (ev) ev.push({ type: 'discard', card: f7CardName(s.card), reason: 'no-receiver' });
}
