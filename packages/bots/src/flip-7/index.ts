export { f7BasicBot, f7BasicDecide, F7_BASIC } from './basic.js';
export { f7ExpertBot, f7ExpertDecide, F7_EXPERT } from './expert.js';
export {
  f7SolveRound, f7QuickSolve, F7_FULL_PILE, F7_NUMBERS_PILE,
  type F7SolverLine, type F7SolveOptions, type F7QuickOptions, type F7RoundSolution, type F7QuickSolution, type F7Pile,
} from './solver.js';
export { F7_COACH, f7FlagBar, f7JudgeDecision, type F7CoachKind } from './coach.js';
