import type { TableSummary } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import { tournamentHref } from '../../net/api.js';
import { useServices } from '../context.js';
import { Link } from '../profile/Nav.js';
import { useTournamentWatch } from './live.js';

type Tournament = NonNullable<TableSummary['tournament']>;

/**
 * On a tournament's table: "Tournament: <name>", a link back to its page; and a watch of the
 * tournament, so that when it seats you at your next table (`tournament.paired`) the page goes there.
 */
export function TournamentLine({ tournament, tableId }: { tournament: Tournament; tableId: string }) {
  const { t } = useTranslation();
  const { navigate } = useServices();
  useTournamentWatch(tournament.id, null, { onPaired: (next) => { if (next !== tableId) navigate(`/t/${next}`); } });
  return (
    <p className="small table-tournament">
      {t('table.tournament')} <Link href={tournamentHref(tournament.id)}>{tournament.name}</Link>
    </p>
  );
}

/** The end screen's way back to the tournament, where "Play again" is at other tables. */
export function BackToTournament({ tournament, className }: { tournament: Tournament; className: string }) {
  const { t } = useTranslation();
  const { navigate } = useServices();
  return <button type="button" className={className} onClick={() => navigate(tournamentHref(tournament.id))}>{t('table.backToTournament')}</button>;
}
