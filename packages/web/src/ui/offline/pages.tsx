import { type ComponentType, Suspense, lazy } from 'react';
import { WithStrings } from '../WithStrings.js';

/** The offline pages' words (locales/<lang>/offline.json), loaded on demand (i18n/index.ts). */
const OFFLINE_STRINGS = ['offline'] as const;

/**
 * The offline pages (issue 14), each a chunk of its own loaded when first opened: the lobby's first
 * load carries none of them. The service worker keeps every chunk, so they open with no network.
 */
function page<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return (props: P) => (
    <WithStrings files={OFFLINE_STRINGS}>
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}><Page {...props} /></Suspense>
    </WithStrings>
  );
}

export const OfflinePage = page(() => import('./OfflinePage.js').then((m) => m.OfflinePage));
export const OfflineGamePage = page(() => import('./OfflineGamePage.js').then((m) => m.OfflineGamePage));
export const OfflineReplayPage = page(() => import('./OfflineReplayPage.js').then((m) => m.OfflineReplayPage));
