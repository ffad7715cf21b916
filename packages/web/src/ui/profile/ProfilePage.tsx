import { GAME_IDS, type GameId, type PlayerProfile, type RatingMode } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, leaderboardHref } from '../../net/api.js';
import { AccountBadge } from '../account/AccountBadge.js';
import { BotBadge } from '../account/BotBadge.js';
import { LazyAvatar as Avatar } from '../avatars/LazyAvatar.js';
import { ApiErrorText } from '../account/ApiErrorText.js';
import { RatingChange } from '../account/RatingChange.js';
import { RatingFigure } from '../account/RatingFigure.js';
import { gamesToSettle } from '../account/rating-text.js';
import { useApp, useServices } from '../context.js';
import { ReportButton } from '../moderation/ReportDialog.js';
import { ProfileActions } from '../friends/ProfileActions.js';
import { GamesList } from './GamesList.js';
import { Link, Nav } from './Nav.js';
import { RatingChart } from './RatingChart.js';
import { ReputationPanel } from '../reputation/ReputationPanel.js';
import './profile.css';

type Loaded =
  | { readonly state: 'loading' }
  | { readonly state: 'refused'; readonly code: string; readonly retryAfter: number | null }
  | { readonly state: 'ready'; readonly profile: PlayerProfile };

const num = (x: number, lang: string) => x.toLocaleString(lang, { maximumFractionDigits: 1 });

/**
 * `/players/<name>`: an account's profile — its rating in each game with the history as a chart,
 * games played and won, lifetime statistics (the server sums each game's), and the recent games,
 * each linking to its replay. With this browser's token, its own private games are among them.
 */
