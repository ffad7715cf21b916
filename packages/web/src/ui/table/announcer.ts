import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * What a table says to a screen reader: two live regions on the table page (LiveRegions.tsx), a
 * polite one for the game's events (whose move, what was drawn or declared, a taste test and its
 * result, a bust, a dish and its points, a round's scores, the game's end) and an assertive one
 * for what asks the player now (your move and its choices, a response window and its seconds).
 * The texts are the games' own log sentences, built from the player's own view: nothing hidden is
 * ever said. Each event is said once: not again when the table re-renders, when its screen is
 * drawn anew, nor when a reconnection brings the game's history back.
 */

/** Polite: said when the reader is free. Assertive: said at once. */
export type Urgency = 'polite' | 'assertive';

export interface Announcement {
  readonly id: number;
  readonly text: string;
  readonly urgency: Urgency;
}

/** How many polite lines the region keeps (older ones were said already). */
export const KEPT = 30;

let nextId = 1;
let said: readonly Announcement[] = [];
const listeners = new Set<() => void>();

/** Says `text` through the table's polite or assertive region (nothing for an empty text). */
export function announce(text: string, urgency: Urgency = 'polite'): void {
  if (text.trim() === '') return;
  const all = [...said, { id: nextId++, text, urgency }];
  // Oldest first: the last KEPT polite lines and the last assertive one stay.
  const polite = all.filter((x) => x.urgency === 'polite').slice(-KEPT);
  const assertive = all.filter((x) => x.urgency === 'assertive').slice(-1);
  said = all.filter((x) => polite.includes(x) || assertive.includes(x));
  for (const l of listeners) l();
}

/** Forgets what was said (a table page left: the next one starts with empty regions). */
export function clearAnnouncements(): void {
  said = [];
  for (const l of listeners) l();
}

/** What is being said, oldest first: the last KEPT polite lines and the last assertive one. */
export function announcements(): readonly Announcement[] {
  return said;
}

/** What is being said (announcements), kept up to date (the regions draw it). */
export function useAnnouncements(): readonly Announcement[] {
  return useSyncExternalStore((fn) => { listeners.add(fn); return () => listeners.delete(fn); }, announcements, announcements);
}

/** How far a table's log has been said: the game it belongs to and how many of its entries. */
export interface Heard {
  readonly game: string;
  readonly count: number;
}

/** At most this many entries are said at once (a page back from the background, a reconnection after a while). */
export const MAX_NEWS = 40;

/**
 * The entries of a log of `count` entries (of the game `game`) that are news, from index `from`,
 * given what was heard of it before (`heard`, undefined at first sight), and what is heard now.
 * At first sight nothing is news — the history on the page when it opens is there to be read (the L
 * key, the log), not said — unless the game is at its `opening` (it has just been dealt). A new
 * game is news from its start; a log that got shorter was rebuilt from its history (a
 * reconnection), and what it holds was said already. At most MAX_NEWS entries.
 */
export function newsSince(heard: Heard | undefined, game: string, count: number, opening = false): { from: number; heard: Heard } {
  let from: number;
  if (heard === undefined) from = opening ? 0 : count;
  else if (heard.game !== game) from = 0;
  else from = Math.min(heard.count, count);
  return { from: Math.max(from, count - MAX_NEWS), heard: { game, count } };
}

/**
 * The mark of `marks` (seconds left at which a countdown is said) crossed when the seconds left
 * went from `before` to `now`, or null: the lowest one crossed, should several be at once.
 */
export function countdownMark(before: number | null, now: number | null, marks: readonly number[] = COUNTDOWN_MARKS): number | null {
  if (before === null || now === null) return null;
  const crossed = marks.filter((m) => before > m && now <= m);
  return crossed.length === 0 ? null : Math.min(...crossed);
}

/** The seconds left at which a running countdown is said (not every second). */
export const COUNTDOWN_MARKS: readonly number[] = [10, 5];

/** What was heard of each table's log, and the last moment of each kind said at each (kept across a screen's remounts). */
const heardLogs = new Map<string, Heard>();
const saidOnce = new Map<string, string>();

/**
 * Says the news of a table's log: `say(from, to)` gives the sentences of the entries from `from`
 * to `to` (the log as far as the table shows it, `count` entries, of the game `game`; `opening`:
 * the game shown is at its first move, newsSince).
 */
export function useLogNews(table: string, game: string, count: number, opening: boolean, say: (from: number, to: number) => readonly string[]): void {
  const latest = useRef(say);
  latest.current = say;
  useEffect(() => {
    const { from, heard } = newsSince(heardLogs.get(table), game, count, opening);
    heardLogs.set(table, heard);
    if (from < count) for (const text of latest.current(from, count)) announce(text);
  }, [table, game, count]);
}

/**
 * Says `text()` once per moment `key` of a kind (`slot`: 'urgent' for a decision of mine, 'turn'
 * for whose decision it is…; null: no such moment now); the same moment drawn again, or brought
 * back by a reconnection, is not said again.
 */
export function useOnce(table: string, slot: string, key: string | null, text: () => string, urgency: Urgency): void {
  const latest = useRef(text);
  latest.current = text;
  useEffect(() => {
    const at = `${table}/${slot}`;
    if (key === null || saidOnce.get(at) === key) return;
    saidOnce.set(at, key);
    announce(latest.current(), urgency);
  }, [table, slot, key, urgency]);
}

/**
 * Says a running countdown at its marks (COUNTDOWN_MARKS), assertively: `seconds` left for the
 * moment `key`, `text(n)` the words for n seconds. A new moment starts afresh.
 */
export function useCountdownNews(key: string | null, seconds: number | null, text: (n: number) => string): void {
  const before = useRef<{ key: string | null; seconds: number | null }>({ key: null, seconds: null });
  useEffect(() => {
    const prev = before.current.key === key ? before.current.seconds : null;
    before.current = { key, seconds };
    if (key === null) return;
    const mark = countdownMark(prev, seconds);
    if (mark !== null) announce(text(seconds ?? mark), 'assertive');
  }, [key, seconds, text]);
}
