import type { GameCue } from '../../settings/cues.js';

/** Flip 7's own sounds: a bust (F7-6), falling, and a Flip 7 (F7-7), rising (Web Audio tones, ui/sound.ts). */
export const F7_CUES = {
  bust: { name: 'bust', tone: { wave: 'sawtooth', notes: [[300, 0, 0.18], [200, 0.16, 0.3]] } },
  flip7: { name: 'flip7', tone: { wave: 'square', notes: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.1], [1047, 0.3, 0.3]] } },
} as const satisfies Record<string, GameCue>;
