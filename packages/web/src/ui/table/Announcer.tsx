import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clearAnnouncements, useAnnouncements } from './announcer.js';

/**
 * The table's two live regions (announcer.ts), hidden from sight: a polite log of the game's
 * events and an assertive line for what asks the player now. They are on the page from the
 * table's first picture, so that what is said into them later is heard.
 */
export function Announcer() {
  const { t } = useTranslation();
  const said = useAnnouncements();
  useEffect(() => clearAnnouncements, []);
  const polite = said.filter((a) => a.urgency === 'polite');
  const urgent = said.filter((a) => a.urgency === 'assertive').slice(-1);
  return (
    <div className="visually-hidden">
      <div role="log" aria-live="polite" aria-label={t('reader.events')}>
        {polite.map((a) => <p key={a.id}>{a.text}</p>)}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" aria-label={t('reader.urgent')}>
        {urgent.map((a) => <p key={a.id}>{a.text}</p>)}
      </div>
    </div>
  );
}
