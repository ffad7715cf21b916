import { useTranslation } from 'react-i18next';
import { gamesToSettle, ratingText } from './rating-text.js';
import './account.css';

/**
 * A display rating as players read it: "1512", or "1512?" while provisional, the "?" explained in
 * words to a screen reader and in a tooltip ("still finding its level", and how many rated games
 * it needs when `games` is known). `badge` adds the word "provisional" beside it.
 */
export function RatingFigure({ display, provisional, games, badge = false, className }: {
  display: number; provisional: boolean; games?: number; badge?: boolean; className?: string;
}) {
  const { t } = useTranslation();
  const help = provisional ? provisionalHelp(t, games) : undefined;
  const label = provisional ? t('account.rating.labelProvisional', { rating: display }) : t('account.rating.label', { rating: display });
  return (
    <span className={`rating-display${provisional ? ' is-provisional' : ''}${className ? ` ${className}` : ''}`} title={help}>
      <span aria-hidden="true">{ratingText(display, provisional)}</span>
      <span className="visually-hidden">{label}</span>
      {provisional && badge && <> <span className="badge badge-provisional" aria-hidden="true">{t('account.rating.provisional')}</span></>}
    </span>
  );
}

/** What "provisional" means, with the rated games left to settle when known. */
export function provisionalHelp(t: (key: string, o?: Record<string, unknown>) => string, games?: number): string {
  return games === undefined
    ? t('account.rating.provisionalHelp')
    : t('account.rating.provisionalLeft', { count: Math.max(1, gamesToSettle(games)) });
}
