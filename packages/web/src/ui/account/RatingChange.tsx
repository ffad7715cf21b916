import { useTranslation } from 'react-i18next';
import { changeText, changeWay } from './rating-text.js';
import './account.css';

/** A game's change to a display rating: "+14" / "−6" / "±0", coloured by its way, said in words to a screen reader. */
export function RatingChange({ change }: { change: number }) {
  const { t } = useTranslation();
  const way = changeWay(change);
  const n = Math.abs(Math.round(change));
  return (
    <span className={`rating-change rating-${way}`}>
      <span aria-hidden="true">{changeText(change)}</span>
      <span className="visually-hidden">{way === 'same' ? t('account.rating.same') : t(`account.rating.${way}`, { count: n })}</span>
    </span>
  );
}
