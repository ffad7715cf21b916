import type { GameAction } from '@parlor/protocol';
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStrings } from '../../i18n/index.js';
import { workerChannel } from '../../offline/channel.js';
import { HUMAN, type OfflineRecord, RANDOM_BYTES, exportOf, newRecord, setupOf } from '../../offline/record.js';
import type { OfflineTiming } from '../../offline/messages.js';
import { OfflineSession, type SessionState } from '../../offline/session.js';
import { offlineGames } from '../../offline/storage.js';
import { localTable } from '../../state/local-table.js';
import { type Pace, holdMs, useSettings } from '../../state/settings.js';
import { useServices } from '../context.js';
import { GAME_SCREENS } from '../games/registry.js';
import { Link } from '../learn/Link.js';
import { useTitle } from '../learn/useTitle.js';
import { useTurnCues } from '../settings/cues.js';
import type { GameProps } from '../table/game-props.js';
import { DownloadButton, OFFLINE_PATH, offlineGamePath, offlineReplayPath, seatNames, winnersText } from './common.js';
import './offline.css';

/** The post-game coach (ui/coach) with its words (coach.json), loaded only when a finished game shows it. */
const CoachPanel = lazy(async () => {
  const [module] = await Promise.all([import('../coach/CoachPanel.js'), loadStrings('coach').catch(() => undefined)]);
  return { default: module.CoachPanel };
});

type Loaded = { readonly state: 'loading' } | { readonly state: 'missing' } | { readonly state: 'ready'; readonly record: OfflineRecord };

/**
 * `/offline/<id>`: an offline game, read from IndexedDB (a new one, or one to resume after a
 * reload) and played with the game's own screen (GAME_SCREENS), fed like a server's table
 * (state/local-table.ts) from the session (src/offline/session.ts), whose game runs on the table
 * core in the Web Worker.
 */
export function OfflineGamePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    offlineGames.get(id).then(
      (record) => { if (live) setLoaded(record === null ? { state: 'missing' } : { state: 'ready', record }); },
      () => { if (live) setLoaded({ state: 'missing' }); });
    return () => { live = false; };
  }, [id]);
  if (loaded.state === 'loading') return <div className="offline-page" aria-busy="true"><p role="status" className="muted">{t('offline.loading')}</p></div>;
  if (loaded.state === 'missing') return <Missing />;
  return <OfflineGame key={loaded.record.id} record={loaded.record} />;
}

/** No game of that id in this browser (another browser's, or deleted). */
export function Missing() {
  const { t } = useTranslation();
  return (
    <div className="offline-page">
      <nav className="learn-nav row"><Link to={OFFLINE_PATH}>← {t('offline.back')}</Link></nav>
      <section className="panel" role="alert">
        <h1>{t('offline.missing')}</h1>
        <p>{t('offline.missingText')}</p>
      </section>
    </div>
  );
}

/**
 * The offline table's clocks at the chosen pace: a bot takes a human-like moment, half to all of
 * the pace's hold of a declaration (the table core takes longer in a response window, never past
 * what is left of it); the response window lasts the seconds chosen for the game.
 */
function timingOf(pace: Pace): OfflineTiming {
  const base = holdMs('declare', pace);
  return { botDelayMs: [Math.round(base / 2), base], timerScale: 1 };
}

