import type { TournamentSummary } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import { tournamentHref } from '../../net/api.js';
import { RatedBadge } from '../account/RatedBadge.js';
import { GameCover } from '../lobby/Pictures.js';
import { Link } from '../profile/Nav.js';
import { useNow } from './live.js';
import { momentText, tickMs, tournamentMoment } from './moment.js';
import './tournament.css';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** The format and its length: "Arena · 30 min", "Swiss · 5 rounds". */
export function formatText(s: Pick<TournamentSummary, 'format' | 'minutes' | 'rounds'>, t: T): string {
  return s.format === 'arena'
    ? t('tournament.format.arenaLength', { minutes: s.minutes ?? 0 })
    : t('tournament.format.swissLength', { count: s.rounds ?? 0 });
}

/** Where the tournament stands, in words that follow the clock (a countdown steps each second). */
export function MomentText({ summary }: { summary: TournamentSummary }) {
  const { t, i18n } = useTranslation();
  const first = tournamentMoment(summary, Date.now());
  const now = useNow(tickMs(first));
  return <>{momentText(tournamentMoment(summary, now), summary.startsAt, t, i18n.language)}</>;
}

/**
 * One tournament in a list (the lobby's, /tournaments): the game's picture and name, the
 * tournament's name (a link to its page), its format, where it stands and how many joined.
 */
export function TournamentRow({ summary: s, headingLevel = 3 }: { summary: TournamentSummary; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation();
  const H = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <li className="tournament-row">
      <GameCover game={s.game} className="choice-cover" />
      <div className="tournament-row-main">
        <H className="tournament-row-name"><Link href={tournamentHref(s.id)}>{s.name}</Link></H>
        <p className="tournament-row-facts">
          <span>{t(`games.${s.game}.name`)}</span>
          <span>{formatText(s, t)}</span>
          <span className="tournament-when"><MomentText summary={s} /></span>
          <span>{t('tournament.players', { count: s.playerCount })}</span>
          {s.rated && <RatedBadge />}
        </p>
      </div>
    </li>
  );
}
