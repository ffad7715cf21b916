import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OfflineRecord, exportOf } from '../../offline/record.js';
import { offlineGames } from '../../offline/storage.js';
import { Link } from '../learn/Link.js';
import { useTitle } from '../learn/useTitle.js';
import { useStrings } from '../WithStrings.js';
import { foldExport } from '../replay/fold.js';
import { Viewer } from '../replay/ReplayPage.js';
import { DownloadButton, OFFLINE_PATH, offlineGamePath } from './common.js';
import { Missing } from './OfflineGamePage.js';
import './offline.css';

const REPLAY_STRINGS = ['replay'] as const;

type Loaded = { readonly state: 'loading' } | { readonly state: 'missing' } | { readonly state: 'ready'; readonly record: OfflineRecord };

/**
 * `/offline/<id>/replay`: a finished offline game, step by step — its export (the server's format)
 * folded with the rules exactly as `parlor verify` does, shown by the replay page's viewer in its
 * local mode (no table to go back to, no link to share: the game is only in this browser).
 */
export function OfflineReplayPage({ id, at }: { id: string; at: string | null }) {
  const { t } = useTranslation();
  useTitle(`${t('offline.replayTitle')} — ${t('app.name')}`);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  // The replay's words (replay.json) load on demand (the app loads them itself only under /games/).
  const strings = useStrings(REPLAY_STRINGS);
  useEffect(() => {
    let live = true;
    offlineGames.get(id).then(
      (record) => { if (live) setLoaded(record === null ? { state: 'missing' } : { state: 'ready', record }); },
      () => { if (live) setLoaded({ state: 'missing' }); });
    return () => { live = false; };
  }, [id]);
  const record = loaded.state === 'ready' ? loaded.record : null;
  const exp = useMemo(() => (record === null ? null : exportOf(record)), [record]);
  const folded = useMemo(() => (exp === null ? null : foldExport(exp)), [exp]);

  if (loaded.state === 'missing') return <Missing />;
  if (loaded.state === 'loading' || !strings) return <div className="offline-page" aria-busy="true"><p role="status" className="muted">{t('offline.loading')}</p></div>;
  const nav = <nav className="learn-nav row"><Link to={OFFLINE_PATH}>← {t('offline.back')}</Link></nav>;
  if (exp === null || folded === null) {
    // Not over yet: its seed is still secret, so there is nothing to replay.
    return (
      <div className="offline-page">
        {nav}
        <section className="panel" role="alert">
          <h1>{t('offline.notOver')}</h1>
          <p><Link to={offlineGamePath(id)}>{t('offline.resume')}</Link></p>
        </section>
      </div>
    );
  }
  if (folded.game === null) {
    return <div className="offline-page">{nav}<p className="panel bad" role="alert">{t('replay.problem.format')}</p></div>;
  }
  return (
    <div className="replay-page offline-replay">
      {nav}
      <Viewer exp={exp} replay={folded} atParam={at} invite={null}
        local={{ subtitle: t('offline.replaySubtitle'), href: offlineGamePath(id), label: t('offline.toGame') }} />
      <p className="row offline-replay-download"><DownloadButton record={loaded.record} /> <span className="hint">{t('offline.verify')}</span></p>
    </div>
  );
}
