import { describe, expect, it } from 'vitest';
import { GAME_IDS, type GameId } from '@parlor/rules';
import { type Rating, rate } from 'openskill';
import { BOT_LEVELS, BOT_RATINGS, type BotLevel, botLevels } from '../src/index.js';

/**
 * The levels weakest first by rating, as calibrated (docs/bots.md, "Bot ratings"), the server
 * ranking a game by who won. A recalibration that changes an order fails here, so it is a decision.
 */
const ORDER: Record<GameId, readonly BotLevel[]> = {
  'stir-fry-eighteen': ['random', 'basic', 'expert'],
  'flip-7': ['random', 'basic', 'expert'],
};

const conservative = (r: { mu: number; sigma: number }) => r.mu - 3 * r.sigma;

describe('bot ratings', () => {
  it('has a rating for every level of every registered game, and none for a level a game lacks', () => {
    for (const game of GAME_IDS) {
      for (const level of BOT_LEVELS) {
        if (botLevels(game).includes(level)) expect(BOT_RATINGS[game][level], `${game} ${level}`).toBeDefined();
        else expect(BOT_RATINGS[game][level], `${game} ${level}`).toBeUndefined();
      }
    }
  });

  it('are finite, with σ > 0', () => {
    for (const game of GAME_IDS) {
      for (const level of botLevels(game)) {
        const r = BOT_RATINGS[game][level]!;
        expect(Number.isFinite(r.mu) && Number.isFinite(r.sigma), `${game} ${level}`).toBe(true);
        expect(r.sigma, `${game} ${level}`).toBeGreaterThan(0);
      }
    }
  });

  it('put random at the bottom, its conservative rating (μ − 3σ) at 0, like a new account', () => {
    for (const game of GAME_IDS) {
      const random = BOT_RATINGS[game].random!;
      expect(conservative(random), game).toBeCloseTo(0, 2);
      for (const level of botLevels(game).filter((l) => l !== 'random')) {
        expect(BOT_RATINGS[game][level]!.mu, `${game} ${level}`).toBeGreaterThan(random.mu);
      }
    }
  });

  it('order the levels as calibrated, in μ and in μ − 3σ', () => {
    for (const game of GAME_IDS) {
      const order = ORDER[game];
      expect([...order].sort(), game).toEqual([...botLevels(game)].sort());
      for (let i = 1; i < order.length; i++) {
        const lower = BOT_RATINGS[game][order[i - 1]!]!, higher = BOT_RATINGS[game][order[i]!]!;
        expect(higher.mu, `${game}: ${order[i]} above ${order[i - 1]}`).toBeGreaterThan(lower.mu);
        expect(conservative(higher), `${game}: ${order[i]} above ${order[i - 1]}`).toBeGreaterThan(conservative(lower));
      }
    }
  });

  // As the server rates a game (openskill's `rate`, every seat a one-player team, the winner first),
  // keeping the bot's rating fixed.
  function playAlone(game: GameId, level: BotLevel, myPlace: 1 | 2, games: number): Rating {
    const bot = BOT_RATINGS[game][level]!;
    let me: Rating = { mu: 25, sigma: 25 / 3 };
    for (let g = 0; g < games; g++) me = rate([[me], [bot]], { rank: [myPlace, 3 - myPlace] })[0]![0]!;
    return me;
  }

  it('rate a person who always beats the strongest bot above it, and one who always loses to random below it', () => {
    for (const game of GAME_IDS) {
      const top = ORDER[game][ORDER[game].length - 1]!;
      const winner = playAlone(game, top, 1, 200);
      expect(conservative(winner), game).toBeGreaterThan(conservative(BOT_RATINGS[game][top]!));
      const loser = playAlone(game, 'random', 2, 200);
      expect(conservative(loser), game).toBeLessThan(conservative(BOT_RATINGS[game].random!));
    }
  });
});
