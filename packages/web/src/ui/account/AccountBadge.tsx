import { useTranslation } from 'react-i18next';
import './account.css';

/**
 * The mark of an account beside its name (seats, chat, profiles): a registered name, theirs alone,
 * so that a guest with a similar name is told apart. Its text is its accessible name.
 */
export function AccountBadge() {
  const { t } = useTranslation();
  return <span className="badge badge-account" title={t('account.badge.help')}>{t('account.badge.label')}</span>;
}
