/**
 * The coach's findings: structured, with codes and numbers, never sentences — the web client words
 * them in the reader's language (locales/<lang>/coach.json) and the `parlor coach` command in
 * English (words.ts). Every number is from what the coached seat could see when it decided.
 */
import type { GameId } from '@parlor/rules';

/**
 * What a decision was about: `<game's short name>.<decision>`, one of the kinds its game's coach
 * words (`GameCoach.messages`, game-bots.ts); each game's coach lists its own.
 */
export type CoachKind = string;

/** One option of a decision and what it was worth, in expected points (see CoachReport.unit). */
export interface CoachOption {
  /** 'hit', 'stay', 'seat:2', 'test', 'trust', a dish's cards… (CoachDecision.kind says which). */
  readonly id: string;
  /** Expected points of this option, by the coach's measure for this kind (docs/bots.md, "The coach"). */
  readonly value: number;
  /** A game's own measure beside the value, such as the chance to bust this round after choosing it (Flip 7). */
  readonly bust?: number;
}

export interface CoachDecision {
  /** Index of the action in the export's `actions` (the decision's answer). */
  readonly index: number;
  /** Where in the game it was, counted in the game's unit of length (its module's `length.unit`: rounds, turns). */
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
   * When winning the game and maximising points disagree (a coach with a win-chance model, such as
   * Flip 7's, prefers another option than the points), the option that wins more often, and the
   * advice follows it; null when they agree or the coach weighs points alone.
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
  /** Decisions where winning and maximising points disagreed (the advice followed winning; `winBest`). */
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
