import type { GameSnapshot, PlayerInfo, TableSummary } from '@parlor/protocol';
import type { F7Event, SfEvent } from '@parlor/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS, getSettings, parseSettings, updateSettings, volumeOf } from '../src/state/settings.js';
import type { TableState } from '../src/state/store.js';
import { F7_CUES, f7CueOf } from '../src/ui/games/flip-7/cues.js';
import { SF_CUES, sfCueOf } from '../src/ui/games/stir-fry-eighteen/cues.js';
import { TIMER_LOW_SECONDS, chatCue, endCue, timerLowIn } from '../src/ui/settings/cues.js';
import { TABLE_CUES } from '../src/ui/sound-set.js';
import { type Tone, audible, loudness, play, playTone } from '../src/ui/sound.js';

// The sound set (ui/sound.ts, ui/settings/cues.ts, games/*/cues.ts): which cue each moment sounds,
// the volume's mapping and its setting, and what a tone asks of Web Audio at a volume (a fake
// AudioContext records it; the synthesizer is loaded on the first sound). No audio is heard here.

/** Every cue of the set, by name. */
const ALL: Record<string, Tone> = {
  ...TABLE_CUES,
  ...Object.fromEntries(Object.values(F7_CUES).map((c) => [c.name, c.tone])),
  ...Object.fromEntries(Object.values(SF_CUES).map((c) => [c.name, c.tone])),
};

describe('the sound set', () => {
  it('has at least ten cues, no two alike', () => {
    const tones = Object.values(ALL).map((t) => JSON.stringify(t));
    expect(tones.length).toBeGreaterThanOrEqual(10);
    expect(new Set(tones).size).toBe(tones.length);
  });
  it('every game cue has a name of its own', () => {
    const names = [...Object.values(F7_CUES), ...Object.values(SF_CUES)].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });
  it('every note is short, audible and in order; levels are 0–1', () => {
    for (const [name, tone] of Object.entries(ALL)) {
      const check = (t: Tone) => {
        for (const [f, start, len] of [...t.notes, ...(t.noise ?? [])]) {
          expect(f, name).toBeGreaterThanOrEqual(100);
          expect(f, name).toBeLessThanOrEqual(8000);
          expect(start, name).toBeGreaterThanOrEqual(0);
          expect(len, name).toBeGreaterThan(0);
          expect(start + len, `${name} lasts under a second`).toBeLessThan(1);
        }
        expect(t.level ?? 1, name).toBeGreaterThan(0);
        expect(t.level ?? 1, name).toBeLessThanOrEqual(1);
        for (const w of t.with ?? []) check(w);
      };
      check(tone);
    }
  });
  it('the turn cue keeps its two notes, 660 and 880 Hz (the first-screen test listens for them)', () => {
    expect(TABLE_CUES.yourTurn.notes.map(([f]) => f)).toEqual([660, 880]);
  });
});

describe('which cue a Flip 7 moment sounds', () => {
  const flip = (card: string): F7Event => ({ type: 'flip', seat: 0, card, flipThree: false }) as F7Event;
  it('the most notable event of the moment', () => {
    expect(f7CueOf([flip('7')])).toBe(F7_CUES.flip);
    expect(f7CueOf([{ type: 'deal', seat: 1, card: '3' } as F7Event])).toBe(F7_CUES.flip);
    // F7-4: a round dealt.
    expect(f7CueOf([{ type: 'round-start', round: 2, dealer: 0 }, { type: 'deal', seat: 1, card: '3' }] as F7Event[])).toBe(F7_CUES.deal);
    // F7-6: the bust, not the card that caused it.
    expect(f7CueOf([flip('7'), { type: 'bust', seat: 0, card: '7' } as F7Event])).toBe(F7_CUES.bust);
    // F7-7: the Flip 7 over the flip that made it.
    expect(f7CueOf([flip('12'), { type: 'flip-7', seat: 0 } as F7Event])).toBe(F7_CUES.flip7);
    // F7-11: a Second Chance that saves a line.
    expect(f7CueOf([flip('5'), { type: 'second-chance-used', seat: 0, card: '5' } as F7Event])).toBe(F7_CUES.saved);
    // F7-9, F7-10.
    expect(f7CueOf([{ type: 'give', from: 0, to: 1, card: 'freeze', setAside: false }, { type: 'freeze', seat: 1 }] as F7Event[])).toBe(F7_CUES.freeze);
    expect(f7CueOf([{ type: 'flip-three-start', seat: 1 } as F7Event])).toBe(F7_CUES.flipThree);
  });
  it('nothing for a moment with nothing to hear', () => {
    expect(f7CueOf([])).toBeNull();
    expect(f7CueOf([{ type: 'stay', seat: 0, atDeal: false } as F7Event])).toBeNull();
  });
});

