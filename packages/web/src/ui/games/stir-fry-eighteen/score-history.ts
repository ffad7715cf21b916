import type { SfEvent } from '@parlor/rules';

/** Every chef's score at one point of the game: the start (turn 0), or the end of a turn. */
export interface SfScorePoint {
  /** The turn just ended (0: before the first turn). */
  readonly turn: number;
  /** Whose turn it was (null at the start). */
  readonly player: number | null;
  readonly scores: readonly number[];
}

/**
 * A chef's score just before a scoring event, from what it carries: a dish adds its points (SF-21)
 * unless Meticulous Chef bounced the total off the target (SF-29: score = 2·target − before −
 * points); a tester's loss takes 5 points away (SF-17).
 */
function scoreBefore(e: Extract<SfEvent, { type: 'cook' | 'tester-loses-points' }>, target: number): number {
  if (e.type === 'tester-loses-points') return e.score + e.points;
  return e.bounced ? 2 * target - e.score - e.points : e.score - e.points;
}

/**
 * Every chef's score where the events begin: before their first scoring event, else their score at
 * the game's end (they never scored), else 0. A game from its deal starts at 0 (SF-4); a guided game
 * joined near its end starts at the scores it was set up with, which its events tell the same way.
 */
export function sfStartScores(events: readonly SfEvent[], players: number, target: number): number[] {
  const start: (number | null)[] = new Array<number | null>(players).fill(null);
  for (const e of events) {
    if ((e.type === 'cook' || e.type === 'tester-loses-points') && start[e.player] === null) start[e.player] = scoreBefore(e, target);
    if (e.type === 'game-over') e.scores.forEach((s, seat) => { if (start[seat] === null) start[seat] = s; });
  }
  return start.map((s) => s ?? 0);
}

/**
 * The scores after every turn, from a game's events: scores change only by cooking (SF-21, with
 * Meticulous Chef's bounce, SF-29) and by a tester's 5-point loss (SF-17), and each of those events
 * carries the new total; the first point is the scores the events start from (sfStartScores). A turn
 * that ends the game at once (SF-27) has no turn-end: its point is taken at the game's end, from the
 * final scores. Events that begin inside a turn (a guided game) count that turn as the one before
 * the next turn-start.
 */
export function sfScoreHistory(events: readonly SfEvent[], players: number, target: number): SfScorePoint[] {
  const scores = sfStartScores(events, players, target);
  const out: SfScorePoint[] = [{ turn: 0, player: null, scores: scores.slice() }];
  const firstStart = events.find((e): e is Extract<SfEvent, { type: 'turn-start' }> => e.type === 'turn-start');
  let turn = 0;
  let player: number | null = null;
  let started = false;
  let ended = true;
  for (const e of events) {
    switch (e.type) {
      case 'turn-start': turn = e.turn; player = e.player; started = true; ended = false; break;
      case 'cook': scores[e.player] = e.score; break;
      case 'tester-loses-points': scores[e.player] = e.score; break;
      case 'turn-end':
        // A turn whose start came before the events did: the one before the first turn-start seen.
        if (!started) { turn = Math.max(1, (firstStart?.turn ?? 2) - 1); player = e.player; started = true; }
        out.push({ turn, player, scores: scores.slice() });
        ended = true;
        break;
      case 'game-over':
        e.scores.forEach((s, seat) => { scores[seat] = s; });
        if (!ended) out.push({ turn, player, scores: scores.slice() });
        else out[out.length - 1] = { ...out[out.length - 1]!, scores: scores.slice() };
        ended = true;
        break;
      default: break;
    }
  }
  return out;
}
