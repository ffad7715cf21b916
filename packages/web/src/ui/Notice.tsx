import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useServices } from './context.js';

/** The server's last refusal, in the player's language (by code), for a few seconds; a button closes it. */
export function Notice() {
  const { t } = useTranslation();
  const notice = useApp((s) => s.notice);
  const { store } = useServices();
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(store.clearNotice, 5000);
    return () => clearTimeout(timer);
  }, [notice, store]);
  if (notice === null) return null;
  return (
    <div className="notice" role="alert">
      {t(`errors.${notice.code}`, { defaultValue: notice.message })}
      <button type="button" aria-label={t('app.dismiss')} onClick={store.clearNotice}><span aria-hidden="true">×</span></button>
    </div>
  );
}
