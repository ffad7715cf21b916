import { type ComponentType, Suspense, lazy } from 'react';

export type { AccountSection } from '../account/AccountPage.js';

/**
 * The players' pages and the replay, each a chunk of its own loaded when first opened (the replay
 * folds games with the rules package; the lobby's first load carries none of it). routes.tsx
 * names them; until a page has loaded, its place is a busy placeholder.
 */
function page<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return (props: P) => <Suspense fallback={<div className="page-loading" aria-busy="true" />}><Page {...props} /></Suspense>;
}

export const AccountPage = page(() => import('../account/AccountPage.js').then((m) => m.AccountPage));
export const ProfilePage = page(() => import('../profile/ProfilePage.js').then((m) => m.ProfilePage));
export const GamesPage = page(() => import('../profile/GamesPage.js').then((m) => m.GamesPage));
export const LeaderboardPage = page(() => import('../profile/LeaderboardPage.js').then((m) => m.LeaderboardPage));
export const ReplayPage = page(() => import('./ReplayPage.js').then((m) => m.ReplayPage));

/** A path segment as written in the address (a name with spaces or accents), or as given when it is not valid percent-encoding. */
export function segment(raw: string): string {
  try { return decodeURIComponent(raw); } catch { return raw; }
}
