import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { updateWatch } from '../offline/update.js';

const never = () => () => {};
const notReady = () => false;

/** "A new version of Parlor is ready": Reload, or Later (offline/update.ts). */
export function UpdateNote() {
  const { t } = useTranslation();
  const ready = useSyncExternalStore(updateWatch?.subscribe ?? never, updateWatch?.ready ?? notReady);
  const [later, setLater] = useState(false);
  if (!ready || later) return null;
  return (
    <div className="update-note" role="status">
      <span>{t('app.update.ready')}</span>
      <button type="button" onClick={() => window.location.reload()}>{t('app.update.reload')}</button>
      <button type="button" className="secondary" onClick={() => setLater(true)}>{t('app.update.later')}</button>
    </div>
  );
}
