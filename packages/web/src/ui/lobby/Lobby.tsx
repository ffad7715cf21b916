import type { TableSummary } from '@parlor/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RatedBadge } from '../account/RatedBadge.js';
import { useApp, useServices } from '../context.js';
import { CreateTable } from './CreateTable.js';
import { OPTION_FIELDS } from './options.js';

/**
 * The live list of open and running tables, a page at a time (best first, as the server sorts them:
 * open tables with a free seat, then full ones, then games being played), and the create form.
 */
export function Lobby() {
  const { t } = useTranslation();
  const { client, navigate, store } = useServices();
  const connection = useApp((s) => s.connection);
  const tables = useApp((s) => s.lobby);
  const page = useApp((s) => s.lobbyPage);
  const loadingMore = useApp((s) => s.lobbyAppend);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    if (connection !== 'open') return;
    void client.subscribe('lobby', { type: 'lobby.watch' });
    return () => { client.unsubscribe('lobby'); void client.request({ type: 'lobby.unwatch' }); };
  }, [client, connection]);
  const list = Object.values(tables).sort(lobbyOrder);
  const more = () => {
    if (page.next === null) return;
    store.expectMoreTables();
    // A further page: the server sends it, then the changes to its tables.
    void client.request({ type: 'lobby.watch', cursor: page.next }).then((r) => { if (r.type !== 'lobby') store.cancelMoreTables(); });
  };
  return (
    <div className="lobby">
      <section className="panel" aria-labelledby="tables-title">
        <div className="row spread">
          <h1 id="tables-title">{t('lobby.title')}</h1>
          <button type="button" onClick={() => setCreating((c) => !c)} aria-expanded={creating}>{t('lobby.create')}</button>
        </div>
        {creating && <CreateTable onDone={(id) => { setCreating(false); if (id) navigate(`/t/${id}`); }} />}
        {list.length === 0 ? <p className="hint">{t('lobby.empty')}</p> : (
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
    </div>
  );
}

/** The server's order: open tables with a free seat, then full open ones, then running games; newest first within each. */
function lobbyOrder(a: TableSummary, b: TableSummary): number {
  const rank = (t: TableSummary) => (t.status === 'running' ? 2 : t.seats.some((s) => s.kind === 'empty') ? 0 : 1);
  return rank(a) - rank(b) || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);
}

function TableRow({ table, onOpen }: { table: TableSummary; onOpen: () => void }) {
  const { t } = useTranslation();
  const taken = table.seats.filter((s) => s.kind !== 'empty').length;
  const fields = OPTION_FIELDS[table.game] ?? [];
  const valueText = (k: string, v: unknown) => (fields.some((f) => f.key === k && f.kind === 'choice' && f.seats === true) && typeof v === 'number'
    ? t('table.seat', { n: v + 1 })
    : t(`options.${table.game}.${k}.values.${String(v)}`, { defaultValue: String(v) }));
  const options = Object.entries(table.options).filter(([, v]) => v !== false && v !== 'off')
    .map(([k, v]) => (v === true ? t(`options.${table.game}.${k}.label`) : `${t(`options.${table.game}.${k}.label`)}: ${valueText(k, v)}`));
  return (
    <li className="table-row">
      <div>
        <strong>{t(`games.${table.game}.name`)}</strong>{table.rated && <> <RatedBadge /></>}
        <span className="muted"> · {t('lobby.seats', { taken, total: table.seats.length })} · {t(`lobby.status.${table.status}`)}</span>
        <div className="muted small">
          {table.seats.map((s) => (s.kind === 'player' ? s.player.name : s.kind === 'bot' ? t(`table.botLevel.${s.level}`) : '—')).join(', ')}
        </div>
        <div className="muted small">
          {options.join(' · ')}{options.length > 0 ? ' · ' : ''}
          {table.moveTimer > 0 ? t('lobby.timer.on', { seconds: table.moveTimer }) : t('lobby.timer.off')}
          {table.spectators > 0 ? ` · ${t('lobby.spectators', { count: table.spectators })}` : ''}
        </div>
      </div>
      <button type="button" onClick={onOpen}>{table.status === 'open' && taken < table.seats.length ? t('lobby.join') : t('lobby.watch')}</button>
    </li>
  );
}
