import type { Cue, Tone } from './sound.js';

/**
 * The table page's own cues, the same for every game (settings/cues.ts says when each plays); a
 * game's own tones are in its folder (games/<game>/cues.ts).
 */
export const TABLE_CUES = {
  /** One of my seats is asked to move: two rising notes. */
  yourTurn: { wave: 'sine', notes: [[660, 0, 0.12], [880, 0.12, 0.2]], with: [{ wave: 'triangle', level: 0.25, notes: [[1320, 0.12, 0.18]] }] },
  /** I am asked in a response window (Stir Fry Eighteen's taste test): a double knock, then a question. */
  window: { wave: 'triangle', notes: [[523, 0, 0.09], [523, 0.14, 0.09], [698, 0.3, 0.16]], glide: 1.04 },
  /** My move timer is running low: three short ticks. */
  timerLow: { wave: 'square', level: 0.45, notes: [[1244, 0, 0.045], [1244, 0.22, 0.045], [1244, 0.44, 0.045]] },
  /** Someone else wrote in the chat: a soft two-note blip. */
  chat: { wave: 'sine', level: 0.6, notes: [[988, 0, 0.07], [1319, 0.07, 0.11]] },
  /** A game I won is over: a rising fanfare ending on a chord. */
  gameWon: {
    wave: 'triangle', notes: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.12], [1047, 0.36, 0.6]],
    with: [{ wave: 'sine', level: 0.6, notes: [[659, 0.36, 0.6], [784, 0.36, 0.6]] }],
  },
  /** A game I did not win is over: a gentle falling close. */
  gameOver: { wave: 'sine', notes: [[587, 0, 0.18], [523, 0.18, 0.18], [440, 0.36, 0.45]] },
} as const satisfies Record<Cue, Tone>;

