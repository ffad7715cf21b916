import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '../i18n/index.js';
import type { ParlorClient } from '../net/client.js';
import type { Store } from '../state/store.js';
import { ServicesContext, useApp, useServices } from './context.js';
import { NameForm } from './lobby/NameForm.js';
import { Notice } from './Notice.js';
import { page } from './routes.js';

/** The current path, and a way to go elsewhere without reloading (routes.tsx says what each shows). */
function usePath(): [string, (p: string) => void] {
  const [path, setPath] = useState(() => window.location.pathname + window.location.search);
  useEffect(() => {
    const on = () => setPath(window.location.pathname + window.location.search);
    window.addEventListener('popstate', on);
    return () => window.removeEventListener('popstate', on);
  }, []);
  const navigate = useCallback((p: string) => { window.history.pushState(null, '', p); setPath(p); }, []);
  return [path, navigate];
}

export function App({ client, store }: { client: ParlorClient; store: Store }) {
  const [path, navigate] = usePath();
  const services = useMemo(() => ({ client, store, navigate }), [client, store, navigate]);
  return (
    <ServicesContext.Provider value={services}>
      <Shell path={path} />
    </ServicesContext.Provider>
  );
}

function Shell({ path }: { path: string }) {
  const { t } = useTranslation();
  const player = useApp((s) => s.player);
  const { client } = useServices();
  const url = new URL(path, window.location.origin);
  const needsName = player === null && client.token === null;
  return (
    <>
      <a className="skip" href="#main">{t('app.skip')}</a>
      <Header />
      <Notice />
      <main id="main">
        {needsName ? <NameForm /> : page(url)}
      </main>
    </>
  );
}

function Header() {
  const { t, i18n } = useTranslation();
  const { navigate } = useServices();
  const player = useApp((s) => s.player);
  const connection = useApp((s) => s.connection);
  return (
    <header className="top">
      <a className="brand" href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" className="logo">
          <path d="M3 21 L15 3 M8 21 L20 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" />
        </svg> {t('app.name')}
      </a>
      <span className={`conn conn-${connection}`} role="status">{t(`app.connection.${connection}`)}</span>
      {player && <span className="who">{player.name}</span>}
      <label className="lang">
        <span className="visually-hidden">{t('app.language')}</span>
        <select aria-label={t('app.language')} value={i18n.language} onChange={(e) => void setLanguage(e.target.value as Language)}>
          {LANGUAGES.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
        </select>
      </label>
    </header>
  );
}