describe('which cue a Stir Fry Eighteen move sounds', () => {
  const test = (honest: boolean): SfEvent => ({ type: 'taste-test', tester: 1, declarer: 0, kind: 'protein', claim: 'shrimp', cards: ['tofu'], honest });
  const cook: SfEvent = { type: 'cook', player: 0, cards: ['noodles', 'shrimp', 'ginger'], values: [1, 9, 3], points: 13, score: 13, bounced: false };
  it('a taste test\'s verdict (SF-17, SF-18), a dish (SF-21)', () => {
    expect(sfCueOf([test(true)])).toBe(SF_CUES.tasteHonest);
    expect(sfCueOf([test(false)])).toBe(SF_CUES.tasteCaught);
    expect(sfCueOf([cook])).toBe(SF_CUES.dish);
    expect(sfCueOf([test(false), cook])).toBe(SF_CUES.tasteCaught);
    expect(sfCueOf([{ type: 'trust', player: 1 }])).toBeNull();
  });
});

describe('the table\'s own cues', () => {
  const ann: PlayerInfo = { id: 'p-ann', name: 'Ann' };
  const bob: PlayerInfo = { id: 'p-bob', name: 'Bob' };
  const table = (yourSeats: number[], outcome: GameSnapshot['outcome']): TableState => ({
    summary: { id: 't1' } as TableSummary, invite: null, yourSeats, log: [], chat: [],
    games: Object.fromEntries(yourSeats.map((s) => [String(s), { gameNo: 2, outcome } as GameSnapshot])),
  });
  it('the game\'s end: won by a seat of mine, or not; nothing while it goes on or for a watcher', () => {
    const outcome = { scores: [40, 12], winners: [0], places: [1, 2] };
    expect(endCue(table([0], outcome))).toEqual({ cue: 'gameWon', key: 't1:2' });
    expect(endCue(table([1], outcome))).toEqual({ cue: 'gameOver', key: 't1:2' });
    expect(endCue(table([1], null))).toBeNull();
    expect(endCue(table([], outcome))).toBeNull();
  });
  it('a chat line from someone else, not my own', () => {
    const line = (from: PlayerInfo) => ({ from, text: 'hi', at: '2026-12-01T10:00:00.000Z' });
    const [b1, a1, b2] = [line(bob), line(ann), line(bob)];
    expect(chatCue(null, [b1], ann.id)).toBe(true);
    expect(chatCue(null, [a1], ann.id)).toBe(false);
    expect(chatCue(b1, [b1], ann.id)).toBe(false);
    expect(chatCue(b1, [b1, a1], ann.id)).toBe(false);
    expect(chatCue(b1, [b1, a1, b2], ann.id)).toBe(true);
    // A chat that keeps only its latest lines: the first fell off as a new one came.
    expect(chatCue(b2, [a1, b2], ann.id)).toBe(false);
    expect(chatCue(a1, [a1, b2], ann.id)).toBe(true);
  });
  it('the timer running low: the last seconds of a timer that has more than them left', () => {
    const now = 1_000_000;
    expect(timerLowIn(now + 30_000, now)).toBe(30_000 - TIMER_LOW_SECONDS * 1000);
    expect(timerLowIn(now + TIMER_LOW_SECONDS * 1000, now)).toBeNull();
    expect(timerLowIn(null, now)).toBeNull();
  });
});

describe('the volume', () => {
  it('maps 0–1 to a gain on a square curve; 0 is silent', () => {
    expect(loudness(0)).toBe(0);
    expect(loudness(-1)).toBe(0);
    expect(loudness(Number.NaN)).toBe(0);
    expect(loudness(1)).toBeCloseTo(0.16);
    expect(loudness(0.5)).toBeCloseTo(0.04);
    expect(loudness(2)).toBe(loudness(1));
    for (let v = 0.05; v < 1; v += 0.05) expect(loudness(v + 0.05)).toBeGreaterThan(loudness(v));
  });
  it('sounds play when not muted and above 0', () => {
    expect(audible({ muted: false, volume: 0.7 })).toBe(true);
    expect(audible({ muted: true, volume: 0.7 })).toBe(false);
    expect(audible({ muted: false, volume: 0 })).toBe(false);
  });
  it('is read from what the browser saved, bad values taking the default', () => {
    expect(parseSettings(null)).toEqual(SETTINGS_DEFAULTS);
    expect(parseSettings('{"pace":"fast","muted":true,"volume":0.35}')).toEqual({ pace: 'fast', muted: true, volume: 0.35, reader: false });
    // Settings saved before there was a volume keep theirs and get the default volume.
    expect(parseSettings('{"pace":"relaxed","muted":false}')).toEqual({ pace: 'relaxed', muted: false, volume: SETTINGS_DEFAULTS.volume, reader: false });
    for (const bad of ['1.5', '-0.2', '"loud"', 'null']) expect(parseSettings(`{"volume":${bad}}`).volume).toBe(SETTINGS_DEFAULTS.volume);
    expect(parseSettings('not json')).toEqual(SETTINGS_DEFAULTS);
    expect(parseSettings('[]')).toEqual(SETTINGS_DEFAULTS);
    expect(volumeOf(0.333)).toBe(0.33);
  });
});

