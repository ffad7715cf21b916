import type { GameId } from '@parlor/rules';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, guidedPath, learnPath } from './Link.js';

// The rules load the first time the panel is opened (and with them the game's "How to play", from its registry entry).
const Rules = lazy(() => import('./Rules.js').then((m) => ({ default: m.Rules })));

/** A table's "How to play" panel: that game's rules, folded until asked for, with links to the full page and the guided game. */
export function TableHelp({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = t(`games.${game}.name`);
  return (
    <details className="panel learn-table-help" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('learn.page.title', { game: name })}</summary>
      {open && (
        <>
          <p className="small">
            <Link to={learnPath(game)}>{t('learn.links.fullPage')}</Link>{' · '}
            <Link to={guidedPath(game)}>{t('learn.guided.title', { game: name })}</Link>
          </p>
          <Suspense fallback={<p className="small muted" aria-busy="true">…</p>}>
            <Rules game={game} level={2} />
          </Suspense>
        </>
      )}
    </details>
  );
}
