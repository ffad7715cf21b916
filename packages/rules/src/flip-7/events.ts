import type { GameEvent, Seat } from '../core/game.js';
import type { F7CardName } from './cards.js';

/** One player's round score (F7-13). */
export interface F7ScoreBreakdown {
  /** Sum of the number cards (0 when busted). */
  readonly numbers: number;
  /** Whether the ×2 doubled the numbers. */
  readonly x2: boolean;
  /** Sum of the + modifiers. */
  readonly modifiers: number;
  /** 15 for a Flip 7, else 0. */
  readonly flip7Bonus: number;
  /** Points this round. */
  readonly total: number;
}

/**
 * Public facts for the log and animations. Everything in Flip 7 is public except the draw pile's
 * order (F7-16): no event names a card before it is flipped, nor the rng.
 */
export type F7Event =
  | { readonly type: 'round-start'; readonly round: number; readonly dealer: Seat }
  /** A deal card (F7-4). */
  | { readonly type: 'deal'; readonly seat: Seat; readonly card: F7CardName }
  /** A hit (F7-5) or one of a Flip Three's flips (F7-10). */
  | { readonly type: 'flip'; readonly seat: Seat; readonly card: F7CardName; readonly flipThree: boolean }
  | { readonly type: 'bust'; readonly seat: Seat; readonly card: F7CardName }
  | { readonly type: 'second-chance-used'; readonly seat: Seat; readonly card: F7CardName }
  | { readonly type: 'flip-7'; readonly seat: Seat }
  | { readonly type: 'stay'; readonly seat: Seat; readonly atDeal: boolean }
  | { readonly type: 'give'; readonly from: Seat; readonly to: Seat; readonly card: F7CardName; readonly setAside: boolean }
  | { readonly type: 'freeze'; readonly seat: Seat }
  | { readonly type: 'second-chance-kept'; readonly seat: Seat }
  | { readonly type: 'flip-three-start'; readonly seat: Seat }
  | { readonly type: 'flip-three-end'; readonly seat: Seat; readonly reason: 'done' | 'bust' | 'round-end' }
  | { readonly type: 'set-aside'; readonly seat: Seat; readonly card: F7CardName }
  /** A card discarded mid-round: an unplaceable Second Chance, a set-aside card after a bust, a given card whose receiver is out. */
  | { readonly type: 'discard'; readonly card: F7CardName; readonly reason: 'no-receiver' | 'flip-three-bust' | 'receiver-out' }
  | { readonly type: 'reshuffle'; readonly cards: number }
  | {
      readonly type: 'round-end';
      readonly round: number;
      readonly reason: 'no-one-active' | 'flip-7' | 'no-cards';
      readonly flip7: Seat | null;
      readonly breakdown: F7ScoreBreakdown[];
      readonly scores: number[];
    }
  | { readonly type: 'game-over'; readonly winners: Seat[]; readonly scores: number[] };

/** Events are collected only when a list is given (search and simulation pass null). */
export type F7EventSink = F7Event[] | null;

// Compile-time check that every event is a GameEvent.
const _check: GameEvent = {} as F7Event;
void _check;
