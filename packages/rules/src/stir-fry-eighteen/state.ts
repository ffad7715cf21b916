import type { RngState } from '../core/random.js';
import type { Seat } from '../core/game.js';
import type { SfCard, SfProtein } from './cards.js';
import type { SfOptions } from './options.js';

/** What the game waits for. */
export type SfPhase = 'act' | 'taste-test' | 'discard-down' | 'over';

/** Cards put down this turn by one player in one go: a discard (SF-13), a tester's hand (SF-17),
 *  a dish (SF-21, shown) or a discard-down (SF-24). */
export interface SfPutDown {
  readonly by: Seat;
  readonly why: 'pair' | 'protein' | 'tester-hand' | 'dish' | 'discard-down';
  readonly cards: SfCard[];
  /** Shown to everyone (a taste test revealed them, SF-16). */
  open: boolean;
}

/** A discard declared and waiting for taste-test answers (SF-14). */
export interface SfDeclaration {
  readonly declarer: Seat;
  readonly kind: 'pair' | 'protein';
  /** The declared protein (protein discards only). */
  readonly claim: SfProtein | null;
  /** Index of the put-down entry holding the cards. */
  readonly putDown: number;
  /** Who could test when the declaration was made (SF-15). */
  readonly mayTest: Seat[];
  /** Who has not answered yet. */
  waiting: Seat[];
}

export interface SfTurn {
  readonly player: Seat;
  /** Turns started so far in the game, this one included. */
  readonly number: number;
  pairDone: boolean;
  proteinDone: boolean;
  /** Caught bluffing: no more draws this turn (SF-18). */
  caught: boolean;
  cooked: boolean;
}

export interface SfState {
  readonly game: 'stir-fry-eighteen';
  readonly players: number;
  readonly options: SfOptions;
  /** The generator behind every shuffle; hidden from every view. */
  rng: RngState;
  scores: number[];
  hands: SfCard[][];
  /** The draw pile; its top is the END of the array. */
  drawPile: SfCard[];
  /** Cards put down this turn and not yet shuffled back (SF-22, SF-25). */
  putDown: SfPutDown[];
  /** SF-30: the base card the Tofu promo replaced (null without the option). */
  removed: SfCard | null;
  /** Extra cards owed at each player's next turn start (SF-7, SF-18). */
  bonusDraws: number[];
  phase: SfPhase;
  turn: SfTurn;
  declaration: SfDeclaration | null;
  /** The cards the most recent taste test showed. */
  revealed: SfCard[];
  /** SF-28: the closing round, once someone reached the target with Closing Time on. */
  closing: { readonly by: Seat; readonly lastTurn: Seat } | null;
  /** Set when the game is over. */
  result: { readonly winners: Seat[]; readonly reason: SfEndReason } | null;
}

export type SfEndReason = 'target' | 'closing-time' | 'pantry-empty';

/** A deep copy, cheap enough for every `apply`. */
export function sfCloneState(s: SfState): SfState {
  return {
    game: s.game,
    players: s.players,
    options: s.options,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    scores: s.scores.slice(),
    hands: s.hands.map((h) => h.slice()),
    drawPile: s.drawPile.slice(),
    putDown: s.putDown.map((p) => ({ by: p.by, why: p.why, cards: p.cards.slice(), open: p.open })),
    removed: s.removed,
    bonusDraws: s.bonusDraws.slice(),
    phase: s.phase,
    turn: {
      player: s.turn.player, number: s.turn.number, pairDone: s.turn.pairDone,
      proteinDone: s.turn.proteinDone, caught: s.turn.caught, cooked: s.turn.cooked,
    },
    declaration: s.declaration && { ...s.declaration, mayTest: s.declaration.mayTest.slice(), waiting: s.declaration.waiting.slice() },
    revealed: s.revealed.slice(),
    closing: s.closing,
    result: s.result,
  };
}

/** Cards put down this turn, all entries together. */
export function putDownCount(s: SfState): number {
  let n = 0;
  for (const p of s.putDown) n += p.cards.length;
  return n;
}
