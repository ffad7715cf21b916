import type { Outcome, Seat, Viewer } from '../core/game.js';
import { placesFromScores } from '../core/game.js';
import { f7CardName, type F7CardName } from './cards.js';
import { receivers } from './give.js';
import { f7ToAct } from './legal-actions.js';
import type { F7Options } from './options.js';
import { inTransit, type F7Phase, type F7State, type F7Status } from './state.js';

/** The decision the game waits for. */
export type F7Pending =
  /** `seat` hits or stays (F7-5); `atDeal`: the deal choice of F7-4 (hit = take the deal card). */
  | { readonly kind: 'hit-or-stay'; readonly seat: Seat; readonly atDeal: boolean }
  /** `seat` gives `card` to one of `receivers` (F7-8, F7-11); `setAside`: a set-aside card of a Flip Three (F7-10). */
  | { readonly kind: 'give'; readonly seat: Seat; readonly card: F7CardName; readonly receivers: Seat[]; readonly setAside: boolean };

/** A Flip Three in progress (F7-10), outermost first. */
export interface F7FlipThreeView {
  readonly receiver: Seat;
  /** True while its flips go on (its card is then in no one's line). */
  readonly flipping: boolean;
  readonly flipsLeft: number;
  /** Set-aside cards still waiting, in order; `givenTo[i]` is the receiver of `setAside[i]` once given. */
  readonly setAside: F7CardName[];
  readonly givenTo: Seat[];
}

/** What a player or spectator may know (F7-16: everything but the draw pile's order). */
export interface F7View {
  readonly game: 'flip-7';
  readonly viewer: Viewer;
  readonly players: number;
  readonly options: F7Options;
  readonly round: number;
  readonly dealer: Seat;
  readonly phase: F7Phase;
  /** The seat whose deal or turn it is. */
  readonly turn: Seat;
  readonly toAct: Seat[];
  readonly pending: F7Pending | null;
  readonly lines: F7CardName[][];
  readonly status: F7Status[];
  readonly scores: number[];
  readonly flipThrees: F7FlipThreeView[];
  /** Every card in no one's line and in neither pile (Flip Threes resolving, set-aside, being given). */
  readonly inTransit: F7CardName[];
  readonly drawPileSize: number;
  readonly discardPile: F7CardName[];
  readonly outcome: Outcome | null;
}

const names = (codes: readonly number[]): F7CardName[] => codes.map(f7CardName);

export function f7Outcome(s: F7State): Outcome | null {
  if (s.phase !== 'over') return null;
  return { scores: s.scores.slice(), winners: s.winners.slice(), places: placesFromScores(s.scores) };
}

function pending(s: F7State): F7Pending | null {
  if (s.phase === 'over') return null;
  if (s.ask === 'choice') return { kind: 'hit-or-stay', seat: s.asker, atDeal: s.phase === 'deal' };
  if (s.ask === 'give') {
    return { kind: 'give', seat: s.asker, card: f7CardName(s.card), receivers: receivers(s), setAside: s.direct === 0 };
  }
  return null;
}

/** The view: the same facts for every viewer, never the draw pile's order nor the rng (F7-16). */
export function f7View(s: F7State, viewer: Viewer): F7View {
  return {
    game: 'flip-7',
    viewer,
    players: s.players,
    options: { target: s.target as F7Options['target'] },
    round: s.round,
    dealer: s.dealer,
    phase: s.phase,
    turn: s.cursor,
    toAct: f7ToAct(s),
    pending: pending(s),
    lines: s.lines.map(names),
    status: s.status.slice(),
    scores: s.scores.slice(),
    flipThrees: s.f3.map((f) => ({
      receiver: f.r, flipping: f.stage === 'flipping', flipsLeft: f.left, setAside: names(f.aside), givenTo: f.to.slice(),
    })),
    inTransit: names(inTransit(s)),
    drawPileSize: s.draw.length,
    discardPile: names(s.discard),
    outcome: f7Outcome(s),
  };
}
