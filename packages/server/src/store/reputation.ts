/**
 * How reliably a player finishes the games they start (docs/api.md, "Reputation"). Counted over
 * the player's last REPUTATION_GAMES finished games that at least one other person played (a game
 * against bots only does not count): finished — at their seat at the end (back in time, if they
 * had stepped away) — or left — a stand-in bot played their seat at the end because they left, were
 * replaced while away, or ran out of time too many moves in a row. Recent leaves are the counted
 * games left in the last RECENT_DAYS days.
 */
export const REPUTATION_GAMES = 100;
export const RECENT_DAYS = 7;
/** Below this many counted games the player is new: no percentage is shown (nor required to sit). */
export const REPUTATION_MIN_GAMES = 5;

/** What the store counts (one query per player). */
export interface ReputationCounts {
  /** Counted games among the last REPUTATION_GAMES (at most that many). */
  readonly counted: number;
  /** Of those, the games the player left. */
  readonly left: number;
  /** Counted games left that finished at or after the `since` asked for (any of the player's, not only the last 100). */
  readonly recentLeft: number;
}

/** A player's reputation as the API and tables show it (protocol `Reputation`). */
export interface ReputationFigures {
  readonly finished: number;
  readonly left: number;
  /** Whole percent of counted games finished; null for a new player (fewer than REPUTATION_MIN_GAMES). */
  readonly percent: number | null;
  readonly recentLeft: number;
}

export function reputationFigures(c: ReputationCounts): ReputationFigures {
  const finished = c.counted - c.left;
  return { finished, left: c.left, percent: c.counted < REPUTATION_MIN_GAMES ? null : Math.floor((100 * finished) / c.counted), recentLeft: c.recentLeft };
}

/** The start of the recent-leaves window for `now` (ms), as stored times are written (ISO). */
export const recentSince = (now: number): string => new Date(now - RECENT_DAYS * 86_400_000).toISOString();
