import { SF_BASE_COUNTS, SF_CARDS } from '@parlor/rules';
import { useTranslation } from 'react-i18next';
import { Cite } from '../../learn/Cite.js';
import type { RuleLevel } from '../../learn/rules-content.js';
import { TableCard } from './Card.js';
import './sf.css';

/** Every Stir Fry Eighteen card: its picture (the table's own card), how many the deck holds, its text (SF-1..SF-3, SF-30). */
export function SfCardGallery(_props: { level: RuleLevel }) {
  const { t } = useTranslation();
  return (
    <ul className="learn-cards sf" aria-label={t('learn.page.cardsLabel')}>
      {SF_CARDS.map((c) => (
        <li key={c} className="learn-card">
          <TableCard card={c} textBeside />
          <div className="learn-card-text">
            <strong>{t(`sf.cards.${c}.name`)}</strong>{' '}
            <span className="small muted">{c === 'tofu' ? t('learn.sf.promo') : t('learn.page.inDeck', { count: SF_BASE_COUNTS[c] })}</span>
            <p>{t(`sf.cards.${c}.text`)} <Cite rules={c === 'tofu' ? ['SF-2', 'SF-30'] : ['SF-2']} /></p>
          </div>
        </li>
      ))}
    </ul>
  );
}
