import { describe, expect, it } from 'vitest';
import { COUNTDOWN_MARKS, KEPT, MAX_NEWS, announce, announcements, clearAnnouncements, countdownMark, newsSince } from '../src/ui/table/announcer.js';
import { readingOf, typingIn, type KeyPress } from '../src/ui/table/reader-keys.js';

// What a table says to a screen reader (ui/table/announcer.ts): each event of the log once, the
// countdown at its marks, and the reading keys (ui/table/reader-keys.ts).

describe('newsSince: each entry of a log is said once', () => {
  it('at first sight nothing is news (the history is read on demand), unless the game has just been dealt', () => {
    expect(newsSince(undefined, '1', 17)).toEqual({ from: 17, heard: { game: '1', count: 17 } });
    expect(newsSince(undefined, '1', 4, true)).toEqual({ from: 0, heard: { game: '1', count: 4 } });
  });

  it('what came after what was heard is news; the same log again (a re-render) says nothing', () => {
    const first = newsSince(undefined, '1', 5).heard;
    const more = newsSince(first, '1', 8);
    expect(more.from).toBe(5);
    const again = newsSince(more.heard, '1', 8);
    expect(again.from).toBe(8);
  });

  it('a log rebuilt from its history (a reconnection) says only what is newer than what was heard', () => {
    const heard = { game: '2', count: 30 };
    // The same 30 entries rebuilt, and two moves played while away.
    expect(newsSince(heard, '2', 32).from).toBe(30);
    // A rebuilt log that holds fewer entries than were heard (a shorter perspective): nothing again.
    expect(newsSince(heard, '2', 20)).toEqual({ from: 20, heard: { game: '2', count: 20 } });
  });

  it('a new game is news from its first entry; at most MAX_NEWS entries at once', () => {
    expect(newsSince({ game: '1', count: 90 }, '2', 6).from).toBe(0);
    expect(newsSince({ game: '1', count: 5 }, '1', 5 + MAX_NEWS + 7).from).toBe(5 + 7);
  });
});

describe('countdownMark: a countdown is said at its marks, not every second', () => {
  it('says the mark crossed, once', () => {
    expect(COUNTDOWN_MARKS).toEqual([10, 5]);
    expect(countdownMark(11, 10)).toBe(10);
    expect(countdownMark(10, 9)).toBeNull();
    expect(countdownMark(6, 5)).toBe(5);
    expect(countdownMark(5, 4)).toBeNull();
    expect(countdownMark(12, 11)).toBeNull();
  });

  it('a jump over both marks says the lower one; no countdown, or its start, says nothing', () => {
    expect(countdownMark(12, 4)).toBe(5);
    expect(countdownMark(null, 3)).toBeNull();
    expect(countdownMark(8, null)).toBeNull();
  });
});

describe('announce', () => {
  it('keeps the last KEPT polite lines and the last assertive one, in order; an empty text says nothing', () => {
    clearAnnouncements();
    for (let i = 0; i < KEPT * 2; i++) announce(`line ${i}`);
    announce('your move', 'assertive');
    announce('   ');
    announce(`line ${KEPT * 2}`);
    const said = announcements();
    const polite = said.filter((a) => a.urgency === 'polite').map((a) => a.text);
    expect(polite).toHaveLength(KEPT);
    expect(polite[polite.length - 1]).toBe(`line ${KEPT * 2}`);
    expect(polite[0]).toBe(`line ${KEPT + 1}`);
    expect(said.filter((a) => a.urgency === 'assertive').map((a) => a.text)).toEqual(['your move']);
    // Ids grow: a line said twice is two announcements (a log region reads both).
    const ids = said.map((a) => a.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    clearAnnouncements();
    expect(announcements()).toEqual([]);
  });
});

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, target: { tagName: 'BUTTON' }, ...more,
});

describe('the reading keys', () => {
  it('H, S, T, L, O read the hand, scores, table, last events and odds; ? the keys', () => {
    expect(['h', 's', 't', 'l', 'o', 'H'].map((k) => readingOf(press(k)))).toEqual(['hand', 'scores', 'table', 'last', 'odds', 'hand']);
    expect(readingOf(press('?', { shiftKey: true }))).toBe('keys');
    expect(readingOf(press('x'))).toBeNull();
    expect(readingOf(press('Enter'))).toBeNull();
  });

  it('never with Alt, Ctrl or Meta, nor Shift on a letter, nor a held key', () => {
    expect(readingOf(press('h', { ctrlKey: true }))).toBeNull();
    expect(readingOf(press('h', { altKey: true }))).toBeNull();
    expect(readingOf(press('h', { metaKey: true }))).toBeNull();
    expect(readingOf(press('H', { shiftKey: true }))).toBeNull();
    expect(readingOf(press('h', { repeat: true }))).toBeNull();
  });

  it('never while typing: a text field, the chat, a list box, something editable', () => {
    expect(typingIn({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(typingIn({ tagName: 'INPUT' })).toBe(true);
    expect(typingIn({ tagName: 'TEXTAREA' })).toBe(true);
    expect(typingIn({ tagName: 'SELECT' })).toBe(true);
    expect(typingIn({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(readingOf(press('h', { target: { tagName: 'INPUT', type: 'search' } }))).toBeNull();
    // A checkbox, a radio button, a card's button take no text: the keys work there.
    expect(typingIn({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(typingIn({ tagName: 'INPUT', type: 'radio' })).toBe(false);
    expect(readingOf(press('s', { target: null }))).toBe('scores');
  });
});
