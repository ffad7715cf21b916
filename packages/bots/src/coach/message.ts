/**
 * A finding as a sentence to say, without its words: the sentence's key and its values. Each game's
 * coach makes its own (GameCoach.messages); words.ts picks the one of a decision's kind and says it
 * in English, the web client in the reader's language.
 */
import type { CoachDecision } from './types.js';

/** A sentence to say: its key, and values that are numbers (chances 0–1, points) or seats. */
export interface CoachMessage {
  readonly key: string;
  /** Chances (0–1) under `bust`, `honest`, `tested`, `win`…; points under `cost`, `total`, `hit`, `stay`…; seats under `to`, `best`, `from`. */
  readonly values: Readonly<Record<string, number | string>>;
}

/** What the sentence says of the choice: it followed winning against the points, it is flagged, or it was fine. */
export type CoachVerdict = 'win' | 'flag' | 'ok';

export function coachVerdict(d: CoachDecision): CoachVerdict {
  return d.winBest !== null && d.winBest === d.chosen && d.cost > 0 ? 'win' : d.flagged ? 'flag' : 'ok';
}

/** The win chances a sentence gives when winning and points disagreed (none otherwise). */
export function winValues(d: CoachDecision): Record<string, number> {
  return d.winBest !== null ? { winChosen: Number(d.facts.winChosen ?? 0), winOther: Number(d.facts.winOther ?? 0) } : {};
}

/** The seat of an option id `seat:<n>`. */
export function seatOf(id: string): number {
  return Number(id.replace(/^seat:/, ''));
}
