import { describe, expect, it } from 'vitest';
import { BOT_RATINGS } from '@parlor/bots';
import { DISPLAY_SCALE, DISPLAY_START, PROVISIONAL_GAMES, displayChange, displayRating, isProvisional } from '../src/ratings/display.js';
import { PRIOR, rateGame } from '../src/ratings/ratings.js';

// The display rating players read (docs/api.md, "Display rating"): 1500 + 30 · (μ − 3σ), never
// below 0, provisional for the first ten rated games of a game.

/**
 * One game under the Weng–Lin Plackett–Luce update, written out here from the paper's formulas
 * (one-player teams, openskill's defaults: β = 25/6, τ = 25/300 added to σ first, γ = σ/c,
 * κ = 10⁻⁴), so the worked example does not take its figures from the code it checks.
 */
function plackettLuce(players: { mu: number; sigma: number }[], ranks: number[]) {
  const beta = 25 / 6, tau = 25 / 300;
  const s2 = players.map((p) => p.sigma ** 2 + tau ** 2);
  const c = Math.sqrt(s2.reduce((a, x) => a + x + beta ** 2, 0));
  const e = players.map((p) => Math.exp(p.mu / c));
  const sumQ = ranks.map((rq) => e.filter((_, i) => ranks[i]! >= rq).reduce((a, x) => a + x, 0));
  const tied = ranks.map((rq) => ranks.filter((r) => r === rq).length);
  return players.map((p, i) => {
    let omega = 0, delta = 0;
    ranks.forEach((rq, q) => {
      if (rq > ranks[i]!) return;
      const share = e[i]! / sumQ[q]!;
      omega += ((i === q ? 1 : 0) - share) / tied[q]!;
      delta += (share * (1 - share)) / tied[q]!;
    });
    const sigma = Math.sqrt(s2[i]!);
    return {
      mu: p.mu + (s2[i]! / c) * omega,
      sigma: sigma * Math.sqrt(Math.max(1 - (s2[i]! / c ** 2) * delta * (sigma / c), 1e-4)),
    };
  });
}

