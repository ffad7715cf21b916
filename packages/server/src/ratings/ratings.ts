import { rate, rating } from 'openskill';

/** A rating: OpenSkill's Weng-Lin model (the `openskill` package's default, Plackett-Luce). */
export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

/** A new player's rating: the model's prior (μ 25, σ 25/3). */
export const PRIOR: Skill = rating();

/** The rating players are ranked by: conservative, μ − 3σ (0 for a new player); shown as display.ts's figure. */
export function conservative(r: Skill): number {
  return r.mu - 3 * r.sigma;
}

/**
 * New ratings after one game, each seat a one-player team, ranked by `ranks` (1 = best; equal ranks
 * are ties). Every seat's rating is updated; callers keep the ones they keep (not the bots').
 */
export function rateGame(before: readonly Skill[], ranks: readonly number[]): Skill[] {
  const after = rate(before.map((r) => [rating({ mu: r.mu, sigma: r.sigma })]), { rank: [...ranks] });
  return after.map((team) => ({ mu: team[0]!.mu, sigma: team[0]!.sigma }));
}