function OfflineGame({ record: opened }: { record: OfflineRecord }) {
  const { t, i18n } = useTranslation();
  const { navigate } = useServices();
  const { pace } = useSettings();
  const paceNow = useRef(pace);
  paceNow.current = pace;
  const [state, setState] = useState<SessionState | null>(null);
  const session = useRef<OfflineSession | null>(null);

  useEffect(() => {
    const s = new OfflineSession(workerChannel(), timingOf(paceNow.current));
    session.current = s;
    const off = s.subscribe(() => setState(s.get()));
    void s.open(opened).then(() => setState(s.get()));
    return () => { off(); void s.close(); if (session.current === s) session.current = null; };
  }, [opened]);
  useEffect(() => { session.current?.retime(timingOf(pace)); }, [pace]);

  const record = state?.record ?? opened;
  const snapshot = state?.snapshot ?? null;
  const names = useMemo(() => seatNames(record, t), [record, t]);
  const table = useMemo(() => (snapshot === null ? undefined : localTable({
    id: record.id, game: record.game, options: record.options, names, person: HUMAN, personId: 'offline-person',
    level: (seat) => record.seats[seat]?.level ?? 'basic', responseWindow: record.windowSeconds,
    snapshot, log: state?.log ?? [], createdAt: record.startedAt,
  })), [record, names, snapshot, state?.log]);
  useTurnCues(table);
  const gameName = t(`games.${record.game}.name`);
  useTitle(`${t('offline.gameTitle', { game: gameName })} — ${t('app.name')}`);

  const act = async (action: GameAction): Promise<boolean> => (await session.current?.act(action)) ?? false;
  const again = async () => {
    const next = newRecord(setupOf(record), crypto.getRandomValues(new Uint8Array(RANDOM_BYTES)), new Date());
    await offlineGames.put(next);
    navigate(offlineGamePath(next.id));
    window.scrollTo(0, 0);
  };

  const Screen = GAME_SCREENS[record.game];
  // Over once the end is stored and the final position shown (the record is stored, and so reaches
  // the page, just before the move that ended the game is shown).
  const over = record.finishedAt !== null && snapshot?.outcome !== null;
  const props: GameProps | null = table === undefined || snapshot === null ? null : { table, snapshot, names, act };
  const level = record.seats.find((s) => s.kind === 'bot')?.level ?? 'basic';
  // The finished game's export, for the coach (as a server game's end screen gives it).
  const exported = useMemo(() => exportOf(record), [record]);

  return (
    <div className="offline-page offline-game-page">
      <nav className="learn-nav row"><Link to={OFFLINE_PATH}>← {t('offline.back')}</Link></nav>
      <h1>{t('offline.gameTitle', { game: gameName })}</h1>
      <p className="muted small">{t('offline.against', { count: record.players - 1, level: t(`table.botLevel.${level}`) })} · {t('offline.keptHere')}</p>
      {state?.problem != null && <p className="panel bad" role="alert">{t('offline.problem', { message: `${state.problem.code}${state.problem.message ? `: ${state.problem.message}` : ''}` })}</p>}
      {over && (
        <section className="panel offline-over" aria-labelledby="offline-over-title">
          <h2 id="offline-over-title">{t('table.gameOver')}</h2>
          <p>{t('offline.finished', { names: winnersText(record, names, i18n.language), count: record.outcome?.winners.length ?? 1 })}</p>
          <div className="row">
            <button type="button" onClick={() => void again()}>{t('table.playAgain')}</button>
            <Link to={offlineReplayPath(record.id)} className="button-link secondary">{t('offline.replay')}</Link>
            <DownloadButton record={record} />
          </div>
          <p className="hint">{t('offline.verify')}</p>
        </section>
      )}
      {over && exported !== null && <Suspense fallback={null}><CoachPanel exported={exported} seat={HUMAN} /></Suspense>}
      {props === null
        ? state?.problem == null && <p role="status" className="muted" aria-busy="true">{t('offline.loading')}</p>
        : <div className="table-game offline-table" data-own-focus><Screen {...props} /></div>}
      {snapshot !== null && (
        <details className="panel fairness">
          <summary>{t('table.fairness')}</summary>
          <p className="mono small">{t('table.commitment', { hash: snapshot.commitment })}</p>
          <p className="small">{t('offline.fairness')}</p>
          {snapshot.seed !== null && <p className="mono small">{t('table.seed', { seed: snapshot.seed })}</p>}
          {over && <p className="small">{t('table.verify')} <DownloadButton record={record}>{t('table.download')}</DownloadButton></p>}
        </details>
      )}
    </div>
  );
}
