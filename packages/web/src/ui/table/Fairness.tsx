import type { GameSnapshot } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../../state/store.js';

/** A finished game of a table, as JSON (the fairness export): `game` its number, else the latest finished. */
export function exportHref(tableId: string, invite: string | null, game?: number): string {
  const q = new URLSearchParams();
  if (game !== undefined) q.set('game', String(game));
  if (invite) q.set('invite', invite);
  const query = q.toString();
  return `/tables/${tableId}/export${query === '' ? '' : `?${query}`}`;
}

/** The seed commitment from the start; the seed and a download once the game is over. */
export function Fairness({ table, snapshot }: { table: TableState; snapshot: GameSnapshot }) {
  const { t } = useTranslation();
  const href = exportHref(table.summary.id, table.invite, snapshot.gameNo);
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
