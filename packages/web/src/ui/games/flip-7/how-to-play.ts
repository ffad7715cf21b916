import type { HowToPlay } from '../../learn/rules-content.js';
import { F7_ACTION_CARDS } from './card-groups.js';
import { F7CardGallery } from './CardGallery.js';

/**
 * Flip 7's "How to play" (ui/learn/Rules.tsx draws it): its sections of short paragraphs, texts
 * under `learn.f7.rules.<section>.<item>`, each citing the rules it explains, and its cards.
 */
export const F7_HOW_TO_PLAY: HowToPlay = {
  short: 'f7',
  sections: [
    { key: 'goal', items: [{ key: 'goal', rules: ['F7-2', 'F7-15'] }] },
    {
      key: 'cards',
      items: [
        { key: 'numbers', rules: ['F7-1'] },
        { key: 'modifiers', rules: ['F7-1', 'F7-13'] },
        { key: 'actions', rules: ['F7-1', 'F7-8'] },
      ],
      cards: { after: 'actions' },
    },
    { key: 'setup', items: [{ key: 'setup', rules: ['F7-2', 'F7-3'] }] },
    {
      key: 'round',
      items: [
        { key: 'deal', rules: ['F7-4'] },
        { key: 'turns', rules: ['F7-5'] },
        { key: 'hit', rules: ['F7-5'], bullet: true },
        { key: 'stay', rules: ['F7-5'], bullet: true },
        { key: 'bust', rules: ['F7-6'] },
        { key: 'flip7', rules: ['F7-7'] },
        { key: 'action', rules: ['F7-8', 'F7-11a'] },
        { key: 'end', rules: ['F7-12'] },
      ],
    },
    {
      key: 'scoring',
      items: [
        { key: 'sum', rules: ['F7-13'] },
        { key: 'example', rules: ['F7-13'] },
      ],
    },
    { key: 'between', items: [{ key: 'between', rules: ['F7-14'] }] },
    { key: 'win', items: [{ key: 'win', rules: ['F7-15'] }] },
    { key: 'know', items: [{ key: 'know', rules: ['F7-16'] }] },
    { key: 'online', items: [{ key: 'online', rules: ['F7-4', 'F7-5', 'F7-8', 'F7-10'] }] },
  ],
  optionRules: {},
  cardRules: ['F7-13', ...F7_ACTION_CARDS.flatMap((a) => a.rules)],
  Gallery: F7CardGallery,
};

