import type { SfEvent } from '@parlor/rules';
import type { GameCue } from '../../settings/cues.js';

/**
 * Stir Fry Eighteen's own sounds (Web Audio tones, ui/sound.ts). The taste-test window that asks me
 * is the table's `window` cue (settings/cues.ts); these are the moments everyone sees.
 */
export const SF_CUES = {
  /** A dish is cooked (SF-20, SF-21): a sizzle, then a bell. */
  dish: {
    name: 'sf-dish',
    tone: { wave: 'sine', level: 0.7, notes: [[1568, 0.28, 0.5], [2349, 0.28, 0.4]], noise: [[5200, 0, 0.32], [4200, 0.06, 0.26]] },
  },
  /** A taste test shows an honest discard (SF-17: the tester pays): two calm, settled notes. */
  tasteHonest: { name: 'sf-taste-honest', tone: { wave: 'sine', notes: [[523, 0, 0.12], [784, 0.12, 0.3]] } },
  /** A taste test catches a bluff (SF-18): a low double buzz. */
  tasteCaught: { name: 'sf-taste-caught', tone: { wave: 'square', level: 0.55, glide: 0.94, notes: [[233, 0, 0.14], [208, 0.16, 0.3]] } },
} as const satisfies Record<string, GameCue>;

/** The cue of a move's events, or null: a taste test's verdict (SF-16..SF-18) over a dish it led to. */
export function sfCueOf(events: readonly SfEvent[]): GameCue | null {
  const test = events.find((e) => e.type === 'taste-test');
  if (test !== undefined) return test.honest ? SF_CUES.tasteHonest : SF_CUES.tasteCaught;
  if (events.some((e) => e.type === 'cook')) return SF_CUES.dish;
  return null;
}
