import type { GameSnapshot } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../../state/store.js';

/** The seed commitment from the start; the seed and a download once the game is over. */
export function Fairness({ table, snapshot }: { table: TableState; snapshot: GameSnapshot }) {
  const { t } = useTranslation();
  const href = `/tables/${table.summary.id}/export?game=${snapshot.gameNo}${table.invite ? `&invite=${table.invite}` : ''}`;
  return (
    <details className="panel fairness">
      <summary>{t('table.fairness')}</summary>
      <p className="mono small">{t('table.commitment', { hash: snapshot.commitment })}</p>
      {snapshot.seed !== null && (
        <>
          <p className="mono small">{t('table.seed', { seed: snapshot.seed })}</p>
          <p className="small">{t('table.verify')} <a href={href} download>{t('table.download')}</a></p>
        </>
      )}
    </details>
  );
}
