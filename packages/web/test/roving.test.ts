import { describe, expect, it } from 'vitest';
import { rovingTarget } from '../src/ui/table/roving.js';

// The arrow keys among the cards on a table (one Tab stop for them all): items in reading order,
// each in a line (a player's line in Flip 7, a stack or the last dish in Stir Fry Eighteen).

describe('rovingTarget', () => {
  // Three lines: a a | b | c c c (items 0-1, 2, 3-5).
  const lines = ['a', 'a', 'b', 'c', 'c', 'c'];

  it('←/→ step one item across lines, staying put at either end; Home/End the first and last', () => {
    expect(rovingTarget('ArrowRight', 1, lines)).toBe(2);
    expect(rovingTarget('ArrowRight', 5, lines)).toBe(5);
    expect(rovingTarget('ArrowLeft', 3, lines)).toBe(2);
    expect(rovingTarget('ArrowLeft', 0, lines)).toBe(0);
    expect(rovingTarget('Home', 4, lines)).toBe(0);
    expect(rovingTarget('End', 1, lines)).toBe(5);
  });

  it('↓/↑ go to the first item of the next or previous line, staying put in the last or first line', () => {
    expect(rovingTarget('ArrowDown', 1, lines)).toBe(2);
    expect(rovingTarget('ArrowDown', 2, lines)).toBe(3);
    expect(rovingTarget('ArrowDown', 4, lines)).toBe(4);
    expect(rovingTarget('ArrowUp', 5, lines)).toBe(2);
    expect(rovingTarget('ArrowUp', 2, lines)).toBe(0);
    expect(rovingTarget('ArrowUp', 1, lines)).toBe(1);
  });

  it('other keys are not its own', () => {
    expect(rovingTarget('Enter', 1, lines)).toBeNull();
    expect(rovingTarget('Tab', 1, lines)).toBeNull();
  });
});
