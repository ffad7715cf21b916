import { getSettings } from '../state/settings.js';

/**
 * Sounds made in the browser (Web Audio oscillators: no sound files, so nothing to license), short
 * and quiet. A sound plays only when not muted and after the page has been interacted with (the
 * browser's autoplay rule); any failure is silent.
 */
export type Cue = 'yourTurn' | 'window';

/** A sound: notes as [frequency Hz, start s, length s], and a waveform. */
export interface Tone {
  readonly wave: OscillatorType;
  readonly notes: readonly (readonly [number, number, number])[];
}

/** The table page's own cues, the same for every game (settings/cues.ts); a game's own tones are in its folder. */
const CUES: Record<Cue, Tone> = {
  yourTurn: { wave: 'sine', notes: [[660, 0, 0.12], [880, 0.12, 0.18]] },
  window: { wave: 'triangle', notes: [[523, 0, 0.1], [523, 0.16, 0.1]] },
};

let ctx: AudioContext | null = null;

export function play(cue: Cue): void {
  playTone(CUES[cue]);
}

/** Plays a tone (a cue of the table's, or a game's own). */
export function playTone(tone: Tone): void {
  if (getSettings().muted || typeof window === 'undefined' || !('AudioContext' in window)) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    const { wave, notes } = tone;
    const t0 = ctx.currentTime;
    for (const [freq, start, length] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.08, t0 + start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
  } catch {
    // No sound is better than a broken page.
  }
}