describe('the display rating', () => {
  it('starts at 1500 for a new player (μ 25, σ 25/3)', () => {
    expect(displayRating(PRIOR)).toBe(1500);
    expect(displayRating({ mu: 25, sigma: 25 / 3 })).toBe(DISPLAY_START);
  });

  it('is 1500 + 30 · (μ − 3σ), rounded', () => {
    expect(DISPLAY_SCALE).toBe(30);
    expect(displayRating({ mu: 30, sigma: 2 })).toBe(1500 + 30 * 24); // 2220
    expect(displayRating({ mu: 20, sigma: 7 })).toBe(1500 + 30 * -1); // 1470
    expect(displayRating({ mu: 25.01, sigma: 25 / 3 })).toBe(1500); // 1500.3 rounds down
    expect(displayRating({ mu: 25.02, sigma: 25 / 3 })).toBe(1501); // 1500.6 rounds up
  });

  it('is never negative, however low μ or high σ, and never NaN', () => {
    for (const r of [{ mu: -1000, sigma: 1 }, { mu: 0, sigma: 100 }, { mu: -5, sigma: 20 }, { mu: -1e308, sigma: 1e308 }]) {
      expect(displayRating(r), JSON.stringify(r)).toBe(0);
    }
    expect(displayRating({ mu: Number.NaN, sigma: 1 })).toBe(0);
    // Just above the clamp: 1500 + 30 · (−49.9) = 3.
    expect(displayRating({ mu: -49.9, sigma: 0 })).toBe(3);
  });

  it('orders players as the leaderboard does (by μ − 3σ), so a higher figure never ranks lower', () => {
    const players = [{ mu: 40, sigma: 8 }, { mu: 22, sigma: 1 }, { mu: 30, sigma: 3 }, { mu: 25, sigma: 25 / 3 }, { mu: 18, sigma: 2 }];
    const byConservative = [...players].sort((a, b) => (b.mu - 3 * b.sigma) - (a.mu - 3 * a.sigma));
    const byDisplay = [...players].sort((a, b) => displayRating(b) - displayRating(a));
    expect(byDisplay).toEqual(byConservative);
  });

  it('is provisional for the first nine rated games, settled from the tenth', () => {
    expect(PROVISIONAL_GAMES).toBe(10);
    expect(isProvisional(0)).toBe(true);
    expect(isProvisional(1)).toBe(true);
    expect(isProvisional(9)).toBe(true);
    expect(isProvisional(10)).toBe(false);
    expect(isProvisional(250)).toBe(false);
  });

  it('gives bots display ratings by the same mapping: random where a new account starts, the others above', () => {
    for (const game of ['flip-7', 'stir-fry-eighteen'] as const) {
      const bots = BOT_RATINGS[game];
      expect(displayRating(bots.random!), game).toBe(1500); // random's μ − 3σ is 0, as a new account's
      expect(displayRating(bots.basic!), game).toBeGreaterThan(1500);
      expect(displayRating(bots.expert!), game).toBeGreaterThan(displayRating(bots.basic!));
    }
  });

  it('worked example: 2nd of 3 at a first rated Flip 7 game, behind a basic bot, shows 1434 (−66), not −2.2', () => {
    // Rita (new: 25 ± 25/3) and two Flip 7 basic bots (15.21 ± 1.80); a bot wins, Rita and the
    // other bot tie behind it (ranks 1, 2, 2). By hand: c² = 69.451 + 2 · 3.247 + 3 · 17.361 =
    // 128.03, c = 11.315; Rita's share of the whole field 9.111 / 16.781 = 0.543 and of the tied
    // pair 0.704; ω = −0.543 + (1 − 0.704)/2 − 0.704/2 = −0.747, μ' = 25 − 6.138 · 0.747 = 20.42;
    // σ' = 7.535; μ' − 3σ' = −2.19 (the −2.2 a player used to read); 1500 + 30 · −2.19 = 1434.
    const bot = BOT_RATINGS['flip-7'].basic!;
    expect(bot).toEqual({ mu: 15.21, sigma: 1.8 });
    const [rita] = plackettLuce([PRIOR, bot, bot], [2, 1, 2]);
    expect(rita!.mu).toBeCloseTo(20.42, 2);
    expect(rita!.sigma).toBeCloseTo(7.535, 2);
    expect(rita!.mu - 3 * rita!.sigma).toBeCloseTo(-2.19, 2);
    expect(displayRating(rita!)).toBe(1434);
    // The server's own update agrees with the formulas, and the change it shows is −66.
    const [served] = rateGame([PRIOR, bot, bot], [2, 1, 2]);
    expect(served!.mu).toBeCloseTo(rita!.mu, 9);
    expect(served!.sigma).toBeCloseTo(rita!.sigma, 9);
    expect(displayChange(PRIOR, served!)).toEqual({ before: 1500, after: 1434, change: -66 });
  });

  it('a first game won against two new players moves the figure up: 1500 → 1598 (+98)', () => {
    const [winner] = plackettLuce([PRIOR, PRIOR, PRIOR], [1, 2, 2]);
    const shown = Math.round(1500 + 30 * (winner!.mu - 3 * winner!.sigma));
    expect(shown).toBe(1598); // μ − 3σ = 3.25
    expect(displayChange(PRIOR, rateGame([PRIOR, PRIOR, PRIOR], [1, 2, 2])[0]!)).toEqual({ before: 1500, after: 1598, change: 98 });
  });

  it('the changes of a run of games add up to the last figure', () => {
    let r = PRIOR;
    let shown = displayRating(r);
    const bot = BOT_RATINGS['flip-7'].basic!;
    for (const ranks of [[1, 2], [2, 1], [2, 1], [1, 2], [1, 2]]) {
      const next = rateGame([r, bot], ranks)[0]!;
      shown += displayChange(r, next).change;
      r = next;
    }
    expect(shown).toBe(displayRating(r));
  });
});
