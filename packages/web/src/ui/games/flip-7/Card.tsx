import { f7CardCode, f7CardKind, type F7CardName } from '@parlor/rules';
import { useTranslation } from 'react-i18next';
import { cardLabel, cardSpoken } from './text.js';

const ICONS: Partial<Record<F7CardName, string>> = { 'freeze': '❄', 'flip-three': '③', 'second-chance': '♥' };

/** One card, face up, as a list item: a big label for the eye, the spoken name for screen readers. */
export function Card({ card, repeated = false }: { card: F7CardName; repeated?: boolean }) {
  const { t } = useTranslation();
  const kind = f7CardKind(f7CardCode(card));
  const label = cardLabel(card, t);
  const icon = ICONS[card];
  const help = kind === 'action' ? t(`f7.cardHelp.${card}`) : undefined;
  return (
    <li className={`f7-card f7-${kind} f7-c-${card.replace('+', 'p')}${repeated ? ' is-repeated' : ''}`} title={help}>
      <span aria-hidden="true" className="f7-card-face">
        {icon !== undefined && <span className="f7-card-icon">{icon}</span>}
        <span className="f7-card-label">{label}</span>
      </span>
      <span className="visually-hidden">{cardSpoken(card, t)}{repeated ? ` (${t('f7.line.bustCard')})` : ''}</span>
    </li>
  );
}

/** A player's line: numbers, then modifiers, then action cards, each in the order they came. */
export function CardLine({ cards, busted, label, round = 0 }: { cards: readonly F7CardName[]; busted: boolean; label: string; round?: number }) {
  const { t } = useTranslation();
  if (cards.length === 0) return <p className="f7-line f7-line-empty">{t('f7.line.empty')}</p>;
  const seen = new Map<F7CardName, number>();
  const items = cards.map((card, i) => {
    const n = (seen.get(card) ?? 0) + 1;
    seen.set(card, n);
    const kind = f7CardKind(f7CardCode(card));
    // A busted line holds its repeated number twice (F7-6): mark the second one.
    return { card, key: `${round}:${card}#${n}`, order: kind === 'number' ? 0 : kind === 'modifier' ? 1 : 2, i, repeated: busted && kind === 'number' && n === 2 };
  });
  items.sort((a, b) => a.order - b.order || a.i - b.i);
  return (
    <ul className="f7-line" aria-label={label}>
      {items.map((x) => <Card key={x.key} card={x.card} repeated={x.repeated} />)}
    </ul>
  );
}
