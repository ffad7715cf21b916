import { type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import './card-tip.css';

/** How long a finger rests on a card before its tooltip opens (a plain tap opens nothing). */
const LONG_PRESS_MS = 450;
/** A finger moving farther than this (px) is scrolling, not pressing. */
const PRESS_SLOP = 10;
/** The tooltip keeps this far (px) from the window's edges, and this far from its card. */
const MARGIN = 8;
const GAP = 6;

type OpenBy = 'focus' | 'hover' | 'press';

/**
 * A card's tooltip, for any game's cards: it opens on a long press (touch or pen), on keyboard focus
 * (not on the focus a tap or a click gives) and on mouse hover — never on a plain tap — and closes
 * on Escape, on leaving, or (after a long press) at the next touch elsewhere or a scroll. The click
 * that may follow a long press is swallowed, so a card that toggles on a tap does not toggle.
 *
 * Returns the handlers for the card, the id that describes it (the card's text: a hidden element
 * while closed, the tooltip while open), and the node to render inside the card. The open tooltip
 * is drawn in the nearest open `<dialog>` (the top layer), else in the nearest `host` ancestor
 * (the game's screen, so its checks cover it), else in the body — out of the card, whose travel
 * animations would move a fixed box with them.
 */
export function useCardTip(text: string, host?: string) {
  const [open, setOpen] = useState<OpenBy | null>(null);
  const anchor = useRef<HTMLElement | null>(null);
  const press = useRef<{ timer: number; x: number; y: number } | null>(null);
  const pressed = useRef(false);
  const id = useId();

  const cancelPress = () => {
    if (press.current !== null) window.clearTimeout(press.current.timer);
    press.current = null;
  };
  useEffect(() => cancelPress, []);
  // Escape closes a tooltip however it opened (one under the mouse too, WCAG 1.4.13); one opened by
  // a long press also closes at the next touch elsewhere or a scroll.
  useEffect(() => {
    if (open === null) return;
    const close = () => setOpen(null);
    const onKey = (e: globalThis.KeyboardEvent) => { if (e.key === 'Escape') close(); };
    const onDown = (e: Event) => { if (e.target instanceof Node && anchor.current?.contains(e.target)) return; close(); };
    document.addEventListener('keydown', onKey);
    if (open === 'press') {
      document.addEventListener('pointerdown', onDown, true);
      window.addEventListener('scroll', close, true);
    }
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('scroll', close, true);
    };
  }, [open]);

  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      anchor.current = e.currentTarget;
      pressed.current = false;
      if (e.pointerType === 'mouse') return;
      cancelPress();
      press.current = {
        x: e.clientX, y: e.clientY,
        timer: window.setTimeout(() => { press.current = null; pressed.current = true; setOpen('press'); }, LONG_PRESS_MS),
      };
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const p = press.current;
      if (p !== null && Math.hypot(e.clientX - p.x, e.clientY - p.y) > PRESS_SLOP) cancelPress();
    },
    onPointerUp: cancelPress,
    onPointerCancel: cancelPress,
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType !== 'mouse') return;
      anchor.current = e.currentTarget;
      setOpen((o) => o ?? 'hover');
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse') setOpen((o) => (o === 'hover' ? null : o));
    },
    // The long press's own context menu (and text selection) would cover the tooltip.
    onContextMenu: (e: MouseEvent<HTMLElement>) => { if (pressed.current || press.current !== null) e.preventDefault(); },
    // The click a long press may end with is not a tap: the card's own click handler never sees it.
    onClickCapture: (e: MouseEvent<HTMLElement>) => {
      if (!pressed.current) return;
      pressed.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      anchor.current = e.currentTarget;
      if (!e.currentTarget.matches(':focus-visible')) return;
      const el = e.currentTarget;
      // After the browser has scrolled the card into view its own way (which knows nothing of docks).
      window.requestAnimationFrame(() => uncover(el));
      setOpen('focus');
    },
    onBlur: () => setOpen((o) => (o === 'focus' ? null : o)),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      pressed.current = false;
      if (e.key === 'Escape' && open !== null) { e.stopPropagation(); setOpen(null); }
    },
  };
  const tip = open !== null && anchor.current !== null
    ? <Tip anchor={anchor.current} id={id} text={text} host={host} />
    : <span id={id} hidden>{text}</span>;
  return { handlers, describedBy: id, tip, open: open !== null };
}

/**
 * Scrolls the window so that a card the keyboard reached is not hidden under something fixed or
 * sticky (a docked hand or action area at the bottom of a phone's window): the card then lies in the
 * window's upper part. Nothing moves when the card's centre shows.
 */
function uncover(el: HTMLElement): void {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  if (y < 0 || y > window.innerHeight) return;
  const top = document.elementFromPoint(x, y);
  if (top !== null && !el.contains(top)) window.scrollBy(0, r.top - window.innerHeight * .3);
}

/** Where a tooltip of `size` goes beside the card at `card`, inside a window of `vw` × `vh`: above when there is room, else below. */
function placeTip(card: DOMRect, size: { width: number; height: number }, vw: number, vh: number): { left: number; top: number } {
  const left = Math.max(MARGIN, Math.min(vw - MARGIN - size.width, card.left + card.width / 2 - size.width / 2));
  let top = card.top - size.height - GAP;
  if (top < MARGIN) top = Math.min(card.bottom + GAP, vh - MARGIN - size.height);
  return { left, top: Math.max(MARGIN, top) };
}

/** The tooltip box, fixed over the page beside its card, kept inside the window as the page scrolls or resizes. */
function Tip({ anchor, id, text, host }: { anchor: HTMLElement; id: string; text: string; host: string | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const place = () => {
      const el = box.current;
      if (el === null) return;
      setAt(placeTip(anchor.getBoundingClientRect(), el.getBoundingClientRect(), document.documentElement.clientWidth, window.innerHeight));
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => { window.removeEventListener('scroll', place, true); window.removeEventListener('resize', place); };
  }, [anchor, text]);
  const dialog = anchor.closest('dialog[open]');
  const target = dialog ?? (host === undefined ? null : anchor.closest(host)) ?? document.body;
  return createPortal(
    <div ref={box} id={id} role="tooltip" className="card-tip"
      style={at === null ? { left: 0, top: 0, visibility: 'hidden' } : { left: at.left, top: at.top }}>
      {text}
    </div>,
    target,
  );
}
