import { type RefCallback, useCallback, useRef } from 'react';
import { tableStill } from '../../state/settings.js';

/**
 * Cards that travel between places on a table screen (a deck, a player's line, a hand, a pile).
 *
 * A *place* is an element given a name with `usePlace('deck')`. A card given `useTravel({ from:
 * 'deck' })` appears where React puts it, but is drawn first over the place it came from and glides
 * to its own spot (the FLIP technique: measure First and Last, Invert with a transform, Play the
 * transform back to none). With `to: 'discard'`, a card that leaves the screen leaves a copy of
 * itself where it was, which glides to that place and disappears. Nothing moves for a player whose
 * system asks for reduced motion (`prefers-reduced-motion: reduce`) or forces its colours, in screen
 * reader mode, nor when a place is not on the page. A card that moves from one list to another keeps its `id` and glides from where it was.
 * Moving never changes layout, focus or what assistive technology reads: the card is already
 * in its place; the copy is `aria-hidden` and takes no pointer.
 *
 *   const deck = usePlace('deck');            <div ref={deck} className="deck" />
 *   const ref = useTravel<HTMLLIElement>({ from: isNew ? 'deck' : null, to: 'discard', delay: i * 80 });
 *   <li ref={ref}>…</li>
 *
 * Place names are one namespace for the page shown (one table screen at a time): a screen names its
 * own places (a game may prefix them). The API here is shared by the table screens; keep it stable.
 */

/** How long one card takes to travel, in milliseconds. */
export const TRAVEL_MS = 420;

/**
 * True when nothing is to travel: the system asks for reduced motion or forces its colours, or the
 * player chose screen reader mode (state/settings.ts, tableStill; checked at each move, so a change
 * applies at once).
 */
export function prefersReducedMotion(): boolean {
  return tableStill();
}

const places = new Map<string, HTMLElement>();

/**
 * Names an element as a place cards travel from or to. Returns the ref callback to put on it; the
 * name is released when that element goes (a later element of the same name replaces it).
 */
export function usePlace<T extends HTMLElement = HTMLElement>(name: string): RefCallback<T> {
  const mine = useRef<T | null>(null);
  return useCallback((el: T | null) => {
    if (el !== null) {
      mine.current = el;
      places.set(name, el);
      return;
    }
    if (places.get(name) === mine.current) places.delete(name);
    mine.current = null;
  }, [name]);
}

