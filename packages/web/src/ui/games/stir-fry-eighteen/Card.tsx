import { type SfCard, type SfProtein, SF_PROTEIN_DRAWS, sfCardValue } from '@parlor/rules';
import { type CSSProperties, type ReactNode, type Ref, createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTravel } from '../../table/motion.js';
import { BackArt, CardArt, DrawIcon, EveryDishIcon } from './art.js';
import { sfBonuses, widestWordEm } from './card-face.js';

/**
 * Whether cards may travel now: false while a screen draws its first picture (a reload, a game
 * watched from its middle), so that only what happens afterwards moves. The table screen provides it.
 */
export const SfMotion = createContext<{ readonly current: boolean }>({ current: false });

const isProtein = (c: SfCard): c is SfProtein => c in SF_PROTEIN_DRAWS;

/** The card's name, printed at the size that fits its widest word on the card (CSS: --em). */
function Name({ card }: { card: SfCard }) {
  const { t } = useTranslation();
  const name = t(`sf.cards.${card}.name`);
  return (
    <span className="sf-card-name">
      <span style={{ '--em': widestWordEm(name).toFixed(3) } as CSSProperties}>{name}</span>
    </span>
  );
}

/**
 * The card's corner: its value (the value alone, or its value in a dish when `value` is given,
 * marked when a bonus or Tofu's penalty changed it: SF-2) and, for a protein, how many cards
 * discarding it as that protein draws (SF-3). Decorative: the card's label and text say the same.
 */
function Corner({ card, value }: { card: SfCard; value?: number | undefined }) {
  const alone = sfCardValue(card, [card]);
  const shown = value ?? alone;
  const change = shown > alone ? ' up' : shown < alone ? ' down' : '';
  return (
    <span className="sf-card-corner" aria-hidden="true">
      <span className={`sf-card-points${change}`}>{shown}</span>
      {isProtein(card) && <span className="sf-card-draw"><DrawIcon />{SF_PROTEIN_DRAWS[card]}</span>}
    </span>
  );
}

/** The bonus line: each partner set as the partners' pictures and the value it gives (SF-2). Decorative. */
function BonusLine({ card }: { card: SfCard }) {
  const bonuses = sfBonuses(card);
  return (
    <span className="sf-card-bonus" aria-hidden="true">
      {card === 'noodles' && <span className="sf-bonus-item"><EveryDishIcon /></span>}
      {bonuses.map((b) => (
        <span key={`${b.value}-${b.anyOf.join()}`} className={`sf-bonus-item${b.value < 0 ? ' down' : ''}`}>
          {b.anyOf.map((set, k) => (
            <span key={set.join('+')} className="sf-bonus-set">
              {k > 0 && <span className="sf-bonus-or">/</span>}
              {set.map((c) => <CardArt key={c} card={c} className="sf-icon" />)}
            </span>
          ))}
          <span className="sf-bonus-value">{b.value}</span>
        </span>
      ))}
    </span>
  );
}

/** Both refs on one element. */
function useBoth<T>(a: Ref<T> | undefined, b: (el: T | null) => void): (el: T | null) => void {
  return useCallback((el: T | null) => {
    b(el);
    if (typeof a === 'function') a(el);
    else if (a !== null && a !== undefined) (a as { current: T | null }).current = el;
  }, [a, b]);
}

/**
 * A card's full text over it, kept inside the window: above the card, or below it where there is
 * no room above, and moved sideways to stay on screen. Shown while `open`; always in the document
 * (a hand card's description points at it).
 */
function CardTip({ id, open, anchor, children }: { id: string; open: boolean; anchor: { readonly current: HTMLElement | null }; children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const tip = box.current;
    const card = anchor.current;
    if (!open || tip === null || card === null) { setAt(null); return; }
    const margin = 8;
    const r = card.getBoundingClientRect();
    const w = tip.offsetWidth;
    const h = tip.offsetHeight;
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const left = Math.min(Math.max(margin, r.left + r.width / 2 - w / 2), Math.max(margin, vw - w - margin));
    const above = r.top - h - margin;
    const top = above >= margin ? above : Math.min(r.bottom + margin, Math.max(margin, vh - h - margin));
    setAt({ left, top });
  }, [open, anchor]);
  return (
    <span ref={box} id={id} role="tooltip" className={`sf-tip${open && at !== null ? ' open' : ''}`}
      style={at === null ? undefined : { left: at.left, top: at.top }}>
      {children}
    </span>
  );
}

/** How long a finger stays on a card to show its text (a long press); a plain tap selects it. */
const LONG_PRESS_MS = 450;