export function ProfilePage({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const me = useApp((s) => s.player);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    void api.profile(name, client.token).then((r) => {
      if (live) setLoaded(r.ok ? { state: 'ready', profile: r.value } : { state: 'refused', code: r.code, retryAfter: r.retryAfter });
    });
    return () => { live = false; };
  }, [name, client]);

  if (loaded.state !== 'ready') {
    return (
      <div className="profile-page">
        <Nav />
        {loaded.state === 'loading'
          ? <p className="panel" role="status">{t('account.loading')}</p>
          : <section className="panel" role="alert"><h1>{name}</h1><p><ApiErrorText code={loaded.code} retryAfter={loaded.retryAfter} /></p></section>}
      </div>
    );
  }
  const p = loaded.profile;
  const lang = i18n.language;
  const rated = GAME_IDS.filter((g) => p.ratings[g] !== undefined);
  // An older server sends no turn-based ratings.
  const turnRated = GAME_IDS.filter((g) => p.turnBasedRatings?.[g] !== undefined);
  const played = GAME_IDS.filter((g) => p.games[g] !== undefined);
  const mine = me !== null && me.name.toLocaleLowerCase() === p.name.toLocaleLowerCase();
  return (
    <div className="profile-page">
      <Nav />
      <header className="profile-head">
        {/* An older server sends no id: no pattern to draw. */}
        {typeof p.id === 'string' && <Avatar player={p} size="xl" className="profile-avatar" />}
        <h1>{p.name} <AccountBadge />{p.bot === true && <> <BotBadge /></>}{mine && <span className="muted small"> ({t('table.you')})</span>}</h1>
        <p className="muted small">{t('account.profile.since', { date: new Date(p.since).toLocaleDateString(lang, { dateStyle: 'long' }) })}</p>
        {/* A report from a profile carries no table: the server keeps the player's own last lines. */}
        {typeof p.id === 'string' && <ReportButton target={{ playerId: p.id, name: p.name }} />}
        {/* Friends and blocking: for another's profile, with a signed-in player (a guest is pointed to claiming a name). */}
        {me !== null && !mine && <ProfileActions name={p.name} bot={p.bot === true} />}
      </header>
      {/* An older server sends no reputation. */}
      {p.reputation !== undefined && <ReputationPanel reputation={p.reputation} />}

      <section className="panel" aria-labelledby="ratings-h">
        <h2 id="ratings-h">{t('account.profile.ratings')}</h2>
        {rated.length === 0 ? <p className="hint">{t('account.profile.noRatings')}</p> : <RatingCards ratings={p.ratings} games={rated} mode="live" />}
        <p className="hint">{t('account.profile.ratingHint')}</p>
      </section>

      {/* Turn-based games are rated apart from real-time ones (docs/api.md, "Ratings"): shown where there are any. */}
      {turnRated.length > 0 && (
        <section className="panel" aria-labelledby="turn-ratings-h">
          <h2 id="turn-ratings-h">{t('account.profile.turnRatings')}</h2>
          <RatingCards ratings={p.turnBasedRatings ?? {}} games={turnRated} mode="turn-based" />
          <p className="hint">{t('account.profile.turnRatingsHint')}</p>
        </section>
      )}

      <section className="panel" aria-labelledby="lifetime-h">
        <h2 id="lifetime-h">{t('account.profile.lifetime')}</h2>
        {played.length === 0 ? <p className="hint">{t('account.profile.noGames')}</p> : (
          <div className="lifetime">
            {played.map((g) => {
              const x = p.games[g]!;
              return (
                <section key={g} className="lifetime-game" aria-labelledby={`life-${g}`}>
                  <h3 id={`life-${g}`}>{t(`games.${g}.name`)}</h3>
                  <dl className="stat-list">
                    <div><dt>{t('account.profile.played')}</dt><dd>{x.played}</dd></div>
                    <div><dt>{t('account.profile.wins')}</dt><dd>{x.wins}</dd></div>
                    {Object.entries(x.stats).map(([k, v]) => (
                      <div key={k}><dt>{t(`account.profile.stats.${g}.${k}`, { defaultValue: k })}</dt><dd>{num(v, lang)}</dd></div>
                    ))}
                  </dl>
                </section>
              );
            })}
          </div>
        )}
        <p className="hint">{t('account.profile.lifetimeHint')}</p>
      </section>

      <section className="panel" aria-labelledby="recent-h">
        <h2 id="recent-h">{t('account.profile.recent')}</h2>
        {p.recent.length === 0 ? <p className="hint">{t('account.profile.noGames')}</p> : <GamesList games={p.recent} labelledBy="recent-h" />}
        <p className="small"><Link href={`/players/${encodeURIComponent(p.name)}/games`}>{t('account.profile.allGames')}</Link></p>
      </section>
    </div>
  );
}

/** A profile's rating cards, one per game rated at this pace (`mode`): the figure, its last change, the chart, the board. */
function RatingCards({ ratings, games, mode }: { ratings: PlayerProfile['ratings']; games: readonly GameId[]; mode: RatingMode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <ul className="rating-cards">
      {games.map((g) => {
        const r = ratings[g]!;
        const last = r.history.at(-1);
        return (
          <li key={g} className="rating-card">
            <h3>{t(`games.${g}.name`)}</h3>
            <p className="rating-figure">
              <RatingFigure className="rating-value" display={r.display} provisional={r.provisional} games={r.games} badge />
              {last !== undefined && <span className="small">{t('account.profile.lastChange')} <RatingChange change={last.change} /></span>}
              <span className="muted small"> {t('account.profile.muSigma', { mu: num(r.mu, lang), sigma: num(r.sigma, lang) })}</span>
            </p>
            {r.provisional && <p className="small provisional-note">{t('account.rating.provisionalLeft', { count: Math.max(1, gamesToSettle(r.games)) })}</p>}
            <p className="small">{t('account.profile.ratedGames', { count: r.games, wins: r.wins })}</p>
            <RatingChart history={r.history} game={mode === 'live' ? t(`games.${g}.name`) : `${t(`games.${g}.name`)} (${t('create.modeTurn')})`} />
            <p className="small"><Link href={leaderboardHref(g, mode)}>{t('account.profile.leaderboard')}</Link></p>
          </li>
        );
      })}
    </ul>
  );
}
