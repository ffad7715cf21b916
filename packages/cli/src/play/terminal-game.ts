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

/**
 * A terminal for any game without one of its own: events as their type and fields (seats by number), moves by number from the
 * list of legal actions (or typed as JSON).
 */
export const plainTerminal: TerminalGame<unknown, unknown, { readonly type: string }> = {
  status: (view) => [JSON.stringify(view)],
  describe(e) {
    const rest = Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'type' && k !== 'only'));
    return `${e.type} ${JSON.stringify(rest)}`;
  },
  help: (_view, legal) => legal.map((a, i) => `${i + 1}. ${JSON.stringify(a)}`),
  parse(input, _view, legal) {
    try {
      const wanted = JSON.stringify(JSON.parse(input));
      const found = legal.find((a) => JSON.stringify(a) === wanted);
      if (found !== undefined) return found;
    } catch { /* not JSON */ }
    return `"${input.trim()}" is not a move here: type its number from the list.`;
  },
};
