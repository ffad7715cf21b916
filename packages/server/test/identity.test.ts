import { MAX_NAME_LENGTH } from '@parlor/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CODE_POINTS_PER_CHARACTER, cleanName } from '../src/identity.js';

/**
 * Issue 10, item 6: display names. A name is well-formed, NFC, free of control and format
 * characters, has a visible character, and has at most MAX_NAME_LENGTH user-perceived characters.
 */

const graphemes = (s: string) => [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(s)].length;

describe('cleanName', () => {
  it('keeps ordinary names, trims and collapses spaces', () => {
    expect(cleanName('Ann')).toBe('Ann');
    expect(cleanName('  Zed \t\n  Zed ')).toBe('Zed Zed');
    expect(cleanName('Åsa Ødegård')).toBe('Åsa Ødegård');
    expect(cleanName('山田 太郎')).toBe('山田 太郎');
    expect(cleanName('٣')).toBe('٣'); // a number alone is visible
    expect(cleanName('?!')).toBe('?!');
  });

  it('refuses a name that is not well-formed UTF-16 (a lone surrogate)', () => {
    for (const raw of ['Eve\ud800x', 'Eve\udc00', '\ud83d', 'a\udfffb']) expect(cleanName(raw), JSON.stringify(raw)).toBeNull();
    expect(cleanName('Eve 😀')).toBe('Eve 😀'); // a well-formed pair is fine
  });

  it('normalises to NFC', () => {
    expect(cleanName('Zoe\u0308')).toBe('Zo\u00eb');
    expect(cleanName('Zoe\u0308')).toBe('Zoë'.normalize('NFC'));
    expect(cleanName('\u1100\u1161\u11a8')).toBe('\uac01'); // conjoining jamo compose to 각
    // A format character removed between a letter and its accent: the result is still NFC.
    expect(cleanName('e\u200b\u0301')).toBe('\u00e9');
  });

  it('removes control and format characters (bidi overrides, zero-width, soft hyphen)', () => {
    expect(cleanName('A\u202eB\u200bC\u00adD\u0007E\u2066')).toBe('ABCDE');
    expect(cleanName('Ann\u2028Bob')).toBe('AnnBob');
  });

  it('refuses names with no visible character', () => {
    for (const raw of [
      '', '   ', '\u0000\u0007', '\u200b\u200e', '\u3164\u3164', '\u2800', '\u115f\u1160', '\uffa0', '\u{1d159}',
      '\u00ad', '\u2060\u2061\u2062', '\ufeff', '\u17b4\u17b5', '\u034f', '\ufe0f', '\u0301\u0301', '\u3000\u00a0\u2003',
      '\u{e0041}\u{e0042}', '\u180e', '\u3164 \u2800 \u3164',
    ]) {
      expect(cleanName(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('reads blank fillers as spaces: trimmed and collapsed', () => {
    expect(cleanName('\u3164Ann\u3164\u3164')).toBe('Ann');
    expect(cleanName('Ann\u2800\u2800Bob')).toBe('Ann Bob');
  });

  it(`counts user-perceived characters: at most ${MAX_NAME_LENGTH}`, () => {
    expect(cleanName('x'.repeat(MAX_NAME_LENGTH))).toBe('x'.repeat(MAX_NAME_LENGTH));
    expect(cleanName('x'.repeat(MAX_NAME_LENGTH + 1))).toBeNull();
    expect(cleanName('x'.repeat(300))).toBeNull();
    // 24 emoji with a skin tone: 48 code points, 96 UTF-16 units, 24 characters as seen.
    const thumbs = '👍🏽'.repeat(MAX_NAME_LENGTH);
    expect(cleanName(thumbs)).toBe(thumbs);
    expect(cleanName(thumbs + '👍🏽')).toBeNull();
    // Decomposed accents count once each.
    const accents = 'e\u0301'.repeat(MAX_NAME_LENGTH);
    expect(cleanName(accents)).toBe('\u00e9'.repeat(MAX_NAME_LENGTH));
    // Flags and Devanagari conjuncts are one character each.
    expect(cleanName('🇫🇷'.repeat(MAX_NAME_LENGTH))).not.toBeNull();
    expect(cleanName('स्त्री'.repeat(MAX_NAME_LENGTH))).not.toBeNull();
    expect(cleanName('स्त्री'.repeat(MAX_NAME_LENGTH + 1))).toBeNull();
  });

  it(`refuses a character stacked with more than ${MAX_CODE_POINTS_PER_CHARACTER} code points (combining-mark towers)`, () => {
    const tower = (marks: number) => `A${'\u0336\u0337\u0338\u0339\u033a\u033b\u033c\u033d\u033e\u033f'.slice(0, marks)}nn`;
    expect(cleanName(tower(MAX_CODE_POINTS_PER_CHARACTER - 1))).not.toBeNull();
    expect(cleanName(tower(MAX_CODE_POINTS_PER_CHARACTER))).toBeNull();
    expect(cleanName(`Z${'\u0300'.repeat(4000)}`)).toBeNull();
  });

  it('is a fixed point, and what it returns obeys every rule', () => {
    const chars = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.array(fc.constantFrom('a', 'e', '\u0301', '\u0308', ' ', '\t', '\u3164', '\u2800', '\u200b', '\u200d', '\u202e', '\ud800', '\udc00', '😀', '🏽', '\u115f', '\u1100', '\u1161', 'स', '्'), { maxLength: 40 }).map((a) => a.join('')),
    );
    fc.assert(fc.property(chars, (raw) => {
      const name = cleanName(raw);
      if (name === null) return;
      expect(cleanName(name)).toBe(name);
      expect((name as string & { isWellFormed(): boolean }).isWellFormed()).toBe(true);
      expect(name.normalize('NFC')).toBe(name);
      expect(name).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|\s\s|^\s|\s$/u);
      expect(graphemes(name)).toBeGreaterThan(0);
      expect(graphemes(name)).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    }), { numRuns: 2000 });
  });
});
