import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clearAnnouncements, useAnnouncements } from './announcer.js';

/** True inside a page that has its regions already (the table page, from before a game starts). */
export const LiveRegionsPresent = createContext(false);

/**
 * The table's two live regions (announcer.ts), hidden from sight: a polite log of the game's
 * events and an assertive line for what asks the player now. The table page has them from its
 * first picture, so that what is said into them later is heard; a game shown elsewhere (offline,
 * a guided game) brings its own (`GameLiveRegions`).
 */
export function LiveRegions() {
  const { t, i18n } = useTranslation();
  const said = useAnnouncements();
  useEffect(() => clearAnnouncements, []);
  // What was said in one language leaves the regions when the page changes language: it was heard
  // already, and would otherwise stay there, in the other language, for anyone reading them.
  useEffect(() => {
    i18n.on('languageChanged', clearAnnouncements);
    return () => { i18n.off('languageChanged', clearAnnouncements); };
  }, [i18n]);
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

/** The regions for a game screen, unless its page has them already (LiveRegionsPresent). */
export function GameLiveRegions() {
  return useContext(LiveRegionsPresent) ? null : <LiveRegions />;
}