/** Where a place is on screen now (viewport coordinates), or null when it is not on the page. */
export function placeRect(name: string): DOMRect | null {
  const el = places.get(name);
  if (el === undefined || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  return r.width === 0 && r.height === 0 ? null : r;
}

/**
 * Where elements with an `id` were when they went, for a moment: an element of the same id that
 * appears then (moved by React from one list to another) travels from there.
 */
const left = new Map<string, { rect: DOMRect; at: number; claimed: boolean }>();
const LEFT_FOR_MS = 1000;

export interface TravelOptions {
  /** The place the element comes from when it first appears; null or absent: it simply appears. */
  readonly from?: string | null;
  /** The place a copy of the element travels to when the element goes; null or absent: it simply goes. */
  readonly to?: string | null;
  /** Milliseconds to wait before setting off (to stagger several cards arriving at once). */
  readonly delay?: number;
  /**
   * The card's identity on the page (say `sf-card-17`): when an element of the same id went a moment
   * ago (a card leaving a hand as it lands on the table), this one comes from where that one was,
   * rather than from `from`, and that one leaves no travelling copy.
   */
  readonly id?: string | null;
}

/**
 * The ref callback for an element that travels (see above). `from` and `delay` are read when the
 * element appears, `to` when it goes (the latest value given).
 */
export function useTravel<T extends HTMLElement = HTMLElement>(options: TravelOptions): RefCallback<T> {
  const latest = useRef(options);
  latest.current = options;
  // React calls the callback with the element when it appears and with null when it goes, while it
  // is still in the document (so it can be measured and copied).
  const current = useRef<T | null>(null);
  return useCallback((el: T | null) => {
    if (el !== null) {
      current.current = el;
      const { from = null, delay = 0, id = null } = latest.current;
      const was = id === null ? undefined : left.get(id);
      if (was !== undefined && !was.claimed && performance.now() - was.at < LEFT_FOR_MS) {
        was.claimed = true;
        travelFrom(el, was.rect, { delay });
      } else if (from !== null) {
        const rect = placeRect(from);
        if (rect !== null) travelFrom(el, rect, { delay });
      }
      return;
    }
    const gone = current.current;
    current.current = null;
    if (gone === null) return;
    const { to = null, id = null } = latest.current;
    if (id !== null && gone.isConnected) {
      const mark = { rect: gone.getBoundingClientRect(), at: performance.now(), claimed: false };
      left.set(id, mark);
      for (const [k, v] of left) if (mark.at - v.at > LEFT_FOR_MS) left.delete(k);
      if (to !== null) travelTo(gone, to, { unless: () => mark.claimed });
    } else if (to !== null) travelTo(gone, to);
  }, []);
}

/**
 * Plays `el` from the rectangle `from` to where it is now: it is drawn over `from` at once (also
 * while it waits for `delay`) and glides into place. Returns the animation, or null when nothing moves.
 */
export function travelFrom(el: HTMLElement, from: DOMRect, { delay = 0, duration = TRAVEL_MS } = {}): Animation | null {
  if (prefersReducedMotion() || typeof el.animate !== 'function') return null;
  const to = el.getBoundingClientRect();
  if (to.width === 0 || to.height === 0) return null;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  const sx = from.width / to.width;
  const sy = from.height / to.height;
  return el.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` }, { transform: 'none' }],
    { duration, delay, easing: 'cubic-bezier(.2, .7, .3, 1)', fill: 'backwards' },
  );
}

/** At most this many copies travel at once (a round's end clears many cards; the rest simply go). */
const MAX_COPIES = 40;
let copies = 0;

/**
 * A copy of `el`, drawn where `el` is now, glides to the place `to` and is removed. Call it while
 * `el` is still in the document (it is measured and copied at once; the copy starts on the next
 * frame, and not at all if `el` is still in the document then — it did not go after all — or if
 * `unless()` says so then).
 */
export function travelTo(el: HTMLElement, to: string, { duration = TRAVEL_MS, unless = () => false }: { duration?: number; unless?: () => boolean } = {}): void {
  if (prefersReducedMotion() || !el.isConnected || copies >= MAX_COPIES) return;
  const from = el.getBoundingClientRect();
  if (from.width === 0 || from.height === 0 || from.bottom < 0 || from.top > window.innerHeight) return;
  const copy = el.cloneNode(true) as HTMLElement;
  copies++;
  requestAnimationFrame(() => {
    const target = placeRect(to);
    if (el.isConnected || target === null || unless()) { copies--; return; }
    // A fixed box the size of the card, in the body (where no transformed ancestor moves it).
    const box = document.createElement('div');
    box.setAttribute('aria-hidden', 'true');
    // A picture only: nothing in it takes the keyboard (a card is a Tab stop at the table).
    box.inert = true;
    box.className = 'travel-copy';
    Object.assign(box.style, {
      position: 'fixed', left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px`,
      margin: '0', zIndex: '50', pointerEvents: 'none',
    });
    copy.removeAttribute('id');
    copy.querySelectorAll('[id]').forEach((n) => n.removeAttribute('id'));
    for (const n of [copy, ...copy.querySelectorAll<HTMLElement>('[tabindex]')]) n.removeAttribute('tabindex');
    Object.assign(copy.style, { width: '100%', height: '100%', margin: '0', animation: 'none' });
    box.appendChild(copy);
    document.body.appendChild(box);
    const dx = target.left + target.width / 2 - (from.left + from.width / 2);
    const dy = target.top + target.height / 2 - (from.top + from.height / 2);
    const s = Math.min(target.width / from.width, target.height / from.height);
    const done = () => { box.remove(); copies--; };
    if (typeof box.animate !== 'function') { done(); return; }
    const a = box.animate(
      [{ transform: 'none', opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(${s})`, opacity: 0.85 }],
      { duration, easing: 'cubic-bezier(.4, 0, .6, 1)', fill: 'forwards' },
    );
    a.onfinish = done;
    a.oncancel = done;
  });
}
