import { f7CardCode, f7CardKind, type F7CardName } from '@parlor/rules';
import { type CSSProperties, createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardTip } from '../../table/CardTip.js';
import { type TravelOptions, useTravel } from '../../table/motion.js';
import { CardArt } from './art.js';
import { cardLabel, cardSpoken, cardTip } from './text.js';

/** Where the table's cards come from and go (motion.ts places, named by F7Game). */
export const F7_DECK = 'f7-deck';
export const F7_DISCARD = 'f7-discard';
/** The travel id of the action card waiting in the middle of the table to be given (F7-8). */
export const F7_TO_GIVE = 'f7-to-give';

/**
 * What the table screen tells its cards (absent elsewhere — the rules page, a replay — where cards
 * neither travel nor take the keyboard): the cards that arrived at the moment shown, in order, so
 * that they travel from the deck; and the one card of the table reached by Tab (the others by the
 * arrow keys, F7Game), named by its key.
 */
export interface F7TableCards {
  readonly arrivals: readonly { readonly seat: number; readonly card: F7CardName; readonly order: number }[];
  /** The seat whose line makes a Flip 7 at the moment shown (F7-7), celebrated across its line; else null. */
  readonly flip7: number | null;
  readonly focusKey: string | null;
  readonly setFocusKey: (key: string) => void;
}
export const F7TableCardsContext = createContext<F7TableCards | null>(null);

/** Cards arriving together set off one after another, this far apart (ms), up to a limit. */
const STAGGER_MS = 70;
const MAX_STAGGER_MS = 900;

/** Bits of confetti over a line that makes a Flip 7 (decoration, f7.css). */
const CONFETTI = 14;

/**
 * One card, face up, as a list item: its picture, its name in words for the action cards (the
 * numbers' numerals are on the picture), the spoken name for screen readers, and a tooltip (what the
 * card does, also its description) on a long press, keyboard focus or hover. At the table screen a
 * card of a player's line takes the keyboard as `tabIndex` says (one Tab stop for them all, F7Game);
 * any other card there (the card to give, cards set aside during a Flip Three) is a Tab stop of its own.
 * A card flipped at the moment shown (`turning`: when it sets off, in ms) turns over from its back as
 * it lands (f7.css; not for reduced motion); `order` is its place in its line, for a Flip 7's wave.
 */
export function Card({ card, repeated = false, cardKey, travel, tabIndex, turning, order }: {
  card: F7CardName; repeated?: boolean; cardKey?: string; travel?: TravelOptions; tabIndex?: number; turning?: number; order?: number;
}) {
  const { t } = useTranslation();
  const kind = f7CardKind(f7CardCode(card));
  const label = cardLabel(card, t);
  const tip = useCardTip(cardTip(card, t, repeated), '.f7');
  const travelRef = useTravel<HTMLLIElement>(travel ?? {});
  // Whether it turns is decided when it appears, and kept: the next moment coming before the turn
  // is over does not cut it short (its animation runs once).
  const [turn] = useState(turning);
  const ctx = useContext(F7TableCardsContext);
  const onFocus = tip.handlers.onFocus;
  const handlers = {
    ...tip.handlers,
    onFocus: (e: Parameters<typeof onFocus>[0]) => { onFocus(e); if (cardKey !== undefined) ctx?.setFocusKey(cardKey); },
  };
  return (
    <li ref={travelRef} className={`f7-card f7-${kind} f7-c-${card.replace('+', 'p')}${repeated ? ' is-repeated' : ''}${turn === undefined ? '' : ' is-turning'}`}
      style={turn === undefined && order === undefined ? undefined : { '--f7-delay': `${turn ?? 0}ms`, '--f7-order': order ?? 0 } as CSSProperties}
      data-card-key={cardKey} tabIndex={tabIndex ?? (ctx !== null && cardKey === undefined ? 0 : undefined)} aria-describedby={tip.describedBy} {...handlers}>
      <CardArt card={card} />
      {kind === 'action' && <span className="f7-card-name" aria-hidden="true">{label}</span>}
      <span className="visually-hidden">{cardSpoken(card, t)}{repeated ? ` (${t('f7.line.bustCard')})` : ''}</span>
      {tip.tip}
    </li>
  );
}

/** A line's cards in the order shown: numbers, then modifiers, then action cards, each in the order they came. */
export function lineItems(cards: readonly F7CardName[], busted: boolean, round: number) {
  const seen = new Map<F7CardName, number>();
  const items = cards.map((card, i) => {
    const n = (seen.get(card) ?? 0) + 1;
    seen.set(card, n);
    const kind = f7CardKind(f7CardCode(card));
    return {
      card, n, key: `${round}:${card}#${n}`, rank: kind === 'number' ? 0 : kind === 'modifier' ? 1 : 2, i,
      // A busted line holds its repeated number twice (F7-6): mark the second one.
      repeated: busted && kind === 'number' && n === 2,
    };
  });
  return items.sort((a, b) => a.rank - b.rank || a.i - b.i);
}

/** A player's line (`seat`: whose, at the table screen, for its cards' travel and keyboard). */
export function CardLine({ cards, busted, label, round = 0, seat }: { cards: readonly F7CardName[]; busted: boolean; label: string; round?: number; seat?: number }) {
  const { t } = useTranslation();
  const table = useContext(F7TableCardsContext);
  if (cards.length === 0) return <p className="f7-line f7-line-empty">{t('f7.line.empty')}</p>;
  const total = new Map<F7CardName, number>();
  for (const c of cards) total.set(c, (total.get(c) ?? 0) + 1);
  // The cards of this line that arrived at the moment shown: the last ones of their value.
  const arrived = new Map<F7CardName, number[]>();
  for (const a of table?.arrivals ?? []) if (a.seat === seat) arrived.set(a.card, [...(arrived.get(a.card) ?? []), a.order]);
  const flip7 = table !== null && seat !== undefined && table.flip7 === seat;
  return (
    <ul className={`f7-line${flip7 ? ' is-flip7' : ''}`} aria-label={label}>
      {lineItems(cards, busted, round).map((x, i) => {
        const news = arrived.get(x.card) ?? [];
        const fresh = x.n - ((total.get(x.card) ?? 0) - news.length);
        const arrival = fresh >= 1 ? news[fresh - 1] : undefined;
        const cardKey = seat === undefined ? undefined : `${seat}:${x.key}`;
        const travel: TravelOptions | undefined = table === null ? undefined : {
          from: arrival === undefined ? null : F7_DECK,
          delay: Math.min(MAX_STAGGER_MS, (arrival ?? 0) * STAGGER_MS),
          to: F7_DISCARD,
          // An action card given from the middle of the table comes from there (F7Game's card to give).
          id: arrival !== undefined && f7CardKind(f7CardCode(x.card)) === 'action' ? F7_TO_GIVE : null,
        };
        const tabIndex = table === null || cardKey === undefined ? undefined : table.focusKey === cardKey ? 0 : -1;
        return (
          <Card key={x.key} card={x.card} repeated={x.repeated} cardKey={cardKey} travel={travel} tabIndex={tabIndex}
            turning={arrival === undefined || table === null ? undefined : travel?.delay ?? 0} order={table === null ? undefined : i} />
        );
      })}
      {flip7 && (
        <li className="f7-confetti" aria-hidden="true">
          {Array.from({ length: CONFETTI }, (_, k) => <span key={k} style={{ '--k': k } as CSSProperties} />)}
        </li>
      )}
    </ul>
  );
}
