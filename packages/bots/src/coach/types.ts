/**
 * The coach's findings: structured, with codes and numbers, never sentences — the web client words
 * them in the reader's language (locales/<lang>/coach.json) and the `parlor coach` command in
 * English (words.ts). Every number is from what the coached seat could see when it decided.
 */
import type { GameId } from '@parlor/rules';

/** What a decision was about. */
export type CoachKind =
  /** Flip 7: hit or stay (F7-5; the deal-time choice of F7-4). */
  | 'f7.hitOrStay'
  /** Flip 7: who receives an action card (F7-8..F7-11; set-aside cards of a Flip Three, F7-10). */
  | 'f7.give'
  /** Stir Fry Eighteen: taste test or trust another player's discard (SF-14..SF-16). */
  | 'sf.taste'
  /** Stir Fry Eighteen: a discard's claim (SF-11, SF-12), honest or a bluff, against the chance of a taste test. */
  | 'sf.claim'
  /** Stir Fry Eighteen: a dish cooked (SF-19..SF-23) against the best dish in the hand. */
  | 'sf.cook';

/** One option of a decision and what it was worth, in expected points (see CoachReport.unit). */
export interface CoachOption {
  /** 'hit', 'stay', 'seat:2', 'test', 'trust', a dish's cards… (CoachDecision.kind says which). */
  readonly id: string;
  /** Expected points of this option, by the coach's measure for this kind (docs/bots.md, "The coach"). */
  readonly value: number;
  /** Flip 7: the chance to bust this round after choosing it (under best play afterwards). */
  readonly bust?: number;
}

export interface CoachDecision {
  /** Index of the action in the export's `actions` (the decision's answer). */
  readonly index: number;
  /** Flip 7: the round (F7-4); Stir Fry Eighteen: the turn number. */
  readonly round: number;
  readonly kind: CoachKind;
  /** The option taken (an id of `options`). */
  readonly chosen: string;
  /** The option with the highest value (the coach's advice when `follows` is 'points'). */
  readonly best: string;
  readonly options: readonly CoachOption[];
  /** Value of the best option minus value of the chosen one (≥ 0): points given away on average. */
  readonly cost: number;
  /** Costs more than the threshold and is not explained by playing to win: worth telling. */
  readonly flagged: boolean;
  /**
   * Flip 7: when winning the game and maximising points disagree (the win-chance model prefers
   * another option than the points), the option that wins more often, and the advice follows it;
   * null when they agree.
   */
  readonly winBest: string | null;
  /** The facts the sentence needs (line total, bust chance, a chance of honesty, a receiver, a dish's name…). */
  readonly facts: Readonly<Record<string, number | string>>;
}

export interface CoachSummary {
  readonly decisions: number;
  readonly flagged: number;
  /** Expected points given away over every decision (the sum of costs, win-explained ones excluded). */
  readonly pointsLost: number;
  /** Those of the flagged decisions alone. */
  readonly flaggedLost: number;
  /** Flip 7 decisions where winning and maximising points disagreed (the advice followed winning). */
  readonly conflicts: number;
}

export interface CoachReport {
  readonly game: GameId;
  readonly seat: number;
  /** The seat's name as exported. */
  readonly name: string;
  /** A decision is flagged when it cost more than this many expected points. */
  readonly threshold: number;
  readonly decisions: readonly CoachDecision[];
  readonly summary: CoachSummary;
}

/** Why a report cannot be made (the CLI prints it; the web shows it). */
export type CoachProblem =
  | { readonly code: 'format' }
  /** A game the coach does not know: not registered, or registered without a coach. */
  | { readonly code: 'game'; readonly game: string }
  | { readonly code: 'seat'; readonly seat: number; readonly players: number }
  | { readonly code: 'replay'; readonly index: number; readonly message: string }
  | { readonly code: 'notOver' };

export type CoachResult = { readonly ok: true; readonly report: CoachReport } | { readonly ok: false; readonly problem: CoachProblem };
