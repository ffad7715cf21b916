import { BOT_LEVELS, type BotLevel } from '@parlor/protocol';
import { GAMES, GAME_IDS, type GameId } from '@parlor/rules';
import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type InstallState, installOffer } from '../../offline/install.js';
import { type OfflineRecord, RANDOM_BYTES, newRecord } from '../../offline/record.js';
import { offlineGames } from '../../offline/storage.js';
import { useApp, useServices } from '../context.js';
import { Link } from '../learn/Link.js';
import { useTitle } from '../learn/useTitle.js';
import { OptionList } from '../lobby/OptionFields.js';
import { DEFAULT_OPTIONS, SEAT_RANGE, fitOptionsToSeats } from '../lobby/options.js';
import { DownloadButton, offlineGamePath, offlineReplayPath, seatNames, winnersText } from './common.js';
import './offline.css';

/** The name last used for an offline game, offered for the next one. */
const NAME_KEY = 'parlor.offline.name';

function rememberedName(): string | null {
  try { return localStorage.getItem(NAME_KEY); } catch { return null; }
}

type Kept = { readonly state: 'loading' } | { readonly state: 'ready'; readonly games: OfflineRecord[] } | { readonly state: 'unavailable' };

/**
 * `/offline`: games against bots that need no connection. After one visit the service worker
 * (vite.config.ts) serves the whole app, so this page opens with no network; a game is set up here
 * (game, seats, bots' level, the game's options), kept in IndexedDB (src/offline/storage.ts) and
 * played on `/offline/<id>` with the rules and the bots in a Web Worker. Below: the games kept in
 * this browser, to resume, replay, download (`npx parlor verify`) or delete.
 */
export function OfflinePage() {
  const { t } = useTranslation();
  useTitle(`${t('offline.title')} — ${t('app.name')}`);
  const [kept, setKept] = useState<Kept>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    offlineGames.list().then((games) => { if (live) setKept({ state: 'ready', games }); }, () => { if (live) setKept({ state: 'unavailable' }); });
    return () => { live = false; };
  }, [version]);

  return (
    <div className="offline-page">
      <nav className="learn-nav row"><Link to="/">← {t('table.back')}</Link></nav>
      <h1>{t('offline.title')}</h1>
      <p className="offline-lead">{t('offline.intro')}</p>
      <Install />
      {kept.state === 'unavailable'
        ? <p className="panel bad" role="alert">{t('offline.noStorage')}</p>
        : <NewGame />}
      <section className="panel offline-kept" aria-labelledby="offline-kept-title">
        <h2 id="offline-kept-title">{t('offline.kept')}</h2>
        {kept.state === 'loading' && <p role="status" className="muted">{t('offline.loading')}</p>}
        {kept.state === 'ready' && kept.games.length === 0 && <p className="muted">{t('offline.none')}</p>}
        {kept.state === 'ready' && kept.games.length > 0 && (
          <ul className="offline-games">
            {kept.games.map((g) => <KeptGame key={g.id} record={g} onDeleted={() => setVersion((v) => v + 1)} />)}
          </ul>
        )}
      </section>
    </div>
  );
}

const noOffer = (): InstallState => 'unavailable';
const never = () => () => undefined;

/**
 * Installing Parlor as an app: a button where the browser offers it (src/offline/install.ts), a
 * line saying so once installed, otherwise how to install from the browser's menu.
 */
function Install() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(installOffer?.subscribe ?? never, installOffer?.state ?? noOffer);
  if (state === 'installed') return <p className="hint" role="status">{t('offline.installed')}</p>;
  if (state === 'unavailable' || installOffer === null) return <p className="hint">{t('offline.install')}</p>;
  return (
    <p className="row offline-install">
      <button type="button" className="secondary" onClick={() => void installOffer?.install()}>{t('offline.installButton')}</button>
      <span className="hint">{t('offline.installWhy')}</span>
    </p>
  );
}

