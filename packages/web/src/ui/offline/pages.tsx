import { type ComponentType, type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStrings, stringsLoaded } from '../../i18n/index.js';

/**
 * The offline pages' words (locales/<lang>/offline.json), waited for when the app loads them on
 * demand (i18n/index.ts ON_DEMAND) rather than with the language; at once otherwise. Loaded, or
 * failed: the page shows either way rather than wait for ever.
 */
function WithOfflineStrings({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [tried, setTried] = useState(false);
  const ready = stringsLoaded('offline');
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadStrings('offline').catch(() => undefined).finally(() => { if (live) setTried(true); });
    return () => { live = false; };
  }, [ready, i18n.language]);
  return ready || tried ? children : <div className="page-loading" aria-busy="true" />;
}

/**
 * The offline pages (issue 14), each a chunk of its own loaded when first opened: the lobby's first
 * load carries none of them. The service worker keeps every chunk, so they open with no network.
 */
function page<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return (props: P) => (
    <WithOfflineStrings>
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}><Page {...props} /></Suspense>
    </WithOfflineStrings>
  );
}

export const OfflinePage = page(() => import('./OfflinePage.js').then((m) => m.OfflinePage));
export const OfflineGamePage = page(() => import('./OfflineGamePage.js').then((m) => m.OfflineGamePage));
export const OfflineReplayPage = page(() => import('./OfflineReplayPage.js').then((m) => m.OfflineReplayPage));
