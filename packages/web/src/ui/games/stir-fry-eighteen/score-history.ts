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
 * The scores after every turn, from a game's events: scores change only by cooking (SF-21, with
 * Meticulous Chef's bounce, SF-29) and by a tester's 5-point loss (SF-17), and each of those events
 * carries the new total. A turn that ends the game at once (SF-27) has no turn-end: its point is
 * taken at the game's end, from the final scores.
 */
export function sfScoreHistory(events: readonly SfEvent[], players: number): SfScorePoint[] {
  const scores = new Array<number>(players).fill(0);
  const out: SfScorePoint[] = [{ turn: 0, player: null, scores: scores.slice() }];
  let turn = 0;
  let player: number | null = null;
  let ended = true;
  for (const e of events) {
    switch (e.type) {
      case 'turn-start': turn = e.turn; player = e.player; ended = false; break;
      case 'cook': scores[e.player] = e.score; break;
      case 'tester-loses-points': scores[e.player] = e.score; break;
      case 'turn-end':
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