/** The form that starts a game: game, seats, the bots' level, the person's name and the game's options. */
function NewGame() {
  const { t } = useTranslation();
  const { navigate, client } = useServices();
  const player = useApp((s) => s.player);
  const [game, setGame] = useState<GameId>(GAME_IDS[0]!);
  const [min, max] = SEAT_RANGE[game];
  const [players, setPlayers] = useState(Math.min(Math.max(3, min), max));
  const [level, setLevel] = useState<BotLevel>('basic');
  const [name, setName] = useState(() => rememberedName() ?? player?.name ?? client.savedName);
  const [options, setOptions] = useState<Record<string, unknown>>(DEFAULT_OPTIONS[game]);
  const window_ = GAMES[game].responseWindow;
  const [windowSeconds, setWindowSeconds] = useState<number>(window_?.seconds.default ?? 8);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const pickGame = (g: GameId) => {
    setGame(g);
    const [lo, hi] = SEAT_RANGE[g];
    const n = Math.min(Math.max(players, lo), hi);
    setPlayers(n);
    setOptions(fitOptionsToSeats(g, DEFAULT_OPTIONS[g], n));
    setWindowSeconds(GAMES[g].responseWindow?.seconds.default ?? 8);
  };
  const pickPlayers = (n: number) => { setPlayers(n); setOptions((o) => fitOptionsToSeats(game, o, n)); };

  const start = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setProblem(null);
    const module = GAMES[game];
    const parsed = module.options.parse(options, players);
    if (!parsed.ok) { setProblem(parsed.error.message); return; }
    const shownName = name.trim() === '' ? t('offline.you') : name.trim().slice(0, 24);
    setBusy(true);
    try {
      if (name.trim() !== '') try { localStorage.setItem(NAME_KEY, shownName); } catch { /* private browsing: nothing remembered */ }
      const w = module.responseWindow;
      const seconds = w === null ? null : Math.min(w.seconds.max, Math.max(w.seconds.min, Math.round(windowSeconds)));
      const record = newRecord({ game, players, options: { ...(parsed.value as object) } as Record<string, unknown>, level, name: shownName, windowSeconds: seconds },
        crypto.getRandomValues(new Uint8Array(RANDOM_BYTES)), new Date());
      await offlineGames.put(record);
      navigate(offlineGamePath(record.id));
      window.scrollTo(0, 0);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <form className="panel offline-new" onSubmit={(e) => void start(e)} aria-labelledby="offline-new-title">
      <h2 id="offline-new-title">{t('offline.new')}</h2>
      <fieldset>
        <legend>{t('create.game')}</legend>
        {GAME_IDS.map((g) => (
          <label key={g} className="choice">
            <input type="radio" name="offline-game" value={g} checked={game === g} onChange={() => pickGame(g)} />
            {' '}{t(`games.${g}.name`)} <span className="muted small">({t(`games.${g}.players`)})</span>
          </label>
        ))}
      </fieldset>
      <div className="offline-fields">
        <div className="offline-field">
          <label htmlFor="offline-players">{t('offline.players')}</label>
          <select id="offline-players" value={players} onChange={(e) => pickPlayers(Number(e.target.value))}>
            {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </div>
        <div className="offline-field">
          <label htmlFor="offline-level">{t('offline.level')}</label>
          <select id="offline-level" value={level} onChange={(e) => setLevel(e.target.value as BotLevel)} aria-describedby="offline-level-help">
            {BOT_LEVELS.map((l) => <option key={l} value={l}>{t(`table.botLevel.${l}`)}</option>)}
          </select>
        </div>
        <div className="offline-field">
          <label htmlFor="offline-name">{t('offline.name')}</label>
          <input id="offline-name" type="text" value={name} maxLength={24} autoComplete="nickname" placeholder={t('offline.you')} onChange={(e) => setName(e.target.value)} />
        </div>
      </div>
      <p id="offline-level-help" className="hint">{t('offline.levelHelp')}</p>
      <details className="offline-options">
        <summary>{t('create.options')}</summary>
        <OptionList game={game} seats={players} options={options} onChange={setOptions} idPrefix="offline-opt-" />
        {window_ !== null && (
          <div className="option">
            <label>{t(`options.${game}.responseWindow.label`)}
              <input type="number" min={window_.seconds.min} max={window_.seconds.max} value={windowSeconds}
                onChange={(e) => setWindowSeconds(Number(e.target.value))} aria-describedby="offline-window-help" />
            </label>
            <p id="offline-window-help" className="hint">{t(`options.${game}.responseWindow.help`)}</p>
          </div>
        )}
      </details>
      {problem !== null && <p className="bad" role="alert">{t('offline.problem', { message: problem })}</p>}
      <div className="row">
        <button type="submit" disabled={busy}>{t('offline.start')}</button>
      </div>
    </form>
  );
}

/** One game kept in this browser: what it is, how it stands, and what can be done with it. */
function KeptGame({ record, onDeleted }: { record: OfflineRecord; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const names = seatNames(record, t);
  const title = t(`games.${record.game}.name`);
  const started = new Date(record.startedAt);
  const level = record.seats.find((s) => s.kind === 'bot')?.level ?? 'basic';
  const over = record.finishedAt !== null;
  const remove = async () => { await offlineGames.delete(record.id).catch(() => undefined); onDeleted(); };
  return (
    <li className="offline-game">
      <div className="offline-game-what">
        <strong>{title}</strong>{' '}
        <span className="muted small">
          {t('offline.against', { count: record.players - 1, level: t(`table.botLevel.${level}`) })}
          {' · '}<time dateTime={record.startedAt}>{started.toLocaleString(i18n.language)}</time>
        </span>
        <div className="small">
          {over
            ? t('offline.finished', { names: winnersText(record, names, i18n.language), count: record.outcome?.winners.length ?? 1 })
            : t('offline.inProgress', { count: record.actions.length })}
        </div>
      </div>
      <div className="row offline-game-actions">
        {over
          ? <Link to={offlineReplayPath(record.id)} className="button-link">{t('offline.replay')}<span className="visually-hidden"> — {title}, {started.toLocaleString(i18n.language)}</span></Link>
          : <Link to={offlineGamePath(record.id)} className="button-link">{t('offline.resume')}<span className="visually-hidden"> — {title}, {started.toLocaleString(i18n.language)}</span></Link>}
        {over && <DownloadButton record={record} />}
        {confirming ? (
          <>
            <button type="button" className="danger" onClick={() => void remove()}>{t('offline.deleteYes')}</button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>{t('offline.deleteNo')}</button>
          </>
        ) : <button type="button" className="secondary" onClick={() => setConfirming(true)}>{t('offline.delete')}</button>}
      </div>
    </li>
  );
}
