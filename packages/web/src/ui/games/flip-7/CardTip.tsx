import { type FocusEvent, type KeyboardEvent, type PointerEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** How long a finger rests on a card before its tooltip opens (a plain tap opens nothing). */
const LONG_PRESS_MS = 450;
/** A finger moving farther than this (px) is scrolling, not pressing. */
const PRESS_SLOP = 10;
/** The tooltip keeps this far (px) from the window's edges. */
const MARGIN = 8;

type OpenBy = 'focus' | 'hover' | 'press';

/**
 * A card's tooltip: it opens on a long press (touch or pen), on keyboard focus (not on the focus a
 * tap or a click gives) and on mouse hover — never on a plain tap — and closes on Escape, on
 * leaving, or (after a long press) at the next touch anywhere or a scroll. Returns the handlers for
 * the card, the id to describe it by while open, and the tooltip itself (drawn in the nearest
 * `.f7` screen, placed inside the window).
 */
export function useCardTip(text: string) {
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
  // A tooltip opened by a long press stays until the next touch or scroll.
  useEffect(() => {
    if (open !== 'press') return;
    const close = () => setOpen(null);
    const onDown = (e: Event) => { if (e.target instanceof Node && anchor.current?.contains(e.target)) return; close(); };
    document.addEventListener('pointerdown', onDown, true);
    window.addEventListener('scroll', close, true);
    return () => { document.removeEventListener('pointerdown', onDown, true); window.removeEventListener('scroll', close, true); };
  }, [open]);

  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      anchor.current = e.currentTarget;
      if (e.pointerType === 'mouse') return;
      cancelPress();
      pressed.current = false;
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
    onContextMenu: (e: { preventDefault(): void }) => { if (pressed.current || press.current !== null) e.preventDefault(); },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      anchor.current = e.currentTarget;
      if (e.currentTarget.matches(':focus-visible')) setOpen('focus');
    },
    onBlur: () => setOpen((o) => (o === 'focus' ? null : o)),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key === 'Escape' && open !== null) { e.stopPropagation(); setOpen(null); }
    },
  };
  const tip = open !== null && anchor.current !== null ? <Tip anchor={anchor.current} id={id} text={text} /> : null;
  return { handlers, describedBy: open !== null ? id : undefined, tip, open: open !== null };
}

/** The tooltip box, fixed over the page beside its card and kept inside the window. */
function Tip({ anchor, id, text }: { anchor: HTMLElement; id: string; text: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (el === null) return;
    const a = anchor.getBoundingClientRect();
    const b = el.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const left = Math.max(MARGIN, Math.min(vw - MARGIN - b.width, a.left + a.width / 2 - b.width / 2));
    // Above the card when there is room, else below it, and never past the window's bottom.
    let top = a.top - b.height - 6;
    if (top < MARGIN) top = Math.min(a.bottom + 6, vh - MARGIN - b.height);
    setAt({ left, top: Math.max(MARGIN, top) });
  }, [anchor, text]);
  const host = anchor.closest('.f7') ?? document.body;
  return createPortal(
    <div ref={box} id={id} role="tooltip" className="f7-tip"
      style={at === null ? { left: 0, top: 0, visibility: 'hidden' } : { left: at.left, top: at.top }}>
      {text}
    </div>,
    host,
  );
}
