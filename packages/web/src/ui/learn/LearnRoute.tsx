import { GAME_IDS, isGameId } from '@parlor/rules/catalog';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, learnPath } from './Link.js';

// The pages are chunks of their own, loaded when one is opened (the lobby's first load stays small).
const RulesPage = lazy(() => import('./RulesPage.js').then((m) => ({ default: m.RulesPage })));
const GuidedPage = lazy(() => import('./GuidedPage.js').then((m) => ({ default: m.GuidedPage })));

/**
 * `/learn/<game>` (how to play) and `/learn/<game>/guided` (the guided first game); routes.tsx has
 * one line for each. An unknown game gets the list of the games there are.
 */
export function LearnRoute({ game, page }: { game: string; page: 'rules' | 'guided' }) {
  const { t } = useTranslation();
  if (!isGameId(game)) {
    return (
      <section className="panel" role="alert">
        <p>{t('learn.page.unknown')}</p>
        <ul>{GAME_IDS.map((id) => <li key={id}><Link to={learnPath(id)}>{t('learn.page.title', { game: t(`games.${id}.name`) })}</Link></li>)}</ul>
      </section>
    );
  }
  return (
    <Suspense fallback={<div className="learn-page" aria-busy="true" />}>
      {/* A key per game and page: switching games starts afresh (a new lesson, the top of the page). */}
      {page === 'rules' ? <RulesPage key={`r-${game}`} game={game} /> : <GuidedPage key={`g-${game}`} game={game} />}
    </Suspense>
  );
}
