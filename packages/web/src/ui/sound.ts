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
} as const satisfies Record<string, Tone>;

export type Cue = keyof typeof TABLE_CUES;

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

let ctx: AudioContext | null = null;
let noiseBuffer: AudioBuffer | null = null;

export function play(cue: Cue): void {
  playTone(TABLE_CUES[cue]);
}

/** Plays a tone (a cue of the table's, or a game's own) at the volume chosen. */
export function playTone(tone: Tone): void {
  const settings = getSettings();
  if (!audible(settings) || typeof window === 'undefined' || !('AudioContext' in window)) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    schedule(ctx, tone, ctx.currentTime, loudness(settings.volume));
  } catch {
    // No sound is better than a broken page.
  }
}

/** One voice's envelope: a quick rise to `peak`, then a fall to silence by the end. */
function envelope(gain: GainNode, t0: number, length: number, peak: number): void {
  const attack = Math.min(0.015, length / 3);
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, peak), t0 + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
}

function schedule(ac: AudioContext, tone: Tone, t0: number, gain: number): void {
  const peak = gain * (tone.level ?? 1);
  for (const [freq, start, length] of tone.notes) {
    // Each voice on its own: one a browser cannot make does not silence the others.
    try {
      const osc = ac.createOscillator();
      const g = ac.createGain();
      osc.type = tone.wave;
      osc.frequency.value = freq;
      if (tone.glide !== undefined) {
        osc.frequency.setValueAtTime(freq, t0 + start);
        osc.frequency.exponentialRampToValueAtTime(freq * tone.glide, t0 + start + length);
      }
      envelope(g, t0 + start, length, peak);
      osc.connect(g).connect(ac.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    } catch { /* this voice stays silent */ }
  }
  for (const [centre, start, length] of tone.noise ?? []) {
    try {
      noiseBuffer ??= whiteNoise(ac);
      const src = ac.createBufferSource();
      src.buffer = noiseBuffer;
      const filter = ac.createBiquadFilter();
      filter.type = 'bandpass';
      filter.frequency.value = centre;
      filter.Q.value = 1.2;
      const g = ac.createGain();
      envelope(g, t0 + start, length, peak * 1.6);
      src.connect(filter).connect(g).connect(ac.destination);
      src.start(t0 + start, Math.random() * 0.5);
      src.stop(t0 + start + length + 0.02);
    } catch { /* this voice stays silent */ }
  }
  for (const layer of tone.with ?? []) schedule(ac, layer, t0, gain);
}

/** A second of white noise, made once; each burst plays a slice of it from a random point. */
function whiteNoise(ac: AudioContext): AudioBuffer {
  const buffer = ac.createBuffer(1, Math.ceil(ac.sampleRate), ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  return buffer;
}
