import type { TableSummary } from '@parlor/protocol';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RatedBadge } from '../account/RatedBadge.js';
import { useApp, useServices } from '../context.js';
import { HowToPlayLinks } from '../learn/HowToPlayLinks.js';
import { changedOptions, optionText } from './options.js';
import { LOBBY_MODES, type LobbyMode, lobbyWatch } from './lobby-filter.js';
import { formatDuration, turnPace } from '../table/durations.js';
import { usePlayState } from './play.js';
import { PlayPanel } from './PlayPanel.js';
import { LazyTableThumb } from './Pictures.js';
import { seatWords } from './seats.js';
import { reliabilityWords } from '../reputation/reputation-text.js';
import { YourTables } from './YourTables.js';
import { LobbyTournaments } from '../tournament/pages.js';

/**
 * The create form, a chunk of its own (with its option fields, the seat and pace choices and the
 * invitation of friends): the lobby shows it only once its button is pressed, so it stays off the
 * first load; the lobby asks for it once it has shown, so that the button opens it at once.
 */
const loadCreateTable = () => import('./CreateTable.js');
const CreateTable = lazy(() => loadCreateTable().then((m) => ({ default: m.CreateTable })));

/**
 * The lobby: what invites play (each game against bots, a quick join, who is online), "Your games"
 * (private tables too), then the live list of open and running tables, a page at a time (best first,
 * as the server sorts them: open tables with a free seat, then full ones, then games being played),
 * and the create form.
 */
export function Lobby() {
  const { t } = useTranslation();
  const { client, navigate, store } = useServices();
  const connection = useApp((s) => s.connection);
  const tables = useApp((s) => s.lobby);
  const page = useApp((s) => s.lobbyPage);
  const loadingMore = useApp((s) => s.lobbyAppend);
  const [creating, setCreating] = useState(false);
  // Which tables the server lists: all, real-time or turn-based ones.
  const [mode, setMode] = useState<LobbyMode>('all');
  const createButton = useRef<HTMLButtonElement>(null);
  // A quick join that found no seat watched a page of its own: `rewatch` brings the lobby's back.
  const { rewatch } = usePlayState();
  // The create form's chunk, fetched once the first screen is up (a failure is left to the click).
  useEffect(() => { void loadCreateTable().catch(() => undefined); }, []);
  useEffect(() => {
    if (connection !== 'open') return;
    void client.subscribe('lobby', lobbyWatch(mode));
    return () => { client.unsubscribe('lobby'); void client.request({ type: 'lobby.unwatch' }); };
  }, [client, connection, rewatch, mode]);
  const list = Object.values(tables).sort(lobbyOrder);
  const more = () => {
    if (page.next === null) return;
    store.expectMoreTables();
    // A further page: the server sends it, then the changes to its tables.
    void client.request(lobbyWatch(mode, page.next)).then((r) => { if (r.type !== 'lobby') store.cancelMoreTables(); });
  };
  return (
    <div className="lobby">
      <PlayPanel level={1} />
      <YourTables />
      {/* Running and upcoming tournaments (ui/tournament: a chunk with its words, after the first screen). */}
      <LobbyTournaments />
      <section className="panel" aria-labelledby="tables-title">
        <div className="row spread">
          <h2 id="tables-title">{t('lobby.title')}</h2>
          <button ref={createButton} type="button" onClick={() => setCreating((c) => !c)} aria-expanded={creating} aria-controls="create-table">
            {t('lobby.create')}
          </button>
        </div>
        {creating && <Suspense fallback={<div id="create-table" className="page-loading" aria-busy="true" />}><CreateTable onDone={(id) => {
          setCreating(false);
          // Cancelled: the keyboard goes back to the button that opened the form.
          if (id) navigate(`/t/${id}`);
          else createButton.current?.focus();
        }} /></Suspense>}
        <fieldset className="lobby-filter">
          <legend>{t('lobby.filter')}</legend>
          {LOBBY_MODES.map((m) => (
            <label key={m} className="choice">
              <input type="radio" name="lobby-mode" value={m} checked={mode === m} onChange={() => setMode(m)} /> {t(`lobby.mode.${m}`)}
            </label>
          ))}
        </fieldset>
        {list.length === 0 ? <p className="hint">{t(mode === 'all' ? 'lobby.empty' : 'lobby.emptyMode')}</p> : (
          <>
            <p className="hint" role="status">{t('lobby.shown', { count: page.total, shown: list.length })}</p>
            <ul className="table-list">
              {list.map((table) => <TableRow key={table.id} table={table} onOpen={() => navigate(`/t/${table.id}`)} />)}
            </ul>
            {page.next !== null && (
              <div className="row lobby-more">
                <button type="button" className="secondary" disabled={loadingMore} onClick={more}>{t('lobby.more')}</button>
              </div>
            )}
          </>
        )}
      </section>
      {/* How to play each game, and its guided first game (ui/learn). */}
      <HowToPlayLinks />
    </div>
  );
}

/** The server's order: open tables with a free seat, then full open ones, then running games; newest first within each. */
function lobbyOrder(a: TableSummary, b: TableSummary): number {
  const rank = (t: TableSummary) => (t.status === 'running' ? 2 : t.seats.some((s) => s.kind === 'empty') ? 0 : 1);
  return rank(a) - rank(b) || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);
}

function TableRow({ table, onOpen }: { table: TableSummary; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const taken = table.seats.filter((s) => s.kind !== 'empty').length;
  const pace = turnPace(table);
  // Only what differs from the defaults (no move timer, the game's own options), in the player's language.
  const facts = [
    ...changedOptions(table.game, table.options).map(([f, v]) => optionText(table.game, f, v, t)),
    ...(pace === null && table.moveTimer > 0 ? [t('lobby.timer.on', { seconds: table.moveTimer })] : []),
    ...(table.spectators > 0 ? [t('lobby.spectators', { count: table.spectators })] : []),
    ...(table.minReliability === undefined ? [] : [t('reputation.minimum', { percent: table.minReliability })]),
  ];
  // A player's reliability in brief after their name ("Bob, 96% finished").
  const seatText = (s: TableSummary['seats'][number]) => {
    const r = s.kind === 'player' ? reliabilityWords(s.reliability, t) : null;
    return r === null ? seatWords(s, t) : `${seatWords(s, t)} (${r})`;
  };
  return (
    <li className="table-row">
      <div className="table-row-main">
        <LazyTableThumb seats={table.seats} />
        <div>
          <strong>{t(`games.${table.game}.name`)}</strong>{table.rated && <> <RatedBadge /></>}
          <span className="muted"> · {t('lobby.seats', { taken, total: table.seats.length })} · {t(`lobby.status.${table.status}`)}</span>
          {/* A turn-based table says so, with its pace, on its first line: what a player picks a table by. */}
          {pace !== null && <div className="small turn-pace">{t('turn.pace', { pace: formatDuration(pace.moveSeconds, i18n.language) })}</div>}
          {/* Who sits where, in words (the picture beside it shows the same). */}
          <ul className="table-seat-list muted small" aria-label={t('lobby.seatList')}>
            {table.seats.map((s) => <li key={s.seat} className={`is-${s.kind}`}>{seatText(s)}</li>)}
          </ul>
          {facts.length > 0 && <div className="muted small">{facts.join(' · ')}</div>}
        </div>
      </div>
      <button type="button" onClick={onOpen}>{table.status === 'open' && taken < table.seats.length ? t('lobby.join') : t('lobby.watch')}</button>
    </li>
  );
}
