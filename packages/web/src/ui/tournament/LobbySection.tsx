import type { TournamentSummary } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../net/api.js';
import { Link } from '../profile/Nav.js';
import { TournamentRow } from './Facts.js';

/** How many of each the lobby shows: the running ones, then the next to start. */
const SHOWN = 3;
/** The lobby's list is read again this often while it shows (a tournament starts, players join). */
const REFRESH_MS = 60_000;

/**
 * The lobby's tournaments (a chunk of its own, with its words, loaded after the lobby's first
 * screen): a few running and upcoming ones, with the way to all of them and to making one.
 */
export default function LobbySection() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<TournamentSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    const read = async () => {
      const [running, upcoming] = await Promise.all([api.tournaments('running', null, SHOWN), api.tournaments('upcoming', null, SHOWN)]);
      if (!live) return;
      // Nothing to show when neither list came: the section still offers the pages.
      setShown([...(running.ok ? running.value.tournaments : []), ...(upcoming.ok ? upcoming.value.tournaments : [])]);
    };
    void read();
    const timer = setInterval(() => void read(), REFRESH_MS);
    return () => { live = false; clearInterval(timer); };
  }, []);
  return (
    <section className="panel lobby-tournaments" aria-labelledby="lobby-tournaments-title">
      <div className="row spread">
        <h2 id="lobby-tournaments-title">{t('tournament.lobby.title')}</h2>
        <p className="row tournament-links">
          <Link href="/tournaments">{t('tournament.lobby.all')}</Link>
          <Link href="/tournaments/new">{t('tournament.lobby.create')}</Link>
        </p>
      </div>
      {shown !== null && shown.length === 0 && <p className="hint">{t('tournament.lobby.none')}</p>}
      {shown !== null && shown.length > 0 && (
        <ul className="tournament-list">
          {shown.map((s) => <TournamentRow key={s.id} summary={s} />)}
        </ul>
      )}
    </section>
  );
}
