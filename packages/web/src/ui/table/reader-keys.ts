/**
 * The table's reading keys: a letter reads part of the table aloud, as text, on demand (through the
 * polite announcer, and shown under the keys' list): H the hand, S the scores, T the table (what
 * is face up, whose move), L the last events, O the odds (or the game's hint), ? the list of keys.
 */
export type Reading = 'hand' | 'scores' | 'table' | 'last' | 'odds' | 'keys';

/** The readings in the order the list of keys gives them, each with its key. */
export const READINGS: readonly { readonly key: string; readonly reading: Reading }[] = [
  { key: 'H', reading: 'hand' }, { key: 'S', reading: 'scores' }, { key: 'T', reading: 'table' },
  { key: 'L', reading: 'last' }, { key: 'O', reading: 'odds' }, { key: '?', reading: 'keys' },
];

/** What of a key press the reading keys look at. */
export interface KeyPress {
  readonly key: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly repeat?: boolean;
  /** Where the keyboard is: its tag name, an input's type, whether it is editable. */
  readonly target: { readonly tagName?: string; readonly type?: string; readonly isContentEditable?: boolean } | null;
}

/** Input types that take no text: a letter typed on them is free for the table. */
const NO_TEXT = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image']);

/** Whether the keyboard is where letters are typed: a text field, a list box, something editable. */
export function typingIn(target: KeyPress['target']): boolean {
  if (target === null) return false;
  if (target.isContentEditable === true) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NO_TEXT.has((target.type ?? 'text').toLowerCase());
}

/**
 * The reading a key press asks for, or null: never while typing (the chat, a form), never with
 * Alt, Ctrl or Meta (the browser's and the screen reader's own keys), never for a held key; Shift
 * only for "?", which needs it on most keyboards.
 */
export function readingOf(e: KeyPress): Reading | null {
  if (e.altKey || e.ctrlKey || e.metaKey || e.repeat === true || typingIn(e.target)) return null;
  if (e.key === '?') return 'keys';
  if (e.shiftKey || e.key.length !== 1) return null;
  return READINGS.find((r) => r.key === e.key.toUpperCase())?.reading ?? null;
}
