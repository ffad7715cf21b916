import type { F7Event } from '@parlor/rules';
import { useTranslation } from 'react-i18next';

export type F7RoundEnd = Extract<F7Event, { type: 'round-end' }>;

/** The last round's scores, each broken down as F7-13 adds them up (from the `round-end` event). */
export function RoundSummary({ end, names, busted }: { end: F7RoundEnd; names: readonly string[]; busted: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const flip7Name = end.flip7 === null ? '' : (names[end.flip7] ?? '');
  return (
    <section className="panel f7-summary" aria-labelledby="f7-summary-title">
      <h2 id="f7-summary-title">{t('f7.summary.title', { round: end.round })}</h2>
      <p className="hint">{t(`f7.summary.reason.${end.reason}`, { name: flip7Name })} {t('f7.summary.formula')}</p>
      <div className="f7-table-scroll" tabIndex={0} role="region" aria-labelledby="f7-summary-title">
        <table className="f7-table">
          <thead>
            <tr>
              <th scope="col">{t('f7.summary.player')}</th>
              <th scope="col">{t('f7.summary.numbers')}</th>
              <th scope="col">{t('f7.summary.x2')}</th>
              <th scope="col">{t('f7.summary.modifiers')}</th>
              <th scope="col">{t('f7.summary.bonus')}</th>
              <th scope="col">{t('f7.summary.round')}</th>
              <th scope="col">{t('f7.summary.total')}</th>
            </tr>
          </thead>
          <tbody>
            {end.breakdown.map((b, seat) => (
              <tr key={seat} className={end.flip7 === seat ? 'is-flip7' : busted.has(seat) ? 'is-busted' : ''}>
                <th scope="row">{names[seat]}</th>
                {busted.has(seat)
                  ? <td colSpan={4} className="f7-busted-cell">{t('f7.summary.busted')}</td>
                  : (
                    <>
                      <td>{b.numbers}</td>
                      <td>{b.x2 ? t('f7.summary.yes') : t('f7.summary.no')}</td>
                      <td>{b.modifiers > 0 ? `+${b.modifiers}` : t('f7.summary.no')}</td>
                      <td>{b.flip7Bonus > 0 ? `+${b.flip7Bonus}` : t('f7.summary.no')}</td>
                    </>
                  )}
                <td className="f7-strong">{b.total}</td>
                <td>{end.scores[seat]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