/**
 * A card of the player's hand: a toggle button (aria-pressed) named by its visible name and value
 * ("Chicken, 3 points") with the card's full text as its description. The text shows on keyboard
 * focus, under a mouse, or after a long press — never on a plain tap, which selects the card.
 */
export function HandCard({ card, selected, disabled, fresh, travelId, onToggle }: {
  card: SfCard; selected: boolean; disabled: boolean; fresh: boolean; travelId: string; onToggle: () => void;
}) {
  const { t } = useTranslation();
  const live = useContext(SfMotion);
  const id = useId();
  const [open, setOpen] = useState(false);
  const slot = useRef<HTMLDivElement | null>(null);
  const timer = useRef<number | null>(null);
  const longPressed = useRef(false);
  // A card just drawn comes from the pile; any other keeps its identity, to travel on to the table.
  const travel = useTravel<HTMLDivElement>({ from: fresh && live.current ? 'sf-pile' : null, id: fresh ? null : travelId });
  const ref = useBoth(slot, travel);
  const cancel = () => { if (timer.current !== null) { window.clearTimeout(timer.current); timer.current = null; } };
  useEffect(() => cancel, []);
  // A text opened by a long press closes at the next touch anywhere.
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => { if (!slot.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  const alone = sfCardValue(card, [card]);
  return (
    <div ref={ref} className={`sf-slot sf-ing-${card}${selected ? ' selected' : ''}`}>
      <button
        type="button"
        className={`sf-card sf-card-${card}${selected ? ' selected' : ''}${disabled ? ' inert' : ''}`}
        aria-pressed={selected}
        aria-label={t('sf.cardLabel', { name: t(`sf.cards.${card}.name`), count: alone })}
        aria-describedby={id}
        // Kept focusable when it cannot be selected now, so its text stays readable by keyboard.
        aria-disabled={disabled || undefined}
        onClick={() => { if (longPressed.current) { longPressed.current = false; return; } if (!disabled) onToggle(); }}
        onFocus={(e) => { if (e.currentTarget.matches(':focus-visible')) setOpen(true); }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}
        onPointerEnter={(e) => { if (e.pointerType === 'mouse') setOpen(true); }}
        onPointerDown={(e) => {
          if (e.pointerType !== 'touch') return;
          longPressed.current = false;
          cancel();
          timer.current = window.setTimeout(() => { longPressed.current = true; setOpen(true); }, LONG_PRESS_MS);
        }}
        onPointerUp={cancel}
        onPointerCancel={cancel}
        onPointerLeave={(e) => { cancel(); if (e.pointerType === 'mouse') setOpen(false); }}
        onContextMenu={(e) => e.preventDefault()}
      >
        <CardArt card={card} />
        <Name card={card} />
      </button>
      <Corner card={card} />
      <BonusLine card={card} />
      <CardTip id={id} open={open} anchor={slot}>{t(`sf.cards.${card}.text`)}</CardTip>
    </div>
  );
}

/**
 * A card shown on the table (not selectable). `value` is its value in a dish, when it is part of
 * one (SF-2: a bonus belongs to the dish); otherwise the card shows its value alone. `from` names
 * the place it travels from when it appears, `travelId` the hand card it may have been.
 */
export function TableCard({ card, value, small, from, travelId }: {
  card: SfCard; value?: number | undefined; small?: boolean; from?: string | null; travelId?: string;
}) {
  const { t } = useTranslation();
  const live = useContext(SfMotion);
  const ref = useTravel<HTMLSpanElement>({ from: live.current ? from ?? null : null, id: live.current ? travelId ?? null : null });
  const name = t(`sf.cards.${card}.name`);
  return (
    <span ref={ref} className={`sf-slot static sf-ing-${card}${small ? ' small' : ''}`} role="img"
      aria-label={t('sf.cardLabel', { name, count: value ?? sfCardValue(card, [card]) })}
      title={t(`sf.cards.${card}.text`)}>
      <span className={`sf-card sf-card-${card}`}>
        <CardArt card={card} />
        <Name card={card} />
      </span>
      <Corner card={card} value={value} />
      {!small && <BonusLine card={card} />}
    </span>
  );
}

/** A face-down card; `from` names the place it travels from when it appears. */
export function CardBack({ small, from }: { small?: boolean; from?: string | null }) {
  const { t } = useTranslation();
  const live = useContext(SfMotion);
  const ref = useTravel<HTMLSpanElement>({ from: live.current ? from ?? null : null });
  return (
    <span ref={ref} className={`sf-slot static back${small ? ' small' : ''}`} role="img" aria-label={t('sf.cardBack')}>
      <span className="sf-card back"><BackArt /></span>
    </span>
  );
}
