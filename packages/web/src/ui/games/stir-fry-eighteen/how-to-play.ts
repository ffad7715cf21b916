import type { HowToPlay } from '../../learn/rules-content.js';
import { SfCardGallery } from './CardGallery.js';

/**
 * Stir Fry Eighteen's "How to play" (ui/learn/Rules.tsx draws it): its sections of short paragraphs,
 * texts under `learn.sf.rules.<section>.<item>`, each citing the rules it explains, and its cards.
 */
export const SF_HOW_TO_PLAY: HowToPlay = {
  short: 'sf',
  sections: [
    { key: 'goal', items: [{ key: 'goal', rules: ['SF-4', 'SF-6', 'SF-27'] }] },
    {
      key: 'cards',
      items: [
        { key: 'deck', rules: ['SF-1'] },
        { key: 'values', rules: ['SF-2'] },
        { key: 'best', rules: ['SF-2'] },
        { key: 'proteins', rules: ['SF-1', 'SF-3'] },
        { key: 'tofu', rules: ['SF-30', 'SF-2'] },
      ],
      cards: { after: 'values' },
    },
    { key: 'setup', items: [{ key: 'deal', rules: ['SF-4', 'SF-5', 'SF-6'] }] },
    {
      key: 'turn',
      items: [
        { key: 'draw', rules: ['SF-7', 'SF-8'] },
        { key: 'choices', rules: ['SF-9'] },
        { key: 'pair', rules: ['SF-9'], bullet: true },
        { key: 'protein', rules: ['SF-3', 'SF-9'], bullet: true },
        { key: 'cook', rules: ['SF-9', 'SF-20'], bullet: true },
        { key: 'stop', rules: ['SF-9', 'SF-23'] },
        { key: 'lie', rules: ['SF-10', 'SF-12', 'SF-13'] },
        { key: 'order', rules: ['SF-11'] },
      ],
    },
    {
      key: 'taste',
      items: [
        { key: 'window', rules: ['SF-14'] },
        { key: 'who', rules: ['SF-15'] },
        { key: 'reveal', rules: ['SF-16'] },
        { key: 'honest', rules: ['SF-17'], bullet: true },
        { key: 'bluff', rules: ['SF-18'], bullet: true },
        { key: 'scores', rules: ['SF-19'] },
      ],
    },
    {
      key: 'cooking',
      items: [
        { key: 'dish', rules: ['SF-20'] },
        { key: 'score', rules: ['SF-21'] },
        { key: 'after', rules: ['SF-22'] },
      ],
    },
    {
      key: 'end',
      items: [
        { key: 'keep', rules: ['SF-24'] },
        { key: 'shuffle', rules: ['SF-25'] },
        { key: 'short', rules: ['SF-26'] },
      ],
    },
    {
      key: 'win',
      items: [
        { key: 'target', rules: ['SF-27'] },
        { key: 'stuck', rules: ['SF-32'] },
      ],
    },
    { key: 'know', items: [{ key: 'know', rules: ['SF-33'] }] },
  ],
  optionRules: { combine: ['SF-32'], responseWindow: ['SF-14'] },
  cardRules: ['SF-2', 'SF-30'],
  Gallery: SfCardGallery,
};

