import { GAME_IDS } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import { useApp, useServices } from '../context.js';
import { GameCover } from './Pictures.js';
import { useLobbyFacts, useOnlineBeforeHello } from './online.js';
import { playAgainstBots, quickJoin, usePlayState } from './play.js';

/**
 * What invites play, on the first screen and atop the lobby: each game with its player counts and
 * "Play now against bots", "Join an open table", and how many people are online (once known: from
 * the HTTP API before hello, then the lobby's live count). `name` gives the name to sign in with
 * (the first screen's field), or null when it is not valid yet.
 */
export function PlayPanel({ level, name }: { level: 1 | 2; name?: () => string | null }) {
  const { t } = useTranslation();
  const services = useServices();
  const { online: live } = useLobbyFacts();
  // No hello yet (a first visit): nothing is connected, so the count comes from GET /api/online.
  const early = useOnlineBeforeHello(live === null && services.client.token === null);
  const online = live ?? early;
  const play = usePlayState();
  const connection = useApp((s) => s.connection);
  // The last start found no server: said until the connection the client keeps trying opens.
  const unreachable = play.unreachable && play.task === null && connection !== 'open';
  const H = level === 1 ? 'h1' : 'h2';
  const G = level === 1 ? 'h2' : 'h3';
  const busy = play.task !== null;
  // Signed in already: no name needed. On the first screen, the field's name, if it will do.
  const nameToUse = (): string | null | false => {
    if (name === undefined) return null;
    const n = name();
    return n === null ? false : n;
  };
  const status = play.task?.kind === 'bots' ? t('home.starting') : play.task?.kind === 'join' ? t('home.joining')
    : unreachable ? t('home.unreachable') : play.noTable ? t('home.noOpenTable') : '';
  const toOffline = (e: { preventDefault(): void }) => { e.preventDefault(); services.navigate('/offline'); };
  return (
    <section className="panel play" aria-labelledby="play-title">
      <div className="row spread play-head">
        <H id="play-title">{t('home.title')}</H>
        {online !== null && (
          <p className="online-count"><span className="online-dot" aria-hidden="true" />{t('home.online', { count: online })}</p>
        )}
      </div>
      <ul className="game-cards">
        {GAME_IDS.map((g) => {
          const starting = play.task?.kind === 'bots' && play.task.game === g;
          return (
            <li key={g} className="game-card">
              <GameCover game={g} />
              <G className="game-card-title">{t(`games.${g}.name`)}</G>
              <p className="game-card-players">{t(`games.${g}.players`)}</p>
              <p className="small game-card-blurb">{t(`games.${g}.blurb`)}</p>
              <button type="button" disabled={busy} aria-label={starting ? undefined : t('home.playBotsFor', { game: t(`games.${g}.name`) })}
                onClick={() => { const n = nameToUse(); if (n !== false) void playAgainstBots(services, g, n); }}>
                {starting ? t('home.starting') : t('home.playBots')}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="row quick-join">
        <button type="button" className="secondary" disabled={busy} aria-describedby="quick-join-help"
          onClick={() => { const n = nameToUse(); if (n !== false) void quickJoin(services, n); }}>
          {play.task?.kind === 'join' ? t('home.joining') : t('home.quickJoin')}
        </button>
        <span id="quick-join-help" className="hint">{t('home.quickJoinHelp')}</span>
      </div>
      <p className="small offline-link">
        <a href="/offline" onClick={toOffline}>{t('home.offline')}</a>
        {' '}<span className="hint">{t('home.offlineHelp')}</span>
      </p>
      <p className="play-status" role="status">
        {status}
        {unreachable && <>{' '}<a className="play-offline" href="/offline" onClick={toOffline}>{t('home.playOffline')}</a></>}
      </p>
    </section>
  );
}
