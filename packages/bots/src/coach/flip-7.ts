import type { F7Action, F7Event, F7View } from '@parlor/rules';
import type { SeatMoment } from './fold.js';
import type { CoachDecision } from './types.js';

export const F7_COACH = Object.freeze({ threshold: 1 });

export function coachFlip7(moments: readonly SeatMoment<F7View, F7Action, F7Event>[], _seat: number, threshold: number = F7_COACH.threshold): { threshold: number; decisions: CoachDecision[] } {
  void moments;
  return { threshold, decisions: [] };
}
