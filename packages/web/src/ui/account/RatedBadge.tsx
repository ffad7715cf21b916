import { useTranslation } from 'react-i18next';
import './account.css';

/** The mark of a rated table or game (its games change the players' ratings, docs/api.md "Ratings"). */
export function RatedBadge() {
  const { t } = useTranslation();
  return <span className="badge badge-rated" title={t('account.rated.badgeHelp')}>{t('account.rated.badge')}</span>;
}
