import type { F7Event, F7ScoreBreakdown } from '@parlor/rules';
import { useTranslation } from 'react-i18next';

export type F7RoundEnd = Extract<F7Event, { type: 'round-end' }>;

/** How a round's score adds up (F7-13), in figures: "12 × 2 + 4 + 15" (numbers, ×2, modifiers, Flip 7 bonus). */
export function scoreFormula(b: F7ScoreBreakdown): string {
  let s = b.x2 ? `${b.numbers} × 2` : `${b.numbers}`;
  if (b.modifiers > 0) s += ` + ${b.modifiers}`;
  if (b.flip7Bonus > 0) s += ` + ${b.flip7Bonus}`;
  return s;
}

/**
 * The last round's scores (from its `round-end` event): each player's points this round and total
 * first — the figures a phone must show — then how the points add up (F7-13). One landmark, named
 * by its heading; the table fits the width of a phone, so nothing scrolls sideways.
 */
export function RoundSummary({ end, names, busted }: { end: F7RoundEnd; names: readonly string[]; busted: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const flip7Name = end.flip7 === null ? '' : (names[end.flip7] ?? '');
  return (
    <section className="panel f7-summary" aria-labelledby="f7-summary-title">
      <h2 id="f7-summary-title">{t('f7.summary.title', { round: end.round })}</h2>
      <p className="hint">{t(`f7.summary.reason.${end.reason}`, { name: flip7Name })}</p>
      <table className="f7-table f7-summary-table">
        <thead>
          <tr>
            <th scope="col">{t('f7.summary.player')}</th>
            <th scope="col">{t('f7.summary.round')}</th>
            <th scope="col">{t('f7.summary.total')}</th>
            <th scope="col" className="f7-formula">{t('f7.summary.breakdown')}</th>
          </tr>
        </thead>
        <tbody>
          {end.breakdown.map((b, seat) => (
            <tr key={seat} className={end.flip7 === seat ? 'is-flip7' : busted.has(seat) ? 'is-busted' : ''}>
              <th scope="row">{names[seat]}</th>
              <td className="f7-strong">{b.total}</td>
              <td>{end.scores[seat]}</td>
              <td className="f7-formula">{busted.has(seat) ? t('f7.summary.busted') : scoreFormula(b)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint small">{t('f7.summary.breakdown')}: {t('f7.summary.formula')}</p>
    </section>
  );
}