describe('playing a tone at the volume chosen', () => {
  /** What the fake Web Audio was asked: each oscillator's frequency and each envelope's peak. */
  const heard: { freqs: number[]; peaks: number[]; noise: number } = { freqs: [], peaks: [], noise: 0 };
  const saved = new Map<string, string>();
  const g = globalThis as Record<string, unknown>;
  beforeAll(() => {
    const param = (onPeak?: (v: number) => void) => {
      let ramps = 0;
      return {
        value: 0, setValueAtTime() {},
        exponentialRampToValueAtTime(v: number) { if (ramps++ === 0) onPeak?.(v); },
      };
    };
    class FakeAudio {
      state = 'running';
      currentTime = 0;
      sampleRate = 8000;
      destination = {};
      resume() { return Promise.resolve(); }
      createGain() { return { gain: param((v) => heard.peaks.push(v)), connect: (x: unknown) => x }; }
      createOscillator() {
        return { type: 'sine', frequency: { ...param(), set value(v: number) { heard.freqs.push(v); } }, connect: (x: unknown) => x, start() {}, stop() {} };
      }
      createBuffer(_c: number, n: number) { const data = new Float32Array(n); return { getChannelData: () => data }; }
      createBufferSource() { heard.noise++; return { buffer: null, connect: (x: unknown) => x, start() {}, stop() {} }; }
      createBiquadFilter() { return { type: 'lowpass', frequency: { value: 0 }, Q: { value: 0 }, connect: (x: unknown) => x }; }
    }
    g.localStorage = { getItem: (k: string) => saved.get(k) ?? null, setItem: (k: string, v: string) => saved.set(k, v) };
    g.window = { AudioContext: FakeAudio };
    g.AudioContext = FakeAudio;
  });
  afterAll(() => { delete g.window; delete g.AudioContext; delete g.localStorage; });
  const hear = async (tone: Tone) => { heard.freqs = []; heard.peaks = []; heard.noise = 0; await playTone(tone); return { ...heard }; };

  it('every note and noise burst, each peaking at the volume\'s gain times the tone\'s level', async () => {
    updateSettings({ muted: false, volume: 1 });
    const full = await hear(F7_CUES.flip7.tone);
    expect(full.freqs).toEqual([523, 659, 784, 1047, 2093, 2637, 3136]);
    expect(full.peaks.slice(0, 4).every((p) => Math.abs(p - 0.16 * 0.8) < 1e-9)).toBe(true);
    expect(full.peaks.slice(4).every((p) => Math.abs(p - 0.16 * 0.5) < 1e-9)).toBe(true);
    updateSettings({ volume: 0.5 });
    const half = await hear(F7_CUES.flip7.tone);
    expect(half.peaks).toEqual(full.peaks.map((p) => p / 4));
    // A card's swish is noise as well as a tick.
    expect((await hear(F7_CUES.flip.tone)).noise).toBe(1);
    // A table cue by its name: its tone, loaded with the synthesizer.
    heard.freqs = [];
    await play('yourTurn');
    expect(heard.freqs).toEqual([660, 880, 1320]);
  });
  it('nothing at volume 0 or muted; the volume is remembered in this browser', async () => {
    updateSettings({ volume: 0 });
    expect((await hear(TABLE_CUES.yourTurn)).freqs).toEqual([]);
    updateSettings({ volume: 0.4, muted: true });
    expect((await hear(TABLE_CUES.yourTurn)).freqs).toEqual([]);
    expect(JSON.parse(saved.get('parlor.settings')!)).toMatchObject({ volume: 0.4, muted: true });
    // A volume outside 0–1 changes nothing.
    updateSettings({ volume: 3 });
    expect(getSettings().volume).toBe(0.4);
  });
});
