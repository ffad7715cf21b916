import { type ComponentType, Suspense, lazy } from 'react';
import { loadStrings } from '../../i18n/index.js';

/**
 * The tournament pages, each a chunk of its own loaded when first opened, their words
 * (`tournament.json`) loaded for them by the shell (App.tsx, `pageStrings`); routes.tsx names them.
 * The lobby's section is a chunk too, loaded with those words after the lobby's first screen,
 * and shows nothing until both are there.
 */
function page<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return (props: P) => <Suspense fallback={<div className="page-loading" aria-busy="true" />}><Page {...props} /></Suspense>;
}

export const TournamentsPage = page(() => import('./TournamentsPage.js').then((m) => m.TournamentsPage));
export const TournamentPage = page(() => import('./TournamentPage.js').then((m) => m.TournamentPage));
export const NewTournamentPage = page(() => import('./NewTournamentPage.js').then((m) => m.NewTournamentPage));

const Section = lazy(async () => {
  const [module] = await Promise.all([import('./LobbySection.js'), loadStrings('tournament').catch(() => undefined)]);
  return module;
});

/** The lobby's tournaments, once their chunk and words have loaded. */
export function LobbyTournaments() {
  return <Suspense fallback={null}><Section /></Suspense>;
}
