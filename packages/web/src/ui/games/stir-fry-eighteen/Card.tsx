import { type SfCard, sfCardValue } from '@parlor/rules';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const PROTEINS: readonly SfCard[] = ['shrimp', 'pork', 'chicken', 'tofu'];

/** A card face: name, points alone, its bonuses; the full SF-2 text on hover, focus or long-press. */
function Face({ card, value }: { card: SfCard; value?: number | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="sf-card-top">
        <span className="sf-card-points" aria-hidden="true">{value ?? sfCardValue(card, [card])}</span>
        {PROTEINS.includes(card) && <span className="sf-card-tag" aria-hidden="true">◆</span>}
      </span>
      <span className="sf-card-name">{t(`sf.cards.${card}.name`)}</span>
      <span className="sf-card-bonus">{t(`sf.cards.${card}.bonus`)}</span>
    </>
  );
}

/** A card of the player's hand: a toggle button (aria-pressed) with its full text as description. */
export function HandCard({ card, selected, disabled, fresh, onToggle }: {
  card: SfCard; selected: boolean; disabled: boolean; fresh: boolean; onToggle: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const timer = useRef<number | null>(null);
  const longPressed = useRef(false);
  const cancel = () => { if (timer.current !== null) { window.clearTimeout(timer.current); timer.current = null; } };
  return (
    <button
      type="button"
      className={`sf-card sf-card-${card}${selected ? ' selected' : ''}${fresh ? ' fresh' : ''}${shown ? ' show-text' : ''}${disabled ? ' inert' : ''}`}
      aria-pressed={selected}
      aria-label={t('sf.cardLabel', { name: t(`sf.cards.${card}.name`), points: sfCardValue(card, [card]) })}
      aria-describedby={id}
      // Kept focusable when it cannot be selected now, so its text stays readable by keyboard.
      aria-disabled={disabled || undefined}
      onClick={() => { if (longPressed.current) { longPressed.current = false; return; } if (!disabled) onToggle(); }}
      onPointerDown={(e) => {
        if (e.pointerType !== 'touch') return;
        longPressed.current = false;
        cancel();
        timer.current = window.setTimeout(() => { longPressed.current = true; setShown(true); }, 450);
      }}
      onPointerUp={cancel}
      onPointerCancel={cancel}
      onPointerLeave={() => { cancel(); setShown(false); }}
      onBlur={() => setShown(false)}
      onContextMenu={(e) => e.preventDefault()}
    >
      <Face card={card} />
      <span id={id} role="tooltip" className="sf-card-text">{t(`sf.cards.${card}.text`)}</span>
    </button>
  );
}

/** A card shown on the table (not selectable); `value` is its value in a dish when given. */
export function TableCard({ card, value, small }: { card: SfCard; value?: number | undefined; small?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`sf-card sf-card-${card} static${small ? ' small' : ''}`} role="img"
      aria-label={value === undefined ? t(`sf.cards.${card}.name`) : t('sf.cardLabel', { name: t(`sf.cards.${card}.name`), points: value })}
      title={t(`sf.cards.${card}.text`)}>
      <Face card={card} value={value} />
    </span>
  );
}

/** A face-down card. */
export function CardBack({ small }: { small?: boolean }) {
  const { t } = useTranslation();
  return <span className={`sf-card back${small ? ' small' : ''}`} role="img" aria-label={t('sf.cardBack')} />;
}
