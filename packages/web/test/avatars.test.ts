import { AVATARS } from '@parlor/protocol';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar, BotMark } from '../src/ui/avatars/Avatar.js';
import { AVATAR_DRAWINGS, AVATAR_TILES } from '../src/ui/avatars/drawings.js';
import { PATTERN_COLOURS, avatarPattern, patternHash } from '../src/ui/avatars/pattern.js';

// Avatars: a chosen drawing, or for a player who chose none a pattern made from their id — the
// same on every visit, different from one player to the next, readable in its colours.

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const ids = Array.from({ length: 400 }, (_, i) => `p${i.toString(36)}x${(i * 7919).toString(36)}`);
const key = (id: string) => JSON.stringify(avatarPattern(id));

describe('the pattern of a player who chose no avatar', () => {
  it('is the same for the same id, every time', () => {
    // Pinned, so that a change of the hash or the grid (which would give every guest a new face) is noticed.
    expect(patternHash('Qz81mK0aT')).toBe(803411445);
    expect(avatarPattern('Qz81mK0aT')).toEqual({
      cells: [[1, 0, 1, 0, 1], [0, 1, 1, 1, 0], [1, 1, 1, 1, 1], [0, 1, 0, 1, 0], [1, 0, 0, 0, 1]].map((r) => r.map((c) => c === 1)),
      fg: '#6a3f98', bg: '#ede3f7',
    });
    expect(avatarPattern('Qz81mK0aT')).toEqual(avatarPattern('Qz81mK0aT'));
  });

  it('differs between ids, even ids one character apart', () => {
    expect(new Set(ids.map(key)).size).toBeGreaterThan(ids.length * 0.97);
    expect(key('player-1')).not.toBe(key('player-2'));
    expect(key('abc')).not.toBe(key('abd'));
    // Every colour pair is used.
    expect(new Set(ids.map((id) => avatarPattern(id).fg)).size).toBe(PATTERN_COLOURS.length);
  });

  it('is a 5×5 grid that reads the same both ways, neither nearly empty nor nearly solid', () => {
    for (const id of ids) {
      const { cells } = avatarPattern(id);
      expect(cells).toHaveLength(5);
      for (const row of cells) expect(row).toEqual([...row].reverse());
      const filled = cells.flat().filter(Boolean).length;
      expect(filled).toBeGreaterThanOrEqual(5);
      expect(filled).toBeLessThanOrEqual(20);
    }
  });

  it('has colours with at least 3:1 contrast (graphics), the pattern on its tile and the tile on the page', () => {
    for (const { fg, bg } of PATTERN_COLOURS) {
      expect(contrast(fg, bg)).toBeGreaterThanOrEqual(3);
      expect(contrast(fg, '#fffdf9')).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('the chosen avatars', () => {
  it('every avatar of the protocol has a drawing and a tile colour, and nothing else has', () => {
    expect(Object.keys(AVATAR_DRAWINGS).sort()).toEqual([...AVATARS].sort());
    expect(Object.keys(AVATAR_TILES).sort()).toEqual([...AVATARS].sort());
  });

  it('a player with an avatar shows it, one without (or with an unknown one) their pattern; always hidden from screen readers', () => {
    const chosen = renderToStaticMarkup(createElement(Avatar, { player: { id: 'p1', avatar: 'fox' } }));
    expect(chosen).toContain('data-avatar="fox"');
    expect(chosen).toContain('aria-hidden="true"');
    const none = renderToStaticMarkup(createElement(Avatar, { player: { id: 'p1' } }));
    expect(none).toContain('data-avatar="pattern"');
    expect(none).toContain(avatarPattern('p1').fg);
    const unknown = renderToStaticMarkup(createElement(Avatar, { player: { id: 'p1', avatar: 'dragon' } }));
    expect(unknown).toBe(none);
    expect(renderToStaticMarkup(createElement(Avatar, { player: { id: 'p2' } }))).not.toBe(none);
    expect(renderToStaticMarkup(createElement(BotMark))).toContain('avatar-bot');
  });
});
