/**
 * A 95% interval for a win rate measured over games in which one bot may hold several seats.
 * The seats of one game are not independent (one game has one winner: if two copies of a bot sit
 * at a table, at most one of them wins), so the game, not the seat, is the unit of sampling: the
 * rate is the ratio Σwins / Σseats over games, and its standard error is the ratio estimator's
 * over clusters, √(G/(G−1) · Σ(wᵍ − p·nᵍ)²) / Σnᵍ. A bot holding every seat then gets the exact
 * rate 1/seats with a zero-width interval, as it should.
 */
export function clusteredInterval95(games: readonly { readonly wins: number; readonly seats: number }[]): [number, number] {
  let wins = 0, seats = 0;
  for (const g of games) { wins += g.wins; seats += g.seats; }
  const n = games.length;
  if (seats === 0 || n < 2) return [0, 1];
  const p = wins / seats;
  let ss = 0;
  for (const g of games) ss += (g.wins - p * g.seats) ** 2;
  const se = Math.sqrt((n / (n - 1)) * ss) / seats;
  const z = 1.959963984540054;
  return [Math.max(0, p - z * se), Math.min(1, p + z * se)];
}

/** Wilson score interval at 95% for a proportion `p` observed over `n` independent trials. */
export function wilson95(p: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959963984540054;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
