import { MAX_NAME_LENGTH } from '@parlor/protocol';
import { describe, expect, it } from 'vitest';
import { cleanName, nameLength, nameProblem } from '../src/ui/lobby/name.js';
import { OPTION_FIELDS, choiceValues, fitOptionsToSeats } from '../src/ui/lobby/options.js';

describe('the name form counts characters as they appear on screen (docs/protocol.md, hello)', () => {
  it('an emoji, an accented letter or a conjunct is one character', () => {
    expect(nameLength('Zoë')).toBe(3);
    expect(nameLength('Zoe\u0308')).toBe(3);
    expect(nameLength('👍🏽')).toBe(1);
    expect(nameLength('क्षि')).toBe(1);
    expect(nameLength('👨‍👩‍👧‍👦')).toBe(1);
  });

  it('24 emoji are a valid name (48+ UTF-16 units), 25 are too long; blank names are empty', () => {
    const emoji24 = '😀'.repeat(MAX_NAME_LENGTH);
    expect(emoji24.length).toBe(48);
    expect(nameProblem(emoji24)).toBeNull();
    expect(nameProblem('😀'.repeat(MAX_NAME_LENGTH + 1))).toBe('long');
    expect(nameProblem('a'.repeat(24))).toBeNull();
    expect(nameProblem('a'.repeat(25))).toBe('long');
    expect(nameProblem('   ')).toBe('empty');
    expect(nameProblem('\u3164\u3164')).toBe('empty');
    expect(nameProblem('\u200b')).toBe('empty');
  });

  it('cleans as the server does: format characters out, fillers as spaces, spaces collapsed and trimmed', () => {
    expect(cleanName(' Zoe\u0308 ')).toBe('Zoë');
    expect(cleanName('Ann\u200b  \u2800 Lee')).toBe('Ann Lee');
    // Spaces at the ends do not count against the limit.
    expect(nameProblem(`  ${'a'.repeat(24)}  `)).toBeNull();
  });
});

describe('seat-valued options in the create form', () => {
  const first = OPTION_FIELDS['stir-fry-eighteen'].find((f) => f.key === 'firstPlayer');

  it('Stir Fry Eighteen\'s firstPlayer offers Random and the seats of the table only', () => {
    expect(first?.kind).toBe('choice');
    if (first?.kind !== 'choice') return;
    expect(choiceValues(first, 2)).toEqual(['random', 0, 1]);
    expect(choiceValues(first, 5)).toEqual(['random', 0, 1, 2, 3, 4]);
  });

  it('fewer seats put a choice beyond them back to its default; others are kept', () => {
    const o = { target: 100, firstPlayer: 3 };
    expect(fitOptionsToSeats('stir-fry-eighteen', o, 5)).toBe(o);
    expect(fitOptionsToSeats('stir-fry-eighteen', o, 4)).toBe(o);
    expect(fitOptionsToSeats('stir-fry-eighteen', o, 3)).toEqual({ target: 100, firstPlayer: 'random' });
    expect(fitOptionsToSeats('stir-fry-eighteen', { firstPlayer: 'random' }, 2)).toEqual({ firstPlayer: 'random' });
    expect(fitOptionsToSeats('flip-7', { target: 200 }, 2)).toEqual({ target: 200 });
  });
});
