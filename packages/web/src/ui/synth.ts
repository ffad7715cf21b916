import type { Tone } from './sound.js';

/**
 * The sounds' synthesizer: each note of a tone an oscillator with its own envelope, each noise burst
 * a slice of white noise through a band-pass filter, all into the page's one AudioContext. Loaded
 * with the first sound played (ui/sound.ts), not with the first screen.
 */

let ctx: AudioContext | null = null;
let noiseBuffer: AudioBuffer | null = null;

/** Plays `tone` now, its loudest notes peaking at `gain`, on the page's one AudioContext. */
export function synthesize(tone: Tone, gain: number): void {
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    schedule(ctx, tone, ctx.currentTime, gain);
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
