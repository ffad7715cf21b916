import { F7_DECK_COUNTS, f7CardCode } from '@parlor/rules';
import { useTranslation } from 'react-i18next';
import { Cite } from '../../learn/Cite.js';
import type { RuleLevel } from '../../learn/rules-content.js';
import { F7_ACTION_CARDS, F7_MODIFIER_CARDS, F7_NUMBER_CARDS } from './card-groups.js';
import { Card as F7Card } from './Card.js';
import { cardLabel } from './text.js';
import './f7.css';

/** One Flip 7 card as the table draws it, in a line of its own. */
function OneCard({ card }: { card: Parameters<typeof F7Card>[0]['card'] }) {
  return <ul className="f7-line learn-one-card"><F7Card card={card} /></ul>;
}

/** Flip 7's cards: the numbers with their counts, the modifiers and the action cards, each with its text (F7-1, F7-8..F7-13). */
export function F7CardGallery({ level }: { level: RuleLevel }) {
  const { t } = useTranslation();
  const sub = (key: string) => (level === 2 ? <h3>{t(key)}</h3> : <h4>{t(key)}</h4>);
  return (
    <div className="f7 learn-f7-cards">
      {sub('learn.f7.cards.numbersTitle')}
      <ul className="learn-f7-numbers" aria-label={t('learn.f7.cards.numbersTitle')}>
        {F7_NUMBER_CARDS.map((c) => (
          <li key={c}>
            <OneCard card={c} />
            <span className="small muted">{t('learn.page.inDeck', { count: F7_DECK_COUNTS[f7CardCode(c)] })}</span>
          </li>
        ))}
      </ul>
      {sub('learn.f7.cards.modifiersTitle')}
      <ul className="learn-cards" aria-label={t('learn.f7.cards.modifiersTitle')}>
        {F7_MODIFIER_CARDS.map((c) => (
          <li key={c} className="learn-card">
            <OneCard card={c} />
            <div className="learn-card-text">
              <strong>{cardLabel(c, t)}</strong>
              <p>{c === 'x2' ? t('learn.f7.cards.x2') : t('learn.f7.cards.plus', { count: Number(c.slice(1)) })} <Cite rules={['F7-13']} /></p>
            </div>
          </li>
        ))}
      </ul>
      {sub('learn.f7.cards.actionsTitle')}
      <ul className="learn-cards" aria-label={t('learn.f7.cards.actionsTitle')}>
        {F7_ACTION_CARDS.map(({ card, rules }) => (
          <li key={card} className="learn-card">
            <OneCard card={card} />
            <div className="learn-card-text">
              <strong>{cardLabel(card, t)}</strong>{' '}
              <span className="small muted">{t('learn.page.inDeck', { count: F7_DECK_COUNTS[f7CardCode(card)] })}</span>
              <p>{t(`learn.f7.cards.${card}`)} <Cite rules={rules} /></p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
