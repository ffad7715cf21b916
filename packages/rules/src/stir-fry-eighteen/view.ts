import type { Seat, Viewer } from '../core/game.js';
import type { SfCard, SfProtein } from './cards.js';
import { sfSortCards } from './cards.js';
import type { SfOptions } from './options.js';
import type { SfEndReason, SfPhase, SfPutDown, SfState } from './state.js';
import { sfToAct } from './to-act.js';

/** A stack of cards put down this turn, as a viewer sees it: face down unless shown or their own. */
export interface SfPutDownView {
  readonly by: Seat;
  readonly why: SfPutDown['why'];
  readonly count: number;
  /** The cards, when the viewer may know them (revealed by a taste test, or put down by the viewer). */
  readonly cards: SfCard[] | null;
  readonly open: boolean;
}

/** SF-33: everything one seat (or a spectator) may know, and nothing more. */
export interface SfView {
  readonly game: 'stir-fry-eighteen';
  readonly viewer: Viewer;
  readonly players: number;
  readonly options: SfOptions;
  readonly phase: SfPhase;
  readonly toAct: Seat[];
  readonly scores: number[];
  readonly handSizes: number[];
  /** The viewer's own hand (null for a spectator), in rule order. */
  readonly hand: SfCard[] | null;
  readonly drawPileSize: number;
  readonly putDown: SfPutDownView[];
  readonly bonusDraws: number[];
  readonly turn: {
    readonly player: Seat; readonly number: number;
    readonly pairDone: boolean; readonly proteinDone: boolean; readonly caught: boolean; readonly cooked: boolean;
  };
  /** The declaration waiting for taste-test answers, if any. */
  readonly declaration: {
    readonly declarer: Seat; readonly kind: 'pair' | 'protein'; readonly claim: SfProtein | null;
    readonly count: number; readonly mayTest: Seat[]; readonly waiting: Seat[];
  } | null;
  readonly revealed: SfCard[];
  readonly closing: { readonly by: Seat; readonly lastTurn: Seat } | null;
  readonly result: { readonly winners: Seat[]; readonly reason: SfEndReason } | null;
  /** Shown only once the game is over (SF-33): every hand and the card Tofu replaced. */
  readonly finalHands: SfCard[][] | null;
  readonly removed: SfCard | null;
}

export function sfView(s: SfState, viewer: Viewer): SfView {
  const seat = typeof viewer === 'number' && viewer >= 0 && viewer < s.players ? viewer : null;
  const over = s.phase === 'over';
  const d = s.declaration;
  return {
    game: 'stir-fry-eighteen',
    viewer: seat === null ? 'spectator' : seat,
    players: s.players,
    options: s.options,
    phase: s.phase,
    toAct: sfToAct(s),
    scores: s.scores.slice(),
    handSizes: s.hands.map((h) => h.length),
    hand: seat === null ? null : sfSortCards(s.hands[seat]!.slice()),
    drawPileSize: s.drawPile.length,
    putDown: s.putDown.map((p) => ({
      by: p.by, why: p.why, count: p.cards.length, open: p.open,
      cards: p.open || p.by === seat ? sfSortCards(p.cards.slice()) : null,
    })),
    bonusDraws: s.bonusDraws.slice(),
    turn: { ...s.turn },
    declaration: d === null ? null : {
      declarer: d.declarer, kind: d.kind, claim: d.claim, count: s.putDown[d.putDown]!.cards.length,
      mayTest: d.mayTest.slice(), waiting: d.waiting.slice(),
    },
    revealed: s.revealed.slice(),
    closing: s.closing,
    result: s.result && { winners: s.result.winners.slice(), reason: s.result.reason },
    finalHands: over ? s.hands.map((h) => sfSortCards(h.slice())) : null,
    removed: over ? s.removed : null,
  };
}
