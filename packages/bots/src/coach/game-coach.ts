import type { ActionOf, EventOf, GameId, ViewOf } from '@parlor/rules';
import type { SeatWalk } from './fold.js';
import type { CoachMessage } from './message.js';
import type { CoachDecision } from './types.js';

/**
 * A game's coach: every decision of the coached seat judged from what it saw (the walk of
 * fold.ts), flagged when it cost more than `threshold` (default: the game's own).
 */
export type CoachJudge<G extends GameId = GameId> = (walk: SeatWalk<ViewOf<G>, ActionOf<G>, EventOf<G>>, seat: number, threshold?: number) =>
  { threshold: number; decisions: CoachDecision[] };

/** A game's coach and its words, part of the game's entry in the bots' registry (game-bots.ts). */
export interface GameCoach<G extends GameId = GameId> {
  readonly judge: CoachJudge<G>;
  /**
   * Each kind of decision it judges (`CoachDecision.kind`, `<short>.<decision>`) and its sentence:
   * the key (under `coach.msg.` in locales/<lang>/coach.json) and the values to fill it with.
   */
  readonly messages: Readonly<Record<string, (d: CoachDecision) => CoachMessage>>;
  /** Its sentences in English, by key; locales/en/coach.json's `msg` repeats them word for word (a test checks). */
  readonly english: Readonly<Record<string, string>>;
  /** The things its sentences name (the `card` and `claim` values), in English; coach.json's `thing` translates them. */
  readonly things: Readonly<Record<string, string>>;
}
