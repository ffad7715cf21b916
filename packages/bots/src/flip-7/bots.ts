import type { GameBots } from '../game-bots.js';
import { f7BasicBot } from './basic.js';
import { coachFlip7 } from './coach.js';
import { F7_COACH_ENGLISH, F7_COACH_MESSAGES, F7_COACH_THINGS } from './coach-words.js';
import { f7ExpertBot } from './expert.js';

/**
 * Flip 7 in the bots package (its line in registry.ts): the basic and expert bots, their ratings
 * and the coach. Ratings calibrated on 2026-11-30 over 2,000 games with random player counts and
 * levels, default options, fixed seeds (docs/bots.md, "Bot ratings").
 */
export const F7_BOTS: GameBots<'flip-7'> = {
  levels: { basic: f7BasicBot, expert: f7ExpertBot },
  ratings: { random: { mu: 5.40, sigma: 1.80 }, basic: { mu: 15.21, sigma: 1.80 }, expert: { mu: 18.36, sigma: 1.80 } },
  coach: {
    judge: (walk, seat, threshold) => coachFlip7(walk.moments, seat, threshold),
    messages: F7_COACH_MESSAGES,
    english: F7_COACH_ENGLISH,
    things: F7_COACH_THINGS,
  },
};
