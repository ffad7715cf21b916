import type { PlayedGame } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import { replayHref } from '../../net/api.js';
import { RatedBadge } from '../account/RatedBadge.js';
import { RatingChange } from '../account/RatingChange.js';
import { RatingFigure } from '../account/RatingFigure.js';
import { Link } from './Nav.js';

/** When a game finished, in the reader's language and time zone. */
export function when(iso: string, lang: string): string {
  const d = new Date(iso);
  try { return d.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' }); } catch { return d.toLocaleString(); }
}

/**
 * Finished games, newest first: the game and when, the place among how many, the score, won or not,
 * rated or not (a rated one with the display rating after it and its change), each linking to its replay.
 */
export function GamesList({ games, labelledBy }: { games: readonly PlayedGame[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="games-list" aria-labelledby={labelledBy}>
      {games.map((g) => (
        <li key={`${g.tableId}/${g.gameNo}`} className={g.won ? 'won' : undefined}>
          <div className="games-list-main">
            <Link href={replayHref(g.tableId, g.gameNo)}>{t(`games.${g.game}.name`)} — {t('account.games.replay')}</Link>
            <span className="muted small"><time dateTime={g.finishedAt}>{when(g.finishedAt, i18n.language)}</time></span>
          </div>
          <div className="games-list-facts small">
            <span>{t('account.games.place', { place: g.place, players: g.players })}</span>
            <span>{t('account.games.score', { score: g.score })}</span>
            {g.won && <span className="good">★ {t('account.games.won')}</span>}
            {g.rated && <RatedBadge />}
            {g.ratingChange !== undefined && (
              <span className="games-list-rating">
                <RatingFigure display={g.ratingChange.after} provisional={g.ratingChange.provisional} /> <RatingChange change={g.ratingChange.change} />
              </span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
