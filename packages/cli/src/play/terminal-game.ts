import type { Seat } from '@parlor/rules';

/** How one game talks to a person in a terminal: what it shows, and how typed text becomes an action. */
export interface TerminalGame<V, A, E> {
  /** Lines describing the position, shown before the person decides. */
  status(view: V, names: readonly string[]): string[];
  /** One event in words for `viewer`, or null for events not worth a line. */
  describe(event: E, names: readonly string[], viewer: Seat): string | null;
  /** What the person may type now. */
  help(view: V, legal: readonly A[]): string[];
  /** The action meant by `input` (one of `legal`), or a sentence saying why it is not understood. */
  parse(input: string, view: V, legal: readonly A[]): A | string;
}

/** "green-onion" → "Green Onion". */
export function title(name: string): string {
  return name.split('-').map((w) => (w === 'x2' ? '×2' : w.charAt(0).toUpperCase() + w.slice(1))).join(' ');
}

export function list(items: readonly string[]): string {
  return items.length === 0 ? 'nothing' : items.join(', ');
}
