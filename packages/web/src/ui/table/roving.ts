import { type KeyboardEvent, useState } from 'react';

/**
 * One Tab stop for a group of items (the cards lying on a table), the others reached by the arrow
 * keys (`moveAmong`): Tab reaches the item last focused while it is still there, else the first.
 * Returns that item's key (null when there is none) and the setter each item calls when focused.
 */
export function useRovingKey(keys: readonly string[]): readonly [string | null, (key: string) => void] {
  const [chosen, setChosen] = useState<string | null>(null);
  const current = chosen !== null && keys.includes(chosen) ? chosen : (keys[0] ?? null);
  return [current, setChosen];
}

/**
 * The item a key moves to from item `i`, the items in reading order and `lines[n]` the line item n
 * lies in: ←/→ the previous or next item, ↑/↓ the first item of the line above or below, Home/End
 * the first or last item (staying put at either end); null for any other key.
 */
export function rovingTarget(key: string, i: number, lines: readonly unknown[]): number | null {
  const last = lines.length - 1;
  switch (key) {
    case 'ArrowRight': return Math.min(last, i + 1);
    case 'ArrowLeft': return Math.max(0, i - 1);
    case 'Home': return 0;
    case 'End': return last;
    case 'ArrowDown': {
      const k = lines.findIndex((line, n) => n > i && line !== lines[i]);
      return k < 0 ? i : k;
    }
    case 'ArrowUp': {
      const before = lines.slice(0, i).filter((line) => line !== lines[i]);
      return before.length === 0 ? i : lines.indexOf(before[before.length - 1]);
    }
    default: return null;
  }
}

/**
 * The keyboard handler for a group's container: moves the focus among the elements matching `item`
 * inside it, each element's line being its closest `line` ancestor. Keys with a modifier are left
 * to the browser (Alt+← goes back a page).
 */
export function moveAmong(item: string, line: string): (e: KeyboardEvent<HTMLElement>) => void {
  return (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const all = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(item));
    const i = all.indexOf(document.activeElement as HTMLElement);
    if (i < 0) return;
    const j = rovingTarget(e.key, i, all.map((el) => el.closest(line)));
    if (j === null) return;
    e.preventDefault();
    all[j]?.focus();
  };
}
