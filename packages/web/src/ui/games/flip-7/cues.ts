import type { F7Event } from '@parlor/rules';
import type { GameCue } from '../../settings/cues.js';

/** Flip 7's own sounds (Web Audio tones, ui/sound.ts), each for a moment of the table. */
export const F7_CUES = {
  /** A round is dealt (F7-4): quick card swishes, one after another. */
  deal: { name: 'f7-deal', tone: { wave: 'triangle', level: 0.3, notes: [[1400, 0, 0.03], [1500, 0.09, 0.03], [1600, 0.18, 0.03]], noise: [[3000, 0, 0.06], [3300, 0.09, 0.06], [3600, 0.18, 0.06]] } },
  /** A card is flipped (F7-5): one soft swish and tick. */
  flip: { name: 'f7-flip', tone: { wave: 'triangle', level: 0.3, glide: 0.6, notes: [[900, 0, 0.05]], noise: [[2600, 0, 0.05]] } },
  /** A bust (F7-6): a falling buzz on a thump. */
  bust: { name: 'f7-bust', tone: { wave: 'sawtooth', glide: 0.8, notes: [[300, 0, 0.18], [200, 0.16, 0.3]], noise: [[300, 0, 0.14]] } },
  /** A Flip 7 (F7-7): a rising fanfare with a sparkle over its last note. */
  flip7: {
    name: 'f7-flip7',
    tone: {
      wave: 'square', level: 0.8, notes: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.1], [1047, 0.3, 0.35]],
      with: [{ wave: 'triangle', level: 0.5, notes: [[2093, 0.32, 0.08], [2637, 0.4, 0.08], [3136, 0.48, 0.14]] }],
    },
  },
  /** A Freeze lands on someone (F7-9): a high glassy shimmer. */
  freeze: { name: 'f7-freeze', tone: { wave: 'sine', level: 0.6, notes: [[1568, 0, 0.32], [2093, 0.05, 0.34]], with: [{ wave: 'triangle', level: 0.35, notes: [[3136, 0.1, 0.26]] }] } },
  /** A Flip Three starts (F7-10): three quick rising taps. */
  flipThree: { name: 'f7-flip-three', tone: { wave: 'triangle', level: 0.7, notes: [[740, 0, 0.06], [880, 0.08, 0.06], [1047, 0.16, 0.1]] } },
  /** A Second Chance saves a line from a bust (F7-11): a swoop up to a clear note. */
  saved: { name: 'f7-saved', tone: { wave: 'triangle', glide: 1.5, notes: [[392, 0, 0.12], [784, 0.12, 0.26]] } },
} as const satisfies Record<string, GameCue>;

/**
 * The one cue of a moment of the table, or null: its most notable event's (a Flip 7 over the flip
 * that made it, a bust over the card that caused it, a save, a Freeze, a Flip Three, a round dealt,
 * a card dealt or flipped).
 */
export function f7CueOf(events: readonly F7Event[]): GameCue | null {
  const has = (type: F7Event['type']) => events.some((e) => e.type === type);
  if (has('flip-7')) return F7_CUES.flip7;
  if (has('bust')) return F7_CUES.bust;
  if (has('second-chance-used')) return F7_CUES.saved;
  if (has('freeze')) return F7_CUES.freeze;
  if (has('flip-three-start')) return F7_CUES.flipThree;
  if (has('round-start')) return F7_CUES.deal;
  if (has('deal') || has('flip')) return F7_CUES.flip;
  return null;
}
