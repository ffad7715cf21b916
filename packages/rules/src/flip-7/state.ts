import type { Seat } from '../core/game.js';
import type { RngState } from '../core/random.js';
import { F7_FLIP_THREE } from './cards.js';

/** A player's standing in the round: still flipping, stayed (F7-5), frozen (F7-9) or busted (F7-6). */
export type F7Status = 'active' | 'stayed' | 'frozen' | 'busted';
export const F7_STATUSES: readonly F7Status[] = ['active', 'stayed', 'frozen', 'busted'];

/** Where the round is: dealing (F7-4), turns (F7-5), or the game is over (F7-15). */
export type F7Phase = 'deal' | 'turns' | 'over';

/**
 * What the game waits for: nothing (forced moves run), `asker` choosing hit or stay (a turn, F7-5,
 * or the deal choice of F7-4), or `asker` giving `card` to an active player (F7-8, F7-10, F7-11).
 */
export type F7Ask = 'none' | 'choice' | 'give';

/** Stages of a Flip Three (F7-10): its flips, then giving the set-aside cards, then their effects. */
export type F7FlipThreeStage = 'flipping' | 'giving' | 'effects';

/**
 * A Flip Three being resolved (F7-10). While `stage` is 'flipping', its Flip Three card is in no
 * one's line. `aside` holds the set-aside Freeze/Flip Three cards still waiting, in the order
 * flipped; `to[i]` is the receiver chosen for `aside[i]` ('giving': `to` is shorter than `aside`).
 */
export interface F7FlipThree {
  /** The receiver, who flips. */
  r: Seat;
  /** Flips still to make. */
  left: number;
  stage: F7FlipThreeStage;
  aside: number[];
  to: number[];
}

/**
 * The whole game, as plain data (JSON-safe). Cards are codes (cards.ts); the draw pile's top is
 * its last element. Per-seat arrays are indexed by seat. Hidden: `draw` order and `rng` (F7-16).
 */
export interface F7State {
  readonly players: number;
  readonly target: number;
  rng: RngState;
  draw: number[];
  discard: number[];
  /** Cards in front of each player, in the order they arrived. */
  lines: number[][];
  status: F7Status[];
  /** Bit n set when number n is in the line (F7-6). */
  mask: number[];
  /** Different numbers in the line (F7-7). */
  count: number[];
  /** 1 when the player holds a Second Chance (F7-11). */
  sc: number[];
  /** 1 when the player flipped cards through a Flip Three this round (F7-4's deal choice). */
  flipped: number[];
  scores: number[];
  /** 1 for the first round. */
  round: number;
  dealer: Seat;
  phase: F7Phase;
  /** The seat whose deal or turn it is ("the one whose turn (or deal) it was", F7-10). */
  cursor: Seat;
  /** Seats still to be dealt this round (F7-4). */
  dealLeft: number;
  ask: F7Ask;
  asker: Seat;
  /** The card to give while `ask` is 'give'. */
  card: number;
  /** 1 when that card is in transit by itself (flipped now), 0 when it is a set-aside card of the top Flip Three. */
  direct: number;
  /** Flip Threes in progress, innermost last. */
  f3: F7FlipThree[];
  /** The winners once the game is over. */
  winners: Seat[];
}

/** A deep copy, fast (for search: copy, then play in place). */
export function f7CloneState(s: F7State): F7State {
  const n = s.players;
  const lines: number[][] = new Array(n);
  for (let i = 0; i < n; i++) lines[i] = s.lines[i]!.slice();
  const f3: F7FlipThree[] = [];
  for (const f of s.f3) f3.push({ r: f.r, left: f.left, stage: f.stage, aside: f.aside.slice(), to: f.to.slice() });
  return {
    players: n,
    target: s.target,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    draw: s.draw.slice(),
    discard: s.discard.slice(),
    lines,
    status: s.status.slice(),
    mask: s.mask.slice(),
    count: s.count.slice(),
    sc: s.sc.slice(),
    flipped: s.flipped.slice(),
    scores: s.scores.slice(),
    round: s.round,
    dealer: s.dealer,
    phase: s.phase,
    cursor: s.cursor,
    dealLeft: s.dealLeft,
    ask: s.ask,
    asker: s.asker,
    card: s.card,
    direct: s.direct,
    f3,
    winners: s.winners.slice(),
  };
}

/** A fresh state before the first deal (the round is started by round.ts). */
export function emptyState(players: number, target: number, rng: RngState, draw: number[], discard: number[], scores: number[], dealer: Seat): F7State {
  const lines: number[][] = [];
  const zeros: number[] = [];
  const status: F7Status[] = [];
  for (let i = 0; i < players; i++) { lines.push([]); zeros.push(0); status.push('active'); }
  return {
    players, target, rng, draw, discard, lines,
    status, mask: zeros.slice(), count: zeros.slice(), sc: zeros.slice(), flipped: zeros,
    scores,
    round: 0, dealer, phase: 'deal', cursor: dealer, dealLeft: 0,
    ask: 'none', asker: 0, card: 0, direct: 0, f3: [], winners: [],
  };
}

/** Cards in no one's line and in neither pile: Flip Threes resolving, set-aside cards, a card being given. */
export function inTransit(s: F7State): number[] {
  const out: number[] = [];
  for (const f of s.f3) {
    if (f.stage === 'flipping') out.push(F7_FLIP_THREE);
    for (const c of f.aside) out.push(c);
  }
  if (s.ask === 'give' && s.direct === 1) out.push(s.card);
  return out;
}
