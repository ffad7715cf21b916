import type { F7View } from '@parlor/rules';
import { useTranslation } from 'react-i18next';
import { CardLine } from './Card.js';
import { cardLabel } from './text.js';

/**
 * Flip Threes resolving (F7-10): who flips, how many flips are left, the set-aside cards waiting to
 * be given (at the table screen each a Tab stop with its text, Card.tsx) and those given already.
 */
export function FlipThrees({ view, names }: { view: F7View; names: readonly string[] }) {
  const { t } = useTranslation();
  if (view.flipThrees.length === 0) return null;
  return (
    <section className="f7-f3" aria-labelledby="f7-f3-title">
      <h3 id="f7-f3-title">{t('f7.flipThree.title')}</h3>
      {view.flipThrees.map((f, i) => (
        <div key={i} className="f7-f3-item">
          <p>{f.flipping ? t('f7.flipThree.flipping', { name: names[f.receiver], count: f.flipsLeft }) : t('f7.flipThree.waiting', { name: names[f.receiver] })}</p>
          {/* The cards still to give are cards (their text on a long press or focus); those given, words. */}
          {f.setAside.some((_, j) => f.givenTo[j] === undefined) && (
            <CardLine cards={f.setAside.filter((_, j) => f.givenTo[j] === undefined)} busted={false} label={t('f7.flipThree.waiting', { name: names[f.receiver] })} />
          )}
          {f.givenTo.length > 0 && (
            <ul className="f7-given">{f.givenTo.map((to, j) => <li key={j}>{t('f7.flipThree.givenTo', { card: cardLabel(f.setAside[j]!, t), name: names[to] })}</li>)}</ul>
          )}
        </div>
      ))}
    </section>
  );
}
