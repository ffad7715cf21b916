import { type Settings, getSettings } from '../state/settings.js';

/**
 * Sounds made in the browser (Web Audio oscillators and filtered noise, synthesized here: no sound
 * files, so nothing to license), short and quiet. A sound plays only when not muted, at the volume
 * chosen in the settings, and after the page has been interacted with (the browser's autoplay
 * rule); any failure is silent.
 */

/** A note: [frequency Hz, start s, length s]. */
export type Note = readonly [number, number, number];

/** A sound: notes on one waveform, with optional noise bursts and layers played with it. */
export interface Tone {
  readonly wave: OscillatorType;
  readonly notes: readonly Note[];
  /** Each note slides to its frequency times this by its end (0.5: an octave down); absent: it holds. */
  readonly glide?: number;
  /** Loudness against the other sounds, 0–1 (absent: 1). */
  readonly level?: number;
  /** Bursts of band-passed noise, [centre Hz, start s, length s]: a card's swish, a sizzle, a thump. */
  readonly noise?: readonly Note[];
  /** Other tones played at the same time (a harmony, a sparkle on another waveform). */
  readonly with?: readonly Tone[];
}

/** The table page's own cues (their tones: sound-set.ts; when each plays: settings/cues.ts). */
export type Cue = 'yourTurn' | 'window' | 'timerLow' | 'chat' | 'gameWon' | 'gameOver';

/** The peak gain of the loudest note at full volume (a note at the default volume peaks near 0.08). */
const MAX_GAIN = 0.16;

/**
 * The peak gain of a note at `volume` (0–1): on a square curve, so that the slider's steps sound
 * even (loudness is heard roughly as the square root of power); 0 for silence.
 */
export function loudness(volume: number): number {
  if (!Number.isFinite(volume) || volume <= 0) return 0;
  return MAX_GAIN * Math.min(1, volume) ** 2;
}

/** Whether sounds play with these settings: not muted and a volume above 0. */
export function audible(settings: Pick<Settings, 'muted' | 'volume'>): boolean {
  return !settings.muted && loudness(settings.volume) > 0;
}

/** Plays one of the table's cues (its tone is loaded with the synthesizer, after the first screen). */
export function play(cue: Cue): Promise<void> {
  if (!canPlay()) return Promise.resolve();
  return import('./sound-set.js').then((m) => playTone(m.TABLE_CUES[cue]), () => {});
}

/**
 * Plays a tone (a cue of the table's, or a game's own) at the volume chosen; the synthesizer is
 * loaded the first time (a sound is never worth an error: a chunk that cannot load stays silent).
 */
export function playTone(tone: Tone): Promise<void> {
  if (!canPlay()) return Promise.resolve();
  return import('./synth.js').then((m) => m.synthesize(tone, loudness(getSettings().volume)), () => {});
}

/** Whether a sound may play now: the settings allow it and the browser has Web Audio. */
function canPlay(): boolean {
  return audible(getSettings()) && typeof window !== 'undefined' && 'AudioContext' in window;
}
