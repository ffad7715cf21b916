import type { SfEvent, SfProtein, SfView } from '@parlor/rules';
import { useTranslation } from 'react-i18next';
import { CardBack, TableCard } from './Card.js';

export type Logged<E> = { readonly seq: number; readonly event: E };

/** The cards put down this turn, and the latest taste test and dish shown to everyone. */
export function TableCenter({ view, names, me, claims, lastReveal, lastDish }: {
  view: SfView; names: readonly string[]; me: number | null;
  /** The declared protein of each put-down stack (by index), when known from the log. */
  claims: readonly (SfProtein | null | undefined)[];
  lastReveal: Logged<Extract<SfEvent, { type: 'taste-test' }>> | null;
  lastDish: Logged<Extract<SfEvent, { type: 'cook' }>> | null;
}) {
  const { t } = useTranslation();
  const d = view.declaration;
  return (
    <section className="sf-center panel" aria-label={t('sf.table.title')}>
      <div className="sf-stacks">
        <h2 className="small muted">{t('sf.table.title')}</h2>
        {view.putDown.length === 0 ? <p className="small muted">{t('sf.table.empty')}</p> : (
          <ul>
            {view.putDown.map((p, i) => {
              const pending = d !== null && i === view.putDown.length - 1 && d.declarer === p.by && (p.why === 'pair' || p.why === 'protein');
              const claim = claims[i] ?? (pending ? d.claim : null);
              const label = t(`sf.table.why.${p.why}`, { name: names[p.by], claim: claim ? t(`sf.claims.${claim}`) : '?' });
              return (
                <li key={`${i}-${p.open ? 'o' : 'c'}`} className={`sf-stack${p.open ? ' open' : ''}${pending ? ' pending' : ''}`}>
                  <span className="small">{label}
                    {p.by === me && !p.open && p.cards ? ` ${t('sf.table.yours')}` : ''}</span>
                  <span className="sf-cards-row">
                    {p.open && p.cards
                      ? p.cards.map((c, j) => <TableCard key={j} card={c} small />)
                      : p.cards && p.by === me
                        ? p.cards.map((c, j) => <span key={j} className="sf-own-down"><TableCard card={c} small /></span>)
                        : Array.from({ length: p.count }, (_, j) => <CardBack key={j} small />)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="sf-spotlights">
        {lastReveal && (
          <div key={`r${lastReveal.seq}`} className={`sf-spot sf-reveal ${lastReveal.event.honest ? 'honest' : 'bluff'}`}>
            <h2 className="small muted">{t('sf.table.lastReveal')}</h2>
            <p className="small">{t('sf.table.revealBy', { tester: names[lastReveal.event.tester], declarer: names[lastReveal.event.declarer] })}</p>
            <span className="sf-cards-row">{lastReveal.event.cards.map((c, j) => <span key={j} className="sf-flip"><TableCard card={c} small /></span>)}</span>
            <strong className="sf-verdict">{t(lastReveal.event.honest ? 'sf.table.honest' : 'sf.table.bluff')}</strong>
          </div>
        )}
        {lastDish && (
          <div key={`d${lastDish.seq}`} className="sf-spot sf-dish">
            <h2 className="small muted">{t('sf.table.lastDish')}</h2>
            <p className="small">{t('sf.table.dishBy', { name: names[lastDish.event.player], points: lastDish.event.points })}</p>
            <span className="sf-cards-row">{lastDish.event.cards.map((c, j) => <TableCard key={j} card={c} value={lastDish.event.values[j]} small />)}</span>
          </div>
        )}
      </div>
    </section>
  );
}
