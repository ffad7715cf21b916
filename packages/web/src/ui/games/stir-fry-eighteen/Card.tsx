import { type SfCard, type SfProtein, SF_PROTEIN_DRAWS, sfCardValue } from '@parlor/rules';
import { type CSSProperties, type FocusEvent, createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardTip } from '../../table/CardTip.js';
import { useTravel } from '../../table/motion.js';
import { BackArt, CardArt, DrawIcon, EveryDishIcon } from './art.js';
import { sfBonuses, widestWordEm } from './card-face.js';

/**
 * Whether cards may travel now: false while a screen draws its first picture (a reload, a game
 * watched from its middle), so that only what happens afterwards moves. The table screen provides it.
 */
export const SfMotion = createContext<{ readonly current: boolean }>({ current: false });

/** Where an open card text is drawn: the game's screen (not the list of cards on the rules page, which holds list items only). */
const SF_TIP_HOST = 'div.sf';

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
  const tip = useCardTip(t(`sf.cards.${card}.text`), SF_TIP_HOST);
  // A card just drawn comes from the pile; any other keeps its identity, to travel on to the table.
  const ref = useTravel<HTMLDivElement>({ from: fresh && live.current ? 'sf-pile' : null, id: fresh ? null : travelId });
  const alone = sfCardValue(card, [card]);
  return (
    <div ref={ref} className={`sf-slot sf-ing-${card}${selected ? ' selected' : ''}`}>
      <button
        type="button"
        className={`sf-card sf-card-${card}${selected ? ' selected' : ''}${disabled ? ' inert' : ''}`}
        aria-pressed={selected}
        aria-label={t('sf.cardLabel', { name: t(`sf.cards.${card}.name`), count: alone })}
        aria-describedby={tip.describedBy}
        // Kept focusable when it cannot be selected now, so its text stays readable by keyboard.
        aria-disabled={disabled || undefined}
        {...tip.handlers}
        onClick={() => { if (!disabled) onToggle(); }}
      >
        <CardArt card={card} />
        <Name card={card} />
      </button>
      <Corner card={card} />
      <BonusLine card={card} />
      {tip.tip}
    </div>
  );
}

/**
 * A card shown on the table (not selectable): a picture named by the card's name and value, with
 * its text as its description and as a tooltip — focusable, so that the text is there by keyboard
 * too, as well as by a long press or under a mouse. `value` is its value in a dish, when it is part
 * of one (SF-2: a bonus belongs to the dish); otherwise the card shows its value alone. `from`
 * names the place it travels from when it appears, `travelId` the hand card it may have been.
 */
export function TableCard({ card, value, small, from, travelId, textBeside, roving }: {
  card: SfCard; value?: number | undefined; small?: boolean; from?: string | null; travelId?: string;
  /** The card's text is printed next to it (the rules page): no tooltip, no Tab stop of its own. */
  textBeside?: boolean;
  /**
   * The card is one of a group with one Tab stop (the felt's cards, TableCenter): its key there,
   * whether it is the group's Tab stop, and what to tell the group when it takes the focus.
   * Without it the card is a Tab stop of its own.
   */
  roving?: { key: string; stop: boolean; onFocus: (key: string) => void };
}) {
  const { t } = useTranslation();
  const live = useContext(SfMotion);
  const ref = useTravel<HTMLSpanElement>({ from: live.current ? from ?? null : null, id: live.current ? travelId ?? null : null });
  const tip = useCardTip(t(`sf.cards.${card}.text`), SF_TIP_HOST);
  const name = t(`sf.cards.${card}.name`);
  const focusable = {
    tabIndex: roving === undefined || roving.stop ? 0 : -1,
    'data-card-key': roving?.key,
    'aria-describedby': tip.describedBy,
    ...tip.handlers,
    onFocus: (e: FocusEvent<HTMLElement>) => { tip.handlers.onFocus(e); roving?.onFocus(roving.key); },
  };
  return (
    <span ref={ref} className={`sf-slot static sf-ing-${card}${small ? ' small' : ''}`} role="img"
      aria-label={t('sf.cardLabel', { name, count: value ?? sfCardValue(card, [card]) })}
      {...(textBeside === true ? {} : focusable)}>
      <span className={`sf-card sf-card-${card}`}>
        <CardArt card={card} />
        <Name card={card} />
      </span>
      <Corner card={card} value={value} />
      {!small && <BonusLine card={card} />}
      {textBeside !== true && tip.tip}
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
