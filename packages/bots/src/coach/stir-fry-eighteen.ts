import type { SfAction, SfEvent, SfView } from '@parlor/rules';
import type { SeatMoment } from './fold.js';
import type { CoachDecision } from './types.js';

export const SF_COACH = Object.freeze({ threshold: 1 });

export function coachStirFry(moments: readonly SeatMoment<SfView, SfAction, SfEvent>[], _seat: number, _players: number, threshold: number = SF_COACH.threshold): { threshold: number; decisions: CoachDecision[] } {
  void moments;
  return { threshold, decisions: [] };
}
