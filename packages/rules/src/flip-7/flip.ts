import type { Seat } from '../core/game.js';
import { shuffleInPlace } from '../core/random.js';
import { F7_MAX_NUMBER, F7_SECOND_CHANCE, F7_TIMES2, f7CardName } from './cards.js';
import type { F7EventSink } from './events.js';
import { endRound } from './round.js';
import { useSecondChance } from './second-chance.js';
import { type F7State } from './state.js';

/** How a card is flipped: as a deal card (F7-4), a hit (F7-5), or one of a Flip Three's flips (F7-10). */
export const BY_DEAL = 0;
export const BY_HIT = 1;
export const BY_FLIP_THREE = 2;

/** What a flip led to. */
export const FLIP_OK = 0;
export const FLIP_BUST = 1;
export const FLIP_ROUND_OVER = 2;

/**
 * The top card of the draw pile, or −1 when there is none. F7-14: an empty draw pile is replaced by
 * the shuffled discard pile (cards in front of players stay where they are).
 */
export function drawCard(s: F7State, ev: F7EventSink): number {
  if (s.draw.length === 0) {
    if (s.discard.length === 0) return -1;
    const empty = s.draw;
    s.draw = s.discard;
    s.discard = empty;
    shuffleInPlace(s.rng, s.draw);
    if (ev) ev.push({ type: 'reshuffle', cards: s.draw.length });
  }
  return s.draw.pop()!;
}

/**
 * `seat` flips the next card (F7-4, F7-5, F7-10) and it is handled: a number by F7-6/F7-7/F7-11, a
 * modifier joins the line, an action card is set aside inside a Flip Three (F7-10) or else waits to
 * be given (F7-8; a Second Chance is given at once even inside a Flip Three).
 */
export function flipFor(s: F7State, seat: Seat, by: number, ev: F7EventSink): number {
  const c = drawCard(s, ev);
  if (c < 0) {
    endRound(s, 'no-cards', -1, ev); // F7-14: both piles empty
    return FLIP_ROUND_OVER;
  }
  if (ev) {
    ev.push(by === BY_DEAL
      ? { type: 'deal', seat, card: f7CardName(c) }
      : { type: 'flip', seat, card: f7CardName(c), flipThree: by === BY_FLIP_THREE });
  }
  const line = s.lines[seat]!;
  if (c <= F7_MAX_NUMBER) {
    const bit = 1 << c;
    if ((s.mask[seat]! & bit) !== 0) {
      if (s.sc[seat] === 1) { // F7-11
        useSecondChance(s, seat, c, ev);
        return FLIP_OK;
      }
      line.push(c); // F7-6: the cards stay in front of the busted player
      s.status[seat] = 'busted';
      if (ev) ev.push({ type: 'bust', seat, card: f7CardName(c) });
      return FLIP_BUST;
    }
    line.push(c);
    s.mask[seat]! |= bit;
    s.count[seat]! += 1;
    if (s.count[seat] === 7) { // F7-7
      if (ev) ev.push({ type: 'flip-7', seat });
      endRound(s, 'flip-7', seat, ev);
      return FLIP_ROUND_OVER;
    }
    return FLIP_OK;
  }
  if (c <= F7_TIMES2) { // a modifier joins the line (F7-10, F7-13)
    line.push(c);
    return FLIP_OK;
  }
  if (by === BY_FLIP_THREE && c !== F7_SECOND_CHANCE) { // F7-10: set aside
    s.f3[s.f3.length - 1]!.aside.push(c);
    if (ev) ev.push({ type: 'set-aside', seat, card: f7CardName(c) });
    return FLIP_OK;
  }
  s.ask = 'give'; // F7-8: the flipper chooses its receiver
  s.asker = seat;
  s.card = c;
  s.direct = 1;
  return FLIP_OK;
}
