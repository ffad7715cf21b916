import type { GameBots } from '../game-bots.js';
import { sfBasicBot } from './basic.js';
import { coachStirFry } from './coach.js';
import { SF_COACH_ENGLISH, SF_COACH_MESSAGES, SF_COACH_THINGS } from './coach-words.js';
import { sfExpertBot } from './expert.js';

/**
 * Stir Fry Eighteen in the bots package (its line in registry.ts): the basic and expert bots, their
 * ratings and the coach. Ratings calibrated on 2026-11-30 over 1,500 games with random player counts
 * and levels, default options, fixed seeds (docs/bots.md, "Bot ratings").
 */
export const SF_BOTS: GameBots<'stir-fry-eighteen'> = {
  levels: { basic: sfBasicBot, expert: sfExpertBot },
  ratings: { random: { mu: 5.22, sigma: 1.74 }, basic: { mu: 9.02, sigma: 1.74 }, expert: { mu: 21.36, sigma: 1.74 } },
  coach: {
    judge: (walk, seat, threshold) => coachStirFry(walk.moments, seat, walk.players, threshold),
    messages: SF_COACH_MESSAGES,
    english: SF_COACH_ENGLISH,
    things: SF_COACH_THINGS,
  },
};
